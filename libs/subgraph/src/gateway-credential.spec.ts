import express from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  clientAddressOf,
  gatewayHeaders,
  isGatewaySecret,
  requireGatewayCredential,
} from './gateway-credential';

const SECRET = 'a-gateway-secret-of-sufficient-length';

describe('gateway credential', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.get('/health/live', (_req, res) => res.send('ok'));
    app.use(requireGatewayCredential(SECRET));
    app.post('/webhooks/payments', (_req, res) => res.send('signed elsewhere'));
    app.get('/whoami', (req, res) => res.json({ address: clientAddressOf(req) }));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('refuses every request without the secret, loopback callers included', async () => {
    const anonymous = await fetch(`${base}/whoami`);
    expect(anonymous.status).toBe(403);
    expect((await anonymous.json()).errors[0].extensions.code).toBe('FORBIDDEN');
    const wrong = await fetch(`${base}/whoami`, { headers: gatewayHeaders('nope') });
    expect(wrong.status).toBe(403);
  });

  it('leaves health probes and signed webhooks open', async () => {
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    expect((await fetch(`${base}/webhooks/payments`, { method: 'POST' })).status).toBe(200);
  });

  it("believes the gateway's client address, and nobody's X-Forwarded-For", async () => {
    const viaGateway = await fetch(`${base}/whoami`, {
      headers: { ...gatewayHeaders(SECRET, '198.51.100.4'), 'x-forwarded-for': '10.0.0.1' },
    });
    expect(await viaGateway.json()).toEqual({ address: '198.51.100.4' });
    const junk = await fetch(`${base}/whoami`, {
      headers: gatewayHeaders(SECRET, 'not-an-address'),
    });
    expect(await junk.json()).toEqual({ address: '127.0.0.1' });
  });

  it('compares secrets of any length safely', () => {
    expect(isGatewaySecret(SECRET, SECRET)).toBe(true);
    expect(isGatewaySecret(`${SECRET}x`, SECRET)).toBe(false);
    expect(isGatewaySecret(undefined, SECRET)).toBe(false);
    expect(isGatewaySecret([SECRET, SECRET], SECRET)).toBe(false);
    expect(isGatewaySecret('', '')).toBe(false);
  });
});
