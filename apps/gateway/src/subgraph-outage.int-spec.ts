import { composeServices } from '@apollo/composition';
import { ApolloServer } from '@apollo/server';
import { buildSubgraphSchema, printSubgraphSchema } from '@apollo/subgraph';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { parse } from 'graphql';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, Messages } from '@jibs/domain';
import { createLogger } from '@jibs/observability';
import { loadGatewayConfig } from './gateway.config';
import { createGatewayServer, type RunningGateway } from './gateway-server';

jest.setTimeout(30_000);

const LINK = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])`;
const IDENTITY_SDL = `${LINK}
  type User @key(fields: "id") { id: ID! email: String! }
  type Query { me: User }`;
const CASES_SDL = `${LINK}
  type User @key(fields: "id") { id: ID! reportCount: Int }
  type Query { openReports: Int }`;

/** A stand-in subgraph on a fixed port, so it can be stopped and started again there. */
async function startSubgraph(
  typeDefs: string,
  resolvers: Record<string, Record<string, () => unknown>>,
  port = 0,
): Promise<{ port: number; server: Server; stop(): Promise<void> }> {
  const schema = buildSubgraphSchema({ typeDefs: parse(typeDefs), resolvers: resolvers as never });
  const apollo = new ApolloServer({ schema, logger: createLogger('stub', 'silent') });
  await apollo.start();
  const app = express();
  app.use('/graphql', express.json(), expressMiddleware(apollo));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    server,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await apollo.stop();
    },
  };
}

const startIdentity = (port?: number) =>
  startSubgraph(
    IDENTITY_SDL,
    { Query: { me: () => ({ id: 'user-1', email: 'member@example.com' }) } },
    port,
  );
const startCases = (port?: number) =>
  startSubgraph(
    CASES_SDL,
    {
      Query: { openReports: () => 3 },
      User: { reportCount: () => 2 },
    },
    port,
  );

describe('one subgraph stopped under traffic', () => {
  const work = mkdtempSync(join(tmpdir(), 'gateway-outage-'));
  let identity: Awaited<ReturnType<typeof startIdentity>>;
  let cases: Awaited<ReturnType<typeof startCases>>;
  let gateway: RunningGateway;

  beforeAll(async () => {
    identity = await startIdentity();
    cases = await startCases();
    const url = (port: number) => `http://127.0.0.1:${port}/graphql`;
    const composed = composeServices(
      [
        { name: 'identity', url: url(identity.port), typeDefs: IDENTITY_SDL },
        { name: 'cases', url: url(cases.port), typeDefs: CASES_SDL },
      ].map(({ name, url: at, typeDefs }) => ({
        name,
        url: at,
        typeDefs: parse(printSubgraphSchema(buildSubgraphSchema(parse(typeDefs)))),
      })),
    );
    if (composed.errors) throw new Error(composed.errors.map((e) => e.message).join('\n'));
    writeFileSync(join(work, 'supergraph.graphql'), composed.supergraphSdl);
    gateway = await createGatewayServer(
      loadGatewayConfig({
        NODE_ENV: 'test',
        PORT: '0',
        LOG_LEVEL: 'silent',
        SUPERGRAPH_PATH: join(work, 'supergraph.graphql'),
        IDENTITY_URL: url(identity.port),
        CASES_URL: url(cases.port),
        NOTIFICATIONS_WS_URL: 'ws://127.0.0.1:1/graphql',
        JWKS_URL: 'http://127.0.0.1:1/.well-known/jwks.json',
        GATEWAY_SECRET: 'gateway-secret-for-tests-'.padEnd(48, '0'),
      }),
      { logger: createLogger('gateway-test', 'silent') },
    );
  });

  afterAll(async () => {
    await gateway?.stop();
    await identity?.stop();
    await cases?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const query = async (text: string) => {
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: text }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const readiness = async () => (await fetch(`${gateway.url}/health/ready`)).status;

  /** Queries through the gateway, back to back, until stopped: what each kind answered. */
  function traffic() {
    const seen = { me: [] as unknown[], mixed: [] as unknown[], ready: [] as number[] };
    let running = true;
    const loop = (async () => {
      while (running) {
        const [me, mixed, ready] = await Promise.all([
          query('{ me { id email } }'),
          query('{ me { id } openReports }'),
          readiness(),
        ]);
        seen.me.push(me.body);
        seen.mixed.push(mixed.body);
        seen.ready.push(ready);
      }
    })();
    return {
      seen,
      stop: async () => {
        running = false;
        await loop;
      },
    };
  }

  async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('serves what does not need it, stays ready, answers its fields SERVICE_UNAVAILABLE, and recovers', async () => {
    const load = traffic();
    await until(async () => load.seen.mixed.length >= 3, 'traffic before the outage');
    const before = load.seen.mixed.length;
    expect(load.seen.mixed[0]).toEqual({ data: { me: { id: 'user-1' }, openReports: 3 } });

    await cases.stop();
    await until(async () => load.seen.mixed.length >= before + 5, 'traffic during the outage');
    const during = (await query('{ me { id } openReports }')).body;
    const reference = (await query('{ me { id reportCount } }')).body;
    const own = (await query('{ me { id email } }')).body;
    const portOfCases = cases.port;
    cases = await startCases(portOfCases);
    await until(
      async () => (await query('{ openReports }')).body['data'] !== null,
      'cases to answer again',
    );
    const after = (await query('{ me { id reportCount } openReports }')).body;
    await load.stop();

    // The field of the stopped subgraph: the clients' own code, never INTERNAL_SERVER_ERROR, while
    // the other fields of the same query resolve.
    const unavailable = [
      { message: Messages.serviceUnavailable, extensions: { code: ErrorCode.ServiceUnavailable } },
    ];
    expect(during).toEqual({
      data: { me: { id: 'user-1' }, openReports: null },
      errors: unavailable,
    });
    // A field cases adds to identity's User (an entity reference) is unavailable the same way.
    expect(reference).toEqual({
      data: { me: { id: 'user-1', reportCount: null } },
      errors: unavailable,
    });
    expect(own).toEqual({ data: { me: { id: 'user-1', email: 'member@example.com' } } });
    // Every query not needing cases answered in full, before, during and after the outage.
    expect(load.seen.me.length).toBeGreaterThan(before + 5);
    for (const answer of load.seen.me) {
      expect(answer).toEqual({ data: { me: { id: 'user-1', email: 'member@example.com' } } });
    }
    for (const answer of load.seen.mixed) {
      const errors = (answer as { errors?: { extensions?: { code?: string } }[] }).errors ?? [];
      for (const error of errors) expect(error.extensions?.code).toBe(ErrorCode.ServiceUnavailable);
    }
    // The gateway never left the load balancer.
    expect(new Set(load.seen.ready)).toEqual(new Set([200]));
    // After the restart, the same subgraph's fields and references answer again.
    expect(after).toEqual({ data: { me: { id: 'user-1', reportCount: 2 }, openReports: 3 } });
  });
});
