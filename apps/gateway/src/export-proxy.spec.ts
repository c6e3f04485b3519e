import express from 'express';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@jibs/observability';
import { exportProxy } from './export-proxy';

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

describe('export proxy', () => {
  const SECRET = 'gateway-secret-'.padEnd(40, 'x');
  const seen: { service: string; url: string; headers: IncomingHttpHeaders }[] = [];
  const upstreams: Server[] = [];
  let front: Server;
  let frontUrl: string;
  let closedEarly = 0;

  async function upstream(service: string): Promise<{ name: string; url: string }> {
    const server = createServer((req, res) => {
      seen.push({ service, url: req.url!, headers: req.headers });
      res.setHeader('content-type', 'text/csv; charset=utf-8');
      res.setHeader('content-disposition', 'attachment; filename="x.csv"');
      res.setHeader('set-cookie', 'leak=1');
      if (req.url!.includes('endless')) {
        // Streams until the reader goes away.
        const timer = setInterval(() => res.write('row\r\n'), 5);
        res.on('close', () => {
          clearInterval(timer);
          closedEarly += 1;
        });
        return;
      }
      res.end(`from ${service}\r\n`);
    });
    upstreams.push(server);
    return { name: service, url: `${await listen(server)}/graphql` };
  }

  beforeAll(async () => {
    const subgraphs = await Promise.all(
      ['identity', 'cases', 'documents', 'billing', 'notifications'].map(upstream),
    );
    const app = express();
    app.use(
      exportProxy({
        subgraphs,
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
    await Promise.all(
      [front, ...upstreams].map((server) => new Promise((resolve) => server.close(resolve))),
    );
  });

  it.each([
    ['profiles', 'identity'],
    ['death_reports', 'cases'],
    ['documents', 'documents'],
    ['payments', 'billing'],
    ['notifications', 'notifications'],
  ])('sends %s to %s with the token, its credential and the query', async (table, service) => {
    seen.length = 0;
    const res = await fetch(`${frontUrl}/api/export/admin/${table}?format=csv&metadata=true`, {
      headers: {
        authorization: 'Bearer abc.def.ghi',
        'x-jibs-gateway-secret': 'forged',
        cookie: 'refresh=secret',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`from ${service}\r\n`);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="x.csv"');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.service).toBe(service);
    expect(seen[0]!.url).toBe(`/export/admin/${table}?format=csv&metadata=true`);
    expect(seen[0]!.headers['authorization']).toBe('Bearer abc.def.ghi');
    expect(seen[0]!.headers['x-jibs-gateway-secret']).toBe(SECRET);
    expect(seen[0]!.headers['x-jibs-client-ip']).toBe('198.51.100.4');
    expect(seen[0]!.headers['cookie']).toBeUndefined();
  });

  it('answers NOT_FOUND for a table nobody owns, and leaves other paths alone', async () => {
    seen.length = 0;
    for (const table of ['accounts', '__proto__', 'payments/../accounts', 'constructor']) {
      const res = await fetch(`${frontUrl}/api/export/admin/${table}`);
      expect(res.status).toBe(404);
      expect((await res.json()).errors[0].extensions.code).toBe('NOT_FOUND');
    }
    expect(seen).toHaveLength(0);
    expect(await (await fetch(`${frontUrl}/api/other`)).text()).toBe('gateway');
    const posted = await fetch(`${frontUrl}/api/export/admin/payments`, { method: 'POST' });
    expect(posted.status).toBe(405);
  });

  it('closes the upstream request when the reader goes away', async () => {
    const controller = new AbortController();
    const res = await fetch(`${frontUrl}/api/export/admin/payments?endless=1`, {
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    const deadline = Date.now() + 5000;
    while (closedEarly === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(closedEarly).toBe(1);
  });
});
