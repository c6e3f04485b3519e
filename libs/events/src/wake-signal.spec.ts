import { delay, settlesWithin } from './bounded-wait';
import { WakeSignal } from './wake-signal';

describe('WakeSignal', () => {
  it('wakes a waiting loop', async () => {
    const signal = new WakeSignal();
    const started = Date.now();
    const waiting = signal.wait(10_000);
    signal.notify();
    await waiting;
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('remembers a notification that came while the loop was busy', async () => {
    const signal = new WakeSignal();
    signal.notify();
    const started = Date.now();
    await signal.wait(10_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('forgets notifications on reset and times out', async () => {
    const signal = new WakeSignal();
    signal.notify();
    signal.reset();
    const started = Date.now();
    await signal.wait(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});

describe('bounded waits', () => {
  it('ends a delay early on abort', async () => {
    const abort = new AbortController();
    const started = Date.now();
    const waiting = delay(10_000, abort.signal);
    abort.abort();
    await waiting;
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('tells whether a promise settled in time', async () => {
    await expect(settlesWithin(Promise.resolve(), 50)).resolves.toBe(true);
    await expect(settlesWithin(Promise.reject(new Error('x')), 50)).resolves.toBe(true);
    await expect(settlesWithin(new Promise(() => undefined), 20)).resolves.toBe(false);
  });
});
