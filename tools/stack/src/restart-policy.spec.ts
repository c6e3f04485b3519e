import { restartDelayMs, Supervisor, type Supervised } from './restart-policy';

describe('restartDelayMs', () => {
  it('doubles from 1 s and stays at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20, 1000].map(restartDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000,
    ]);
  });
});

/** A process stand-in: `die()` ends the current run; `failNext` makes restarts throw. */
function aProcess(name = 'cases') {
  let end: (how: string) => void = () => undefined;
  let run = new Promise<string>((resolve) => (end = resolve));
  const state = { restarts: 0, failNext: 0 };
  const target: Supervised = {
    name,
    exited: () => run,
    restart: async () => {
      if (state.failNext > 0) {
        state.failNext--;
        throw new Error(`${name} exited before it was ready`);
      }
      state.restarts++;
      run = new Promise<string>((resolve) => (end = resolve));
    },
  };
  return { target, state, die: (how = 'SIGKILL') => end(how) };
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

describe('Supervisor', () => {
  const lines: string[] = [];
  const delays: number[] = [];
  const supervisor = () =>
    new Supervisor({
      say: (line) => lines.push(line),
      delayMs: (attempt) => {
        delays.push(restartDelayMs(attempt));
        return attempt;
      },
      stableMs: 60_000,
    });

  beforeEach(() => {
    lines.length = 0;
    delays.length = 0;
  });

  it('brings a process back after it dies, saying so', async () => {
    const cases = aProcess();
    const watching = supervisor();
    watching.watch(cases.target);
    cases.die('SIGKILL');
    await until(() => lines.includes('cases is back'));
    expect(cases.state.restarts).toBe(1);
    expect(lines).toEqual([
      'cases stopped unexpectedly (SIGKILL); restarting it in 0 s (attempt 1)',
      'cases is back',
    ]);
    await watching.stop();
  });

  it('backs off 1 s, 2 s, 4 s while restarts fail, then comes back', async () => {
    const postgres = aProcess('postgres');
    postgres.state.failNext = 3;
    const watching = supervisor();
    watching.watch(postgres.target);
    postgres.die('code 1');
    await until(() => lines.includes('postgres is back'));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(lines[1]).toBe(
      'postgres did not come back (postgres exited before it was ready); restarting it in 0 s (attempt 2)',
    );
    expect(postgres.state.restarts).toBe(1);
    await watching.stop();
  });

  it('restarts nothing once stopped (a clean shutdown)', async () => {
    const cases = aProcess();
    const watching = supervisor();
    watching.watch(cases.target);
    await watching.stop();
    cases.die('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cases.state.restarts).toBe(0);
    expect(lines).toEqual([]);
  });

  it('abandons a pending restart when stopped during the backoff', async () => {
    const cases = aProcess();
    const watching = new Supervisor({ say: (line) => lines.push(line), delayMs: () => 60_000 });
    watching.watch(cases.target);
    cases.die();
    await until(() => lines.length === 1);
    await watching.stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cases.state.restarts).toBe(0);
  });
});
