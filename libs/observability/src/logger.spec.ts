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

  it("writes no password, token, code, email or phone, nor a database error's parameters", async () => {
    const { logger, lines } = capture();
    const secrets = [
      'hunter2-secret',
      'tok-abc-123',
      '428913',
      'amina@example.org',
      '+13135550199',
    ];
    logger.info(
      {
        password: secrets[0],
        input: { newPassword: secrets[0], token: secrets[1], code: secrets[2] },
        email: secrets[3],
        member: { email: secrets[3], phone: secrets[4] },
        req: { headers: { authorization: `Bearer ${secrets[1]}`, cookie: `s=${secrets[1]}` } },
        userId: 'u-1',
      },
      'signed up',
    );
    const failure = Object.assign(new Error('duplicate key'), {
      query: 'INSERT INTO accounts (email) VALUES ($1)',
      parameters: [secrets[3], secrets[0]],
      driverError: { detail: `Key (email)=(${secrets[3]}) already exists.` },
    });
    logger.error({ err: failure }, 'sign-up failed');
    await new Promise((resolve) => setImmediate(resolve));
    const written = JSON.stringify(lines);
    for (const secret of secrets) expect(written).not.toContain(secret);
    expect(lines[0]).toMatchObject({ userId: 'u-1', email: '[redacted]', msg: 'signed up' });
    expect(lines[1]).toMatchObject({ err: { message: 'duplicate key' }, msg: 'sign-up failed' });
  });
});
