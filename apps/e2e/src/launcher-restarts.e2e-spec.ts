import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { processAlive } from '@jibs/database';
import { freeStackPorts, stackPortVariables } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { START_SIGN_UP } from './support/sign-up';

const ROOT = resolve(__dirname, '../../..');
const LAUNCHER_ENTRY = 'dist/server/tools/stack/src/main.js';

/** The process whose command runs `entry` and whose parent launcher is `launcherPid`. */
function childPid(entry: string, launcherPid: number): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (!cmdline.includes(entry)) continue;
      const environ = readFileSync(`/proc/${name}/environ`, 'utf8').split('\0');
      if (environ.includes(`JIBS_PARENT_PID=${launcherPid}`)) return Number(name);
    } catch {
      // gone, or not ours
    }
  }
  return undefined;
}

/** The launcher (`node …/main.js`) serving `dataDir`, under npm. */
function launcherPid(dataDir: string): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // node …/main.js itself, not a shell whose command line names it.
      const [, script] = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (!script?.endsWith(LAUNCHER_ENTRY)) continue;
      const environ = readFileSync(`/proc/${name}/environ`, 'utf8').split('\0');
      if (environ.includes(`JIBS_DATA_DIR=${dataDir}`)) return Number(name);
    } catch {
      // gone, or not ours
    }
  }
  return undefined;
}

/**
 * `npm start` on the built dist/ (its build step finds nothing stale), as a member of a small
 * community runs it on one machine: Postgres and a service are killed outright (kill -9), and
 * the launcher brings both back; stopping npm stops everything.
 */
describe('npm start brings back what dies', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'jibs-launcher-'));
  /** npm, running `npm start`. */
  let npm: ChildProcess;
  /** The launcher npm started (`exec node …/main.js`). */
  let launcher = 0;
  let output = '';
  let gatewayUrl = '';

  beforeAll(async () => {
    const ports = await freeStackPorts();
    const variables = stackPortVariables();
    const env: NodeJS.ProcessEnv = { ...process.env, JIBS_DATA_DIR: dataDir };
    for (const [key, variable] of Object.entries(variables))
      env[variable] = String(ports[key as keyof typeof ports]);
    delete env['LOG_LEVEL'];
    delete env['JIBS_VERBOSE'];
    gatewayUrl = `http://localhost:${ports.gatewayPort}`;
    // The npm that runs this test (npm test), else the one on the PATH.
    const npmCli = process.env['npm_execpath'];
    npm = npmCli
      ? spawn(process.execPath, [npmCli, 'start'], { cwd: ROOT, env, stdio: 'pipe' })
      : spawn('npm', ['start'], { cwd: ROOT, env, stdio: 'pipe' });
    npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await eventually(async () => output.includes('JIBS is ready'), {
      timeoutMs: 110_000,
      intervalMs: 200,
      message: 'the launcher to say it is ready',
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n${output.slice(-3000)}`);
    });
    launcher = launcherPid(dataDir) ?? 0;
  }, 120_000);

  afterAll(async () => {
    if (npm && npm.exitCode === null && npm.signalCode === null) {
      const exited = new Promise((done) => npm.once('exit', done));
      npm.kill('SIGINT');
      await exited;
    }
    if (launcher && processAlive(launcher)) process.kill(launcher, 'SIGINT');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints a short summary, not the services' boot noise (that needs --verbose)", () => {
    expect(output).toContain('JIBS is ready in');
    expect(output).toContain('`npm start -- --verbose` (or JIBS_VERBOSE=1) shows every line');
    // Each service logs "<name> listening on …" at info when it boots.
    expect(output).not.toMatch(/listening on http/);
  });

  const signUp = () =>
    new GraphQLClient(`${gatewayUrl}/graphql`).request<{ startSignUp: { signUpToken: string } }>(
      START_SIGN_UP,
      { input: aSignUp() },
    );

  it('Postgres and identity killed with -9 both come back within 60 s, and the gateway answers again', async () => {
    const before = await signUp();
    expect(before.data?.startSignUp.signUpToken).toEqual(expect.any(String));

    const postgresPid = Number(
      readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const identityPid = childPid('dist/server/apps/identity/src/main.js', launcher);
    expect(identityPid).toEqual(expect.any(Number));
    const killedAt = Date.now();
    process.kill(postgresPid, 'SIGKILL');
    process.kill(identityPid!, 'SIGKILL');

    await eventually(
      async () =>
        output.includes('[launcher]') &&
        /postgres is back/.test(output) &&
        /identity is back/.test(output),
      { timeoutMs: 60_000, intervalMs: 200, message: 'postgres and identity to come back' },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${output.slice(-4000)}`);
    });
    // A sign-up writes to identity's database: both are serving again.
    const after = await eventually(
      async () => {
        const answer = await signUp();
        return answer.data?.startSignUp.signUpToken ? answer : undefined;
      },
      { timeoutMs: Math.max(1_000, 60_000 - (Date.now() - killedAt)), intervalMs: 250 },
    );
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect(after.errors).toBeUndefined();

    // The launcher said what happened, in its own output.
    expect(output).toMatch(
      /\[launcher\]\s+postgres stopped unexpectedly \(SIGKILL\); restarting it in 1 s/,
    );
    expect(output).toMatch(
      /\[launcher\]\s+identity stopped unexpectedly \(SIGKILL\); restarting it in 1 s/,
    );
    expect(childPid('dist/server/apps/identity/src/main.js', launcher)).not.toBe(identityPid);
  }, 120_000);

  it('stopping npm start (SIGTERM, as kill or a service manager sends) stops everything in order, restarts nothing and leaves nothing running', async () => {
    expect(launcher).toBeGreaterThan(0);
    const identityPid = childPid('dist/server/apps/identity/src/main.js', launcher);
    expect(identityPid).toEqual(expect.any(Number));
    const postgresPid = Number(
      readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const mark = output.length;
    const exited = new Promise<number | null>((done) => npm.once('exit', done));
    npm.kill('SIGTERM');
    await exited;
    // npm is gone only once the launcher is: no stack left behind it.
    expect(processAlive(launcher)).toBe(false);
    expect(processAlive(identityPid!)).toBe(false);
    expect(processAlive(postgresPid)).toBe(false);
    const tail = output.slice(mark);
    expect(tail).toContain('Stopped. Nothing is left running.');
    expect(tail).not.toMatch(/stopped unexpectedly|restarting it/);
  }, 60_000);
});
