import { Writable } from 'node:stream';
import { createLogger } from './logger';
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
  return { logger: createLogger('svc', 'info', sink), lines };
}

describe('createLogger', () => {
  it("logs a fetch timeout's DOMException by its name, message and stack, not its legacy constants", async () => {
    const { logger, lines } = capture();
    logger.warn({ err: new DOMException('The operation timed out', 'TimeoutError') }, 'slow');
    await new Promise((resolve) => setImmediate(resolve));
    const err = lines[0]!.err as Record<string, unknown>;
    expect(err).toMatchObject({ message: 'The operation timed out', name: 'TimeoutError' });
    expect(Object.keys(err).filter((key) => key.endsWith('_ERR'))).toEqual([]);
  });

  it("puts the current request's id on every line, or each id of a batch of several", async () => {
    const { logger, lines } = capture();
    runWithRequestContext({ requestId: 'req-one-00001' }, () => logger.info('one'));
    runWithRequestContext({ requestIds: ['req-a-000001', 'req-b-000002'] }, () =>
      logger.info('batch'),
    );
    logger.info('no request');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map(({ msg, requestId, requestIds }) => ({ msg, requestId, requestIds }))).toEqual(
      [
        { msg: 'one', requestId: 'req-one-00001', requestIds: undefined },
        { msg: 'batch', requestId: undefined, requestIds: ['req-a-000001', 'req-b-000002'] },
        { msg: 'no request', requestId: undefined, requestIds: undefined },
      ],
    );
  });
});
