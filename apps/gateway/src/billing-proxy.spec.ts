import express from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@jibs/observability';
import { billingHttpUrl, billingProxy, NOTIFICATIONS_HTTP_PATHS } from './billing-proxy';

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

describe('billing proxy', () => {
  const seen: {
    url: string;
    body: Buffer;
    signature?: string;
    secret?: string;
    client?: string;
  }[] = [];
  const SECRET = 'gateway-secret-'.padEnd(40, 'x');
  let upstream: Server;
  let front: Server;
  let frontUrl: string;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({
          url: req.url!,
          body: Buffer.concat(chunks),
          signature: req.headers['stripe-signature'] as string | undefined,
          secret: req.headers['x-jibs-gateway-secret'] as string | undefined,
          client: req.headers['x-jibs-client-ip'] as string | undefined,
        });
        if (req.url?.startsWith('/webhooks/slow')) return; // never answers
        res.setHeader('content-security-policy', "default-src 'none'");
        res.setHeader('content-type', 'text/html');
        res.end('<p>sandbox</p>');
      });
    });
    const target = await listen(upstream);
    const app = express();
    app.use(
      billingProxy({
        target,
        logger: createLogger('test', 'silent'),
        gatewaySecret: SECRET,
        clientAddress: () => '198.51.100.4',
        timeoutMs: 300,
      }),
    );
    app.use(express.json());
    app.use((_req, res) => res.status(404).send('gateway'));
    front = createServer(app);
    frontUrl = await listen(front);
  });

  afterAll(async () => {
    await new Promise((resolve) => front?.close(resolve));
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('passes webhooks through byte for byte with the Stripe-Signature header', async () => {
    const body = '{"id":"evt_1",  "type":"invoice.paid"}';
    const res = await fetch(`${frontUrl}/webhooks/payments?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      body,
    });
    expect(res.status).toBe(200);
    const last = seen.at(-1)!;
    expect(last.url).toBe('/webhooks/payments?x=1');
    expect(last.body.toString()).toBe(body);
    expect(last.signature).toBe('t=1,v1=abc');
  });

  it('replaces any credential or client address the caller sent with its own', async () => {
    await fetch(`${frontUrl}/sandbox/checkout/cs_2`, {
      headers: { 'x-jibs-gateway-secret': 'forged', 'x-jibs-client-ip': '10.9.9.9' },
    });
    const last = seen.at(-1)!;
    expect(last.secret).toBe(SECRET);
    expect(last.client).toBe('198.51.100.4');
  });

  it("serves the sandbox page with billing's own CSP, and leaves other paths alone", async () => {
    const page = await fetch(`${frontUrl}/sandbox/checkout/cs_1`);
    expect(page.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(await page.text()).toBe('<p>sandbox</p>');
    const other = await fetch(`${frontUrl}/sandboxes`);
    expect(await other.text()).toBe('gateway');
  });

  it('keeps bytes that are not UTF-8, and a chunked body, unchanged', async () => {
    const body = Buffer.from([0xff, 0xfe, 0x00, 0x0d, 0x0a, 0xc3, 0x28, 0x80, 0x7b]);
    const res = await fetch(`${frontUrl}/webhooks/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([body]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(seen.at(-1)!.body.equals(body)).toBe(true);
  });

  it('answers 504 when billing is silent and 502 when it cannot be reached', async () => {
    const slow = await fetch(`${frontUrl}/webhooks/slow`, { method: 'POST', body: '{}' });
    expect(slow.status).toBe(504);
    expect(await slow.text()).toBe('Bad gateway');

    const closed = createServer();
    const target = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const app = express();
    app.use(
      billingProxy({
        target,
        logger: createLogger('test', 'silent'),
        gatewaySecret: SECRET,
        clientAddress: () => '198.51.100.4',
      }),
    );
    const down = createServer(app);
    const downUrl = await listen(down);
    try {
      const refused = await fetch(`${downUrl}/webhooks/payments`, { method: 'POST', body: '{}' });
      expect(refused.status).toBe(502);
      expect(await refused.text()).toBe('Bad gateway');
    } finally {
      await new Promise((resolve) => down.close(resolve));
    }
  });

  it("derives billing's HTTP origin from BILLING_URL", () => {
    expect(
      billingHttpUrl(undefined, [{ name: 'billing', url: 'http://127.0.0.1:4003/graphql' }]),
    ).toBe('http://127.0.0.1:4003');
    expect(billingHttpUrl('http://billing:4000', [])).toBe('http://billing:4000');
    expect(billingHttpUrl(undefined, [])).toBeUndefined();
  });
});

describe('notifications proxy (the same pass-through for /unsubscribe)', () => {
  const SECRET = 'gateway-secret-'.padEnd(40, 'x');
  const seen: { method: string; url: string; body: string; secret?: string }[] = [];
  let upstream: Server;
  let front: Server;
  let frontUrl: string;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({
          method: req.method!,
          url: req.url!,
          body,
          secret: req.headers['x-jibs-gateway-secret'] as string | undefined,
        });
        res.setHeader('content-type', 'text/html');
        res.end('<p>unsubscribed</p>');
      });
    });
    const app = express();
    app.use(
      billingProxy({
        target: await listen(upstream),
        paths: NOTIFICATIONS_HTTP_PATHS,
        service: 'notifications',
        logger: createLogger('test', 'silent'),
        gatewaySecret: SECRET,
        clientAddress: () => '198.51.100.4',
      }),
    );
    app.use((_req, res) => res.status(404).send('gateway'));
    front = createServer(app);
    frontUrl = await listen(front);
  });

  afterAll(async () => {
    await new Promise((resolve) => front?.close(resolve));
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it("forwards a mail client's one-click POST and the GET with the gateway's secret", async () => {
    const post = await fetch(`${frontUrl}/unsubscribe?token=abc`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    expect(await post.text()).toBe('<p>unsubscribed</p>');
    expect((await fetch(`${frontUrl}/unsubscribe?token=abc`)).status).toBe(200);
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/unsubscribe?token=abc',
        body: 'List-Unsubscribe=One-Click',
        secret: SECRET,
      },
      { method: 'GET', url: '/unsubscribe?token=abc', body: '', secret: SECRET },
    ]);
  });

  it("leaves billing's routes and the rest to the gateway", async () => {
    const before = seen.length;
    expect((await fetch(`${frontUrl}/webhooks/payments`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${frontUrl}/profile`)).status).toBe(404);
    expect(seen).toHaveLength(before);
  });

  it("finds notifications' origin from its GraphQL URL", () => {
    expect(
      billingHttpUrl(
        undefined,
        [{ name: 'notifications', url: 'http://10.0.0.5:4002/graphql' }],
        'notifications',
      ),
    ).toBe('http://10.0.0.5:4002');
  });
});
