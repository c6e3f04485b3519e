// The admin's diagnostics against stub services on real sockets: a ready one, a stopped one
// (connection refused), one that never answers, and one that runs its own checks.
import { composeServices } from '@apollo/composition';
import express from 'express';
import { parse } from 'graphql';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthUser, TokenVerifier } from '@jibs/auth';
import { Role } from '@jibs/domain';
import { createLogger } from '@jibs/observability';
import { GATEWAY_SECRET_HEADER } from '@jibs/subgraph';
import { diagnosticsRouter, DIAGNOSTICS_PATH } from './diagnostics-route';

jest.setTimeout(20_000);

const SECRET = 's'.repeat(32);
const SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])
  type Query { hello: String @shareable }
`;

const users: Record<string, AuthUser> = {
  admin: { id: 'a', role: Role.ADMIN, email: 'admin@example.org' },
  member: { id: 'm', role: Role.MEMBER, email: 'member@example.org' },
};
const verifyToken: TokenVerifier = async (token) => {
  const user = users[token];
  if (!user) throw new Error('bad token');
  return user;
};

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('admin diagnostics', () => {
  const servers: Server[] = [];
  let gateway: string;
  let sdl = SDL;
  const storage = { status: 'passed', reason: undefined as string | undefined };

  beforeAll(async () => {
    const ready = express();
    ready.get('/health/ready', (_req, res) => {
      res.json({ status: 'ok', checks: { database: 'ok', broker: 'ok' } });
    });
    ready.post('/graphql', express.json(), (req, res) => {
      if (req.headers[GATEWAY_SECRET_HEADER] !== SECRET) {
        res.status(401).end();
        return;
      }
      res.json({ data: { _service: { sdl } } });
    });
    ready.get('/diagnostics/:name', (req, res) => {
      if (req.headers[GATEWAY_SECRET_HEADER] !== SECRET) {
        res.status(401).end();
        return;
      }
      if (req.params.name === 'storage') res.json({ ...storage, durationMs: 3 });
      else res.json({ status: 'passed', durationMs: 1 });
    });
    const readyServer = createServer(ready);
    servers.push(readyServer);
    const readyUrl = await listen(readyServer);

    const broken = express();
    broken.get('/health/ready', (_req, res) => {
      res.status(503).json({ status: 'unavailable', checks: { database: 'down', broker: 'ok' } });
    });
    const brokenServer = createServer(broken);
    servers.push(brokenServer);
    const brokenUrl = await listen(brokenServer);

    // Accepts the connection and never answers.
    const hung = createServer(() => undefined);
    servers.push(hung);
    const hungUrl = await listen(hung);

    const stopped = createServer();
    const stoppedUrl = await listen(stopped);
    await new Promise<void>((resolve) => stopped.close(() => resolve()));

    const composed = composeServices(
      ['identity', 'documents'].map((name) => ({
        name,
        url: `http://${name}:4000/graphql`,
        typeDefs: parse(SDL),
      })),
    );
    const app = express();
    app.use(
      DIAGNOSTICS_PATH,
      diagnosticsRouter({
        verifyToken,
        logger: createLogger('gateway', 'silent'),
        context: {
          gatewaySecret: SECRET,
          supergraphSdl: composed.supergraphSdl!,
          subgraphs: [
            { name: 'identity', url: `${readyUrl}/graphql` },
            { name: 'documents', url: `${readyUrl}/graphql` },
          ],
        },
      }),
    );
    // The same router, over a stack with a stopped, a hung and a broken service.
    app.use(
      '/broken',
      diagnosticsRouter({
        verifyToken,
        logger: createLogger('gateway', 'silent'),
        context: {
          gatewaySecret: SECRET,
          supergraphSdl: composed.supergraphSdl!,
          subgraphs: [
            { name: 'identity', url: `${readyUrl}/graphql` },
            { name: 'notifications', url: `${stoppedUrl}/graphql` },
            { name: 'billing', url: `${hungUrl}/graphql` },
            { name: 'cases', url: `${brokenUrl}/graphql` },
          ],
        },
      }),
    );
    const gatewayServer = createServer(app);
    servers.push(gatewayServer);
    gateway = await listen(gatewayServer);
  });

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  const run = async (id: string, token = 'admin', base = DIAGNOSTICS_PATH) => {
    const response = await fetch(`${gateway}${base}/${id}`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.status, body: await response.json() };
  };

  it('lists and runs tests for admins only', async () => {
    const list = await fetch(`${gateway}${DIAGNOSTICS_PATH}`, {
      headers: { authorization: 'Bearer admin' },
    });
    expect(list.status).toBe(200);
    const { tests } = await list.json();
    expect(tests.map((test: { id: string }) => test.id)).toEqual([
      'service-identity',
      'service-notifications',
      'service-billing',
      'service-cases',
      'service-documents',
      'service-memorials',
      'databases',
      'events',
      'storage',
      'mail',
      'payments',
      'schema',
    ]);
    expect(await run('service-identity', '')).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    expect(await run('service-identity', 'forged')).toMatchObject({ status: 401 });
    expect(await run('service-identity', 'member')).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect(await run('nothing-like-it')).toMatchObject({ status: 404 });
  });

  it('passes the checks of a healthy stack', async () => {
    for (const id of ['service-identity', 'databases', 'events', 'storage', 'schema']) {
      expect(await run(id)).toEqual({
        status: 200,
        body: { id, status: 'passed', durationMs: expect.any(Number) },
      });
    }
  });

  it("reports a service's own failed check with its reason", async () => {
    storage.status = 'failed';
    storage.reason = 'The specified bucket does not exist';
    try {
      expect((await run('storage')).body).toMatchObject({
        status: 'failed',
        reason: 'documents: The specified bucket does not exist',
      });
    } finally {
      storage.status = 'passed';
      storage.reason = undefined;
    }
  });

  it('fails a stopped service at once, a hung one within seconds, a broken one with what is down', async () => {
    const started = Date.now();
    expect((await run('service-notifications', 'admin', '/broken')).body).toMatchObject({
      status: 'failed',
      reason: 'notifications is not running (connection refused)',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await run('service-billing', 'admin', '/broken')).body).toMatchObject({
      status: 'failed',
      reason: 'billing did not answer within 6 s',
    });
    expect((await run('service-cases', 'admin', '/broken')).body).toMatchObject({
      status: 'failed',
      reason: 'cases is not ready: database down',
    });
    expect((await run('mail', 'admin', '/broken')).body).toMatchObject({
      status: 'failed',
      reason: 'notifications is not running (connection refused)',
    });
    const databases = (await run('databases', 'admin', '/broken')).body;
    expect(databases.status).toBe('failed');
    expect(databases.reason).toContain('cases: database down');
    expect(databases.reason).toContain('notifications is not running');
  });

  it('fails the schema check when a service runs another schema than the committed one', async () => {
    sdl = `${SDL}\n type Extra @shareable { id: ID }\n extend type Query { extra: Extra @shareable }`;
    try {
      expect((await run('schema')).body).toMatchObject({
        status: 'failed',
        reason: expect.stringContaining('a service runs a schema other than the committed one'),
      });
    } finally {
      sdl = SDL;
    }
  });
});
