import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { createLogger } from './logger';
import { logProcessAsJson } from './process-logging';
import { runWithRequestContext } from './request-context';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('svc', 'debug', sink), lines };
}

/** A console and a process of its own: the test runner's stay untouched. */
function aProcess() {
  const exits: number[] = [];
  const emitter = new EventEmitter() as EventEmitter & { exit(code: number): void };
  emitter.exit = (code: number) => void exits.push(code);
  const fakeConsole = {
    log: () => undefined,
    info: () => undefined,
    debug: () => undefined,
    trace: () => undefined,
    warn: () => undefined,
    error: () => undefined,
  } as unknown as Console;
  return {
    exits,
    target: { console: fakeConsole, process: emitter as unknown as NodeJS.Process },
    emitter,
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('logProcessAsJson', () => {
  it("prints a library's console.error and console.warn as JSON lines, with the request id", async () => {
    const { logger, lines } = capture();
    const { target } = aProcess();
    logProcessAsJson(logger, target);
    runWithRequestContext({ requestId: 'req-console-0001' }, () => {
      target.console.error(
        'Internal error occurred during message handling.',
        new Error('socket closed'),
      );
    });
    target.console.warn('deprecated %s', 'subprotocol');
    await flush();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'error',
        service: 'svc',
        source: 'console',
        requestId: 'req-console-0001',
        msg: 'Internal error occurred during message handling.',
        err: expect.objectContaining({ message: 'socket closed' }),
      }),
      expect.objectContaining({ level: 'warn', msg: 'deprecated subprotocol' }),
    ]);
  });

  it('logs an uncaught exception as one fatal line and exits with 1', async () => {
    const { logger, lines } = capture();
    const { target, emitter, exits } = aProcess();
    const restore = logProcessAsJson(logger, target);
    emitter.emit('uncaughtException', new Error('boom'));
    emitter.emit('unhandledRejection', new Error('rejected'));
    await flush();
    expect(lines.map((line) => [line['level'], line['msg']])).toEqual([
      ['fatal', 'uncaught exception'],
      ['fatal', 'unhandled promise rejection'],
    ]);
    expect(exits).toEqual([1, 1]);
    restore();
    expect(emitter.listenerCount('uncaughtException')).toBe(0);
  });
});
