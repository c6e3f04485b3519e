// The HTTP SMS adapter against a stand-in provider on a real socket.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSmsSender, HttpSmsSender, SmsDeliveryError } from './sms';

interface Received {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

describe('HttpSmsSender against a stand-in provider', () => {
  let server: Server;
  let baseUrl: string;
  const received: Received[] = [];
  /** How the stand-in answers the next requests (then 202). */
  let script: ((res: ServerResponse) => void)[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          body: JSON.parse(raw || 'null'),
        });
        const next = script.shift();
        if (next) return next(res);
        res.writeHead(202, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: `msg_${received.length}` }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(() => {
    received.length = 0;
    script = [];
  });

  const sender = (options: Partial<ConstructorParameters<typeof HttpSmsSender>[0]> = {}) =>
    new HttpSmsSender({ baseUrl, apiKey: 'sk_test_123', backoffMs: 1, from: 'JIBS', ...options });
  const answer =
    (status: number, body: object = {}) =>
    (res: ServerResponse) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };

  it('POSTs the text as JSON with the API key, once', async () => {
    await sender().send({ to: '+13135550199', text: 'Janazah at 1:30 PM' });
    expect(received).toEqual([
      {
        path: '/v1/messages',
        authorization: 'Bearer sk_test_123',
        contentType: 'application/json',
        body: { to: '+13135550199', text: 'Janazah at 1:30 PM', from: 'JIBS' },
      },
    ]);
  });

  it('is what createSmsSender builds for SMS_TRANSPORT=http', async () => {
    const sms = createSmsSender({
      SMS_TRANSPORT: 'http',
      SMS_HTTP_URL: baseUrl,
      SMS_HTTP_API_KEY: 'sk_env',
    });
    await sms.send({ to: '+13135550100', text: 'hello' });
    expect(received[0]!.authorization).toBe('Bearer sk_env');
  });

  it('retries a 5xx and succeeds when the provider recovers', async () => {
    script = [answer(503), answer(500)];
    await sender({ retries: 2 }).send({ to: '+13135550199', text: 'x' });
    expect(received).toHaveLength(3);
  });

  it('gives up after the retries with the provider status in the error', async () => {
    script = [answer(502), answer(502), answer(502)];
    const error = await sender({ retries: 2 })
      .send({ to: '+13135550199', text: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({ permanent: false, status: 502 });
    expect((error as Error).message).toBe('SMS provider failed (502)');
    expect(received).toHaveLength(3);
  });

  it('does not retry a rejected number, and says why', async () => {
    script = [answer(422, { error: 'invalid destination number' })];
    const error = await sender()
      .send({ to: '+1', text: 'x' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      permanent: true,
      status: 422,
      message: 'SMS provider rejected the text (422): invalid destination number',
    });
    expect(received).toHaveLength(1);
  });

  it('maps a refused key to a permanent error without retrying', async () => {
    script = [answer(401, { error: 'bad key' })];
    const error = await sender()
      .send({ to: '+13135550199', text: 'x' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      permanent: true,
      status: 401,
      message: 'SMS provider refused the API key',
    });
    expect(received).toHaveLength(1);
  });

  it('times out a provider that does not answer, and retries it', async () => {
    script = [() => undefined, () => undefined];
    const error = await sender({ timeoutMs: 150, retries: 1 })
      .send({ to: '+13135550199', text: 'x' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      permanent: false,
      message: 'SMS provider unreachable: timed out',
    });
    expect(received).toHaveLength(2);
  });
});
