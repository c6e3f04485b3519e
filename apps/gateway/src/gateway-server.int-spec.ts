// The gateway's own integration test: real HTTP and WebSocket servers on random ports, with two
// stub subgraphs (@apollo/subgraph) composed into a supergraph here. The stubs are test doubles
// for this test only; end-to-end tests through the real services live elsewhere.
import { composeServices } from '@apollo/composition';
import { ApolloServer } from '@apollo/server';
import { buildSubgraphSchema, printSubgraphSchema } from '@apollo/subgraph';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Request, type Response } from 'express';
import { GraphQLError, parse } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import { createTokenVerifier, RevocationList, type TokenVerifier } from '@jibs/auth';
import { freeLocalPort } from '@jibs/config';
import {
  ErrorCode,
  MAX_GRAPHQL_REQUEST_BYTES,
  Messages,
  RequestMessages,
  Role,
} from '@jibs/domain';
import { createLogger } from '@jibs/observability';
import { loadGatewayConfig } from './gateway.config';
import { createGatewayServer, type RunningGateway } from './gateway-server';
import { WEB_NOT_BUILT_MESSAGE } from './static-web';

jest.setTimeout(20_000);

const GATEWAY_SECRET = 'gateway-secret-for-tests-'.padEnd(48, '0');

const SEEN_HEADERS = `
  type SeenHeaders @shareable {
    authorization: String
    requestId: String
    cookie: String
    gatewaySecret: String
    clientIp: String
  }
`;
const LINK = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])`;
const REFRESH_COOKIES = [
  'jibs_refresh=r1; Path=/; HttpOnly; SameSite=Strict',
  'jibs_hint=1; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT',
];

interface StubContext {
  req: Request;
  res: Response;
}

type Resolver = (root: unknown, args: Record<string, unknown>, context: StubContext) => unknown;
type Resolvers = Record<string, Record<string, Resolver | { subscribe: Resolver }>>;

function seenHeaders({ req }: StubContext) {
  return {
    authorization: req.headers.authorization ?? null,
    requestId: req.headers['x-request-id'] ?? null,
    cookie: req.headers.cookie ?? null,
    gatewaySecret: req.headers['x-jibs-gateway-secret'] ?? null,
    clientIp: req.headers['x-jibs-client-ip'] ?? null,
  };
}

/**
 * A feed the test pushes notifications into; records when its subscriber goes away. Not an
 * async generator: a generator's return() would wait for the next notification.
 */
function aFeed() {
  const pending: unknown[] = [];
  let wake: (() => void) | undefined;
  const state = { subscribers: 0, closed: 0 };
  return {
    state,
    push(notification: unknown) {
      pending.push(notification);
      wake?.();
    },
    subscribe(): AsyncIterableIterator<unknown> {
      state.subscribers++;
      let done = false;
      return {
        async next() {
          while (!pending.length && !done) await new Promise<void>((resolve) => (wake = resolve));
          if (done) return { value: undefined, done: true };
          return { value: { notificationAdded: pending.shift() }, done: false };
        },
        async return() {
          done = true;
          state.closed++;
          wake?.();
          return { value: undefined, done: true };
        },
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    },
  };
}

interface StubSubgraph {
  name: string;
  url: string;
  typeDefs: string;
  server: Server;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function startSubgraph(
  name: string,
  typeDefs: string,
  resolvers: Resolvers,
  subscriptions?: {
    onConnect: (
      params: Record<string, unknown> | undefined,
      headers: Record<string, unknown>,
    ) => void;
  },
): Promise<StubSubgraph> {
  // The stub's resolvers know their context type; buildSubgraphSchema's map says `unknown`.
  const schema = buildSubgraphSchema({
    typeDefs: parse(typeDefs),
    resolvers: resolvers as never,
  });
  const apollo = new ApolloServer<StubContext>({ schema, logger: createLogger(name, 'silent') });
  await apollo.start();
  const app = express();
  app.get('/health/ready', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(
    '/graphql',
    express.json(),
    expressMiddleware(apollo, { context: async ({ req, res }) => ({ req, res }) }),
  );
  const server = createServer(app);
  const wss = subscriptions ? new WebSocketServer({ server, path: '/graphql' }) : undefined;
  const ws = wss
    ? useServer(
        {
          schema,
          onConnect: (ctx) => {
            subscriptions?.onConnect(ctx.connectionParams, ctx.extra.request.headers);
          },
        },
        wss,
      )
    : undefined;
  const address = await listen(server);
  return {
    name,
    typeDefs,
    server,
    url: `http://${address}/graphql`,
    async close() {
      await ws?.dispose();
      await apollo.stop();
      await closeServer(server);
    },
  };
}

function composeSupergraph(subgraphs: StubSubgraph[]): string {
  const result = composeServices(
    subgraphs.map(({ name, url, typeDefs }) => ({
      name,
      url,
      typeDefs: parse(printSubgraphSchema(buildSubgraphSchema(parse(typeDefs)))),
    })),
  );
  if (result.errors) throw new Error(result.errors.map((error) => error.message).join('\n'));
  return result.supergraphSdl;
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Opens a raw graphql-transport-ws socket, sends connection_init, resolves on close. */
function socketCloseOf(
  url: string,
  init?: Record<string, unknown>,
): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'connection_init', payload: init })),
    );
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    socket.on('error', reject);
  });
}

/** The HTTP status a WebSocket handshake is refused with. */
function refusedUpgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'graphql-transport-ws', { headers });
    socket.on('unexpected-response', (request, response) => {
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    socket.on('open', () => {
      socket.close();
      reject(new Error('the handshake was accepted'));
    });
    socket.on('error', () => undefined);
  });
}

describe('gateway server', () => {
  const logger = createLogger('gateway-test', 'silent');
  const feed = aFeed();
  const upstreamConnections: Array<Record<string, unknown> | undefined> = [];
  const upstreamHandshakes: Array<Record<string, unknown>> = [];
  const work = mkdtempSync(join(tmpdir(), 'gateway-int-'));
  const webDir = join(work, 'web');
  let identity: StubSubgraph;
  let notifications: StubSubgraph;
  let gateway: RunningGateway;
  let production: RunningGateway;
  let limited: RunningGateway;
  let verifyToken: TokenVerifier;
  /** Identity's revocations as the gateway sees them; the tests apply snapshots by hand. */
  const revocations = new RevocationList(undefined);
  let signToken: (claims?: { expiresIn?: string; subject?: string }) => Promise<string>;
  let token: string;
  const clients: Client[] = [];
  /** What billing's HTTP stand-in received: the webhook proxy must pass it byte for byte. */
  const billingSeen: { url: string; body: Buffer; signature?: string; secret?: string }[] = [];
  const billing = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      billingSeen.push({
        url: req.url ?? '',
        body: Buffer.concat(chunks),
        signature: req.headers['stripe-signature'] as string | undefined,
        secret: req.headers['x-jibs-gateway-secret'] as string | undefined,
      });
      res.setHeader('content-type', 'application/json');
      res.end('{"received":true}');
    });
  });

  const env = (overrides: Record<string, string>): NodeJS.ProcessEnv => ({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    SUPERGRAPH_PATH: join(work, 'supergraph.graphql'),
    IDENTITY_URL: identity.url,
    NOTIFICATIONS_URL: notifications.url,
    NOTIFICATIONS_WS_URL: notifications.url.replace('http:', 'ws:'),
    JWKS_URL: 'http://127.0.0.1:1/.well-known/jwks.json',
    GATEWAY_SECRET,
    ...overrides,
  });

  const post = (body: unknown, headers: Record<string, string> = {}, base = gateway.url) =>
    fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  const wsUrl = (base: string) => `${base.replace('http:', 'ws:')}/graphql`;

  const subscriber = (authorization?: string) => {
    const client = createClient({
      url: wsUrl(gateway.url),
      webSocketImpl: WebSocket,
      connectionParams: authorization ? { authorization } : undefined,
      retryAttempts: 0,
    });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256' };
    verifyToken = createTokenVerifier(
      { jwksUrl: 'http://unused', issuer: 'jibs-identity', audience: 'jibs' },
      createLocalJWKSet({ keys: [jwk] }),
    );
    signToken = ({ expiresIn = '5m', subject = 'user-1' } = {}) =>
      new SignJWT({ role: Role.MEMBER, email: 'member@example.com' })
        .setProtectedHeader({ alg: 'ES256', kid: 'test' })
        .setIssuer('jibs-identity')
        .setAudience('jibs')
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(privateKey);
    token = await signToken();

    identity = await startSubgraph(
      'identity',
      `${LINK}
       ${SEEN_HEADERS}
       type User @key(fields: "id") { id: ID! email: String! }
       type Query {
         identityHeaders: SeenHeaders!
         me: User
         failInternally: Boolean
         rejectInput: Boolean
       }
       type Mutation { signIn: Boolean! }`,
      {
        Query: {
          identityHeaders: (_root, _args, context) => seenHeaders(context),
          me: () => ({ id: 'user-1', email: 'member@example.com' }),
          failInternally: () => {
            throw new Error('password authentication failed for user "identity"');
          },
          rejectInput: () => {
            throw new GraphQLError('Passwords do not match', {
              extensions: {
                code: 'BAD_USER_INPUT',
                fieldErrors: { confirmPassword: 'Passwords do not match' },
              },
            });
          },
        },
        Mutation: {
          signIn: (_root, _args, { res }) => {
            res.append('set-cookie', REFRESH_COOKIES);
            return true;
          },
        },
      },
    );
    notifications = await startSubgraph(
      'notifications',
      `${LINK}
       ${SEEN_HEADERS}
       type Node { id: ID! child: Node children(first: Int): [Node!]! }
       type Notification { id: ID! title: String! node: Node }
       type Query { notificationHeaders: SeenHeaders! tree: Node }
       type Subscription { notificationAdded: Notification! }`,
      {
        Query: {
          notificationHeaders: (_root, _args, context) => {
            // A cookie reaching this subgraph would be a leak; set one to prove it is dropped.
            context.res.append('set-cookie', 'leak=1; Path=/');
            return seenHeaders(context);
          },
          tree: () => ({ id: 'root' }),
        },
        Subscription: { notificationAdded: { subscribe: () => feed.subscribe() } },
      },
      {
        onConnect: (params, headers) => {
          upstreamConnections.push(params);
          upstreamHandshakes.push(headers);
        },
      },
    );
    writeFileSync(join(work, 'supergraph.graphql'), composeSupergraph([identity, notifications]));
    mkdirSync(join(webDir, 'assets'), { recursive: true });
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>JIBS</title>');
    writeFileSync(join(webDir, 'assets', 'index-3f2a9c.js'), 'console.info("app")');

    const billingUrl = `http://${await listen(billing)}`;
    gateway = await createGatewayServer(
      loadGatewayConfig(
        env({
          WEB_DIST_DIR: webDir,
          CORS_ORIGINS: 'https://admin.jibs.example',
          BILLING_HTTP_URL: billingUrl,
        }),
      ),
      { logger, verifyToken, revocations },
    );
    production = await createGatewayServer(
      loadGatewayConfig(
        env({
          NODE_ENV: 'production',
          IDENTITY_URL: `http://127.0.0.1:${await freeLocalPort()}/graphql`,
          WEB_DIST_DIR: join(work, 'not-built'),
          PUBLIC_ORIGIN: 'https://jibs.example',
        }),
      ),
      { logger, verifyToken },
    );
    limited = await createGatewayServer(
      loadGatewayConfig(
        env({
          WS_MAX_CONNECTIONS_PER_USER: '2',
          WS_MAX_CONNECTIONS_PER_ADDRESS: '3',
          WS_MAX_MESSAGES_PER_MINUTE: '5',
        }),
      ),
      { logger, verifyToken },
    );
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await gateway?.stop();
    await production?.stop();
    await limited?.stop();
    await identity?.close();
    await notifications?.close();
    await closeServer(billing);
    rmSync(work, { recursive: true, force: true });
  });

  describe('operations', () => {
    it('answers liveness, and readiness from its own state only', async () => {
      expect((await fetch(`${gateway.url}/health/live`)).status).toBe(200);
      const ready = await fetch(`${gateway.url}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', checks: { schema: 'ok' } });
    });

    it("stays ready while a subgraph is down, answering that subgraph's fields SERVICE_UNAVAILABLE", async () => {
      const ready = await fetch(`${production.url}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', checks: { schema: 'ok' } });
      const res = await post({ query: '{ me { id } tree { id } }' }, {}, production.url);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        data: { me: null, tree: { id: 'root' } },
        errors: [
          {
            message: Messages.serviceUnavailable,
            extensions: { code: ErrorCode.ServiceUnavailable },
          },
        ],
      });
    });

    it('records operation latency by name', async () => {
      await post({ query: 'query TreeForMetrics { tree { id } }' });
      const body = await (await fetch(`${gateway.metricsUrl}/metrics`)).text();
      expect(body).toMatch(
        /graphql_operation_duration_seconds_count\{[^}]*operation="TreeForMetrics"[^}]*type="query"[^}]*outcome="ok"/,
      );
    });
  });

  describe('metrics', () => {
    const routeLabels = async () =>
      new Set(
        [
          ...(await (await fetch(`${gateway.metricsUrl}/metrics`)).text()).matchAll(
            /route="([^"]*)"/g,
          ),
        ].map((match) => match[1]),
      );

    it('are not served on the public port', async () => {
      expect((await fetch(`${gateway.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${gateway.metricsUrl}/metrics`)).status).toBe(200);
    });

    it('label routes by template: 100 unknown paths add no label values', async () => {
      await fetch(`${gateway.url}/no-such-page-0`);
      const before = await routeLabels();
      for (let i = 0; i < 100; i++) {
        await fetch(`${gateway.url}/x-${Math.random().toString(36).slice(2)}/${i}`);
      }
      expect([...(await routeLabels())].filter((label) => !before.has(label))).toEqual([]);
    });
  });

  describe('GraphQL over HTTP', () => {
    it('routes to each subgraph with the bearer token and request id, cookies to identity only', async () => {
      const response = await post(
        {
          query: `{
            identityHeaders { authorization requestId cookie gatewaySecret clientIp }
            notificationHeaders { authorization requestId cookie gatewaySecret clientIp }
          }`,
        },
        {
          authorization: `Bearer ${token}`,
          'x-request-id': 'test-request-0001',
          cookie: 'jibs_refresh=r0',
          // Forgeries: the gateway computes the client address and holds the secret itself.
          'x-forwarded-for': '10.6.6.6',
          'x-jibs-client-ip': '10.6.6.7',
          'x-jibs-gateway-secret': 'forged',
        },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toBe('test-request-0001');
      expect(await response.json()).toEqual({
        data: {
          identityHeaders: {
            authorization: `Bearer ${token}`,
            requestId: 'test-request-0001',
            cookie: 'jibs_refresh=r0',
            gatewaySecret: GATEWAY_SECRET,
            clientIp: '127.0.0.1',
          },
          notificationHeaders: {
            authorization: `Bearer ${token}`,
            requestId: 'test-request-0001',
            cookie: null,
            gatewaySecret: GATEWAY_SECRET,
            clientIp: '127.0.0.1',
          },
        },
      });
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    it("passes identity's Set-Cookie headers to the browser, each one whole", async () => {
      const response = await post({ query: 'mutation { signIn }' });
      expect(await response.json()).toEqual({ data: { signIn: true } });
      expect(response.headers.getSetCookie()).toEqual(REFRESH_COOKIES);
    });

    it('rejects a query deeper than the limit before any subgraph is asked', async () => {
      let selection = 'id';
      for (let level = 0; level < 10; level++) selection = `child { ${selection} }`;
      const response = await post({ query: `{ tree { ${selection} } }` });
      expect(response.status).toBe(400);
      const { errors } = await response.json();
      expect(errors).toEqual([
        expect.objectContaining({
          message: 'Query is too deep (max 10)',
          extensions: { code: 'BAD_USER_INPUT' },
        }),
      ]);
    });

    it('rejects a query costlier than the limit', async () => {
      const response = await post({
        query: '{ tree { children { children { children { id } } } } }',
      });
      expect(response.status).toBe(400);
      const { errors } = await response.json();
      expect(errors[0].message).toBe('Query is too complex (cost 1112, max 1000)');
      expect(errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT' });
    });

    it('refuses a simple (CSRF-able) request without a preflight header', async () => {
      const response = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ query: 'mutation { signIn }' }),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('Cross-Site Request Forgery');
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    it('keeps the code, message and field errors of a subgraph error', async () => {
      const { errors } = await (await post({ query: '{ rejectInput }' })).json();
      expect(errors).toEqual([
        {
          message: 'Passwords do not match',
          path: ['rejectInput'],
          extensions: {
            code: 'BAD_USER_INPUT',
            fieldErrors: { confirmPassword: 'Passwords do not match' },
          },
        },
      ]);
    });

    it('hides the message and stack of an internal error', async () => {
      const response = await post({ query: '{ failInternally }' });
      const text = await response.text();
      expect(text).not.toContain('password authentication');
      expect(text).not.toContain('stacktrace');
      expect(JSON.parse(text).errors).toEqual([
        {
          message: 'An unexpected error occurred. Please try again.',
          path: ['failInternally'],
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        },
      ]);
    });

    it('points subscriptions sent over HTTP to the WebSocket', async () => {
      const response = await post({ query: 'subscription { notificationAdded { id } }' });
      const { errors } = await response.json();
      expect(response.status).toBe(400);
      expect(errors[0].extensions).toEqual({ code: 'BAD_REQUEST' });
      expect(errors[0].message).toContain('WebSocket');
    });

    it('allows introspection outside production', async () => {
      const { data } = await (await post({ query: '{ __schema { queryType { name } } }' })).json();
      expect(data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    });

    it('refuses 40 aliased copies of the schema by cost, where introspection is on', async () => {
      const copy = '__schema { types { name fields { name type { name } } } }';
      const one = await post({ query: `{ ${copy} }` });
      expect(one.status).toBe(200);
      const aliased = Array.from({ length: 40 }, (_, i) => `s${i}: ${copy}`).join(' ');
      const response = await post({ query: `{ ${aliased} }` });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body).toEqual({
        errors: [
          expect.objectContaining({
            message: 'Query is too complex (cost 12880, max 1000)',
            extensions: { code: 'BAD_USER_INPUT' },
          }),
        ],
      });
    });

    it('refuses introspection in production', async () => {
      const response = await post(
        { query: '{ __schema { queryType { name } } }' },
        {},
        production.url,
      );
      expect(response.status).toBe(400);
      const { errors } = await response.json();
      expect(errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(errors[0].message).toMatch(/introspection/i);
    });
  });

  describe('bad input', () => {
    const deep = `{ tree { ${'child { '.repeat(5000)}id${' }'.repeat(5000)} } }`;
    it.each([
      ['a NUL byte in a variable', { query: '{ tree { id } }', variables: { a: 'x\u0000' } }],
      ['a lone surrogate in a variable', { query: '{ tree { id } }', variables: { a: '\ud800' } }],
      ['a NUL byte in the query', { query: '{ tree { id } }\u0000' }],
      ['a 5,000-deep selection', { query: deep }],
      [
        'an operationName not in the document',
        { query: 'query A { tree { id } }', operationName: 'B' },
      ],
      [
        'an APQ hash that does not match the query',
        {
          query: '{ tree { id } }',
          extensions: { persistedQuery: { version: 1, sha256Hash: 'ab'.repeat(32) } },
        },
      ],
      ['junk extensions', { query: '{ tree { id } }', extensions: { persistedQuery: 'x' } }],
    ])('answers %s with a 400 and a client error, never an internal one', async (_label, body) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      const { errors } = (await response.json()) as { errors: { extensions: { code: string } }[] };
      expect(errors[0]?.extensions.code).not.toBe('INTERNAL_SERVER_ERROR');
      expect(errors[0]?.extensions.code).toEqual(expect.any(String));
    });

    it('answers a body over the limit with 413 and a GraphQL error a client shows', async () => {
      const big = {
        query: 'mutation($notes: String) { signIn }',
        variables: { notes: 'x'.repeat(MAX_GRAPHQL_REQUEST_BYTES) },
      };
      const expected = {
        errors: [{ message: RequestMessages.tooLarge, extensions: { code: 'BAD_USER_INPUT' } }],
      };
      // Apollo Client's Accept: the GraphQL media type, read whatever the status.
      const apollo = await post(big, {
        accept: 'application/graphql-response+json,application/json;q=0.9',
      });
      expect(apollo.status).toBe(413);
      expect(apollo.headers.get('content-type')).toBe(
        'application/graphql-response+json; charset=utf-8',
      );
      expect(await apollo.json()).toEqual(expected);
      const plain = await post(big);
      expect(plain.status).toBe(413);
      expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await plain.json()).toEqual(expected);
      // Just under the limit is read and answered as usual.
      const under = await post({
        query: '{ tree { id } }',
        variables: { notes: 'x'.repeat(MAX_GRAPHQL_REQUEST_BYTES - 100) },
      });
      expect(under.status).toBe(200);
    });

    it('answers a body that is not JSON with 400 and a GraphQL error', async () => {
      const response = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query": "{ tree { id } }"',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        errors: [{ message: RequestMessages.notJson, extensions: { code: 'BAD_USER_INPUT' } }],
      });
    });

    it('answers NUL and broken escapes in paths with 400', async () => {
      for (const path of ['/%00', '/graphql%00', '/assets/%00.js', '/%E0%A4%A', '/x/%ZZ']) {
        const response = await fetch(`${gateway.url}${path}`, { headers: { accept: 'text/html' } });
        expect({ path, status: response.status }).toEqual({ path, status: 400 });
      }
    });

    it('answers a malformed session cookie with 400 and a clear message', async () => {
      const response = await post(
        { query: '{ identityHeaders { cookie } }' },
        { cookie: 'other=%%%; jibs_refresh=%%%' },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        errors: [
          {
            message: 'A session cookie is malformed: sign in again.',
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ],
      });
      // Another site's cookie on the same host is not ours to judge.
      const foreign = await post({ query: '{ identityHeaders { cookie } }' }, { cookie: 'x=%%%' });
      expect(foreign.status).toBe(200);
    });
  });

  describe('billing webhooks', () => {
    it('reach billing byte for byte through the gateway, signature header kept', async () => {
      // Every byte value, invalid UTF-8 and CRLFs included, over several chunks: a body parser
      // or a re-encoding on the way would change what the Stripe signature covers.
      const body = Buffer.concat(
        Array.from({ length: 1024 }, (_, i) =>
          Buffer.from([...Array(256).keys()].map((b) => (b + i) % 256)),
        ),
      );
      const response = await fetch(`${gateway.url}/webhooks/payments?source=stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
        body,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true });
      const last = billingSeen.at(-1)!;
      expect(last.url).toBe('/webhooks/payments?source=stripe');
      expect(last.body.equals(body)).toBe(true);
      expect(last.signature).toBe('t=1,v1=abc');
      expect(last.secret).toBe(GATEWAY_SECRET);
    });
  });

  describe('browser policy', () => {
    it('sends a CSP for the clients', async () => {
      const csp = (await fetch(`${gateway.url}/health/live`)).headers;
      const policy = (
        await fetch(`${gateway.url}/`, { headers: { accept: 'text/html' } })
      ).headers.get('content-security-policy');
      expect(csp.get('x-request-id')).toBeTruthy();
      expect(policy).toContain("default-src 'self'");
      // Styles inline only with the page's nonce, which the page carries (see static-web).
      expect(policy).toMatch(/style-src 'self' 'nonce-[^']+'(;|$)/);
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).toContain("img-src 'self' data: blob:");
      expect(policy).toContain("frame-ancestors 'none'");
      const productionPolicy = (await fetch(`${production.url}/`)).headers.get(
        'content-security-policy',
      );
      expect(productionPolicy).toContain("connect-src 'self' wss://jibs.example");
    });

    it('sends HSTS whenever the public origin is https, and a Permissions-Policy', async () => {
      const local = (await fetch(`${gateway.url}/`, { headers: { accept: 'text/html' } })).headers;
      expect(local.get('strict-transport-security')).toBeNull();
      expect(local.get('permissions-policy')).toContain('camera=()');
      const https = (await fetch(`${production.url}/`)).headers;
      expect(https.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
      expect(https.get('permissions-policy')).toContain('geolocation=()');
      expect(https.get('content-security-policy')).toContain('upgrade-insecure-requests');
    });

    it('allows a listed origin with credentials, and no other', async () => {
      const preflight = (origin: string) =>
        fetch(`${gateway.url}/graphql`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type, authorization',
          },
        });
      const allowed = await preflight('https://admin.jibs.example');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://admin.jibs.example');
      expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
      expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
      const refused = await preflight('https://evil.example');
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      const simple = await post({ query: '{ tree { id } }' }, { origin: 'https://evil.example' });
      expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('web client', () => {
    it('serves hashed assets with a long cache', async () => {
      const response = await fetch(`${gateway.url}/assets/index-3f2a9c.js`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });

    it('answers page routes with index.html, never cached', async () => {
      for (const path of ['/', '/dashboard/members/42']) {
        const response = await fetch(`${gateway.url}${path}`, { headers: { accept: 'text/html' } });
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('no-cache');
        expect(await response.text()).toContain('<title>JIBS</title>');
      }
    });

    it('leaves server paths and non-page requests alone', async () => {
      const html = { accept: 'text/html' };
      expect((await fetch(`${gateway.url}/health/nope`, { headers: html })).status).toBe(404);
      expect((await fetch(`${gateway.url}/metrics/nope`, { headers: html })).status).toBe(404);
      expect((await fetch(`${gateway.url}/assets/missing.js`)).status).toBe(404);
      const graphql = await fetch(`${gateway.url}/graphql`, { headers: html });
      expect(await graphql.text()).not.toContain('<title>JIBS</title>');
    });

    it('tells the operator to build the client when it is missing', async () => {
      const response = await fetch(`${production.url}/`);
      expect(response.status).toBe(503);
      expect(await response.text()).toBe(WEB_NOT_BUILT_MESSAGE);
    });
  });

  describe('subscriptions over WebSocket', () => {
    it('refuses a connection without a token, or with a bad one, with 4401', async () => {
      expect(await socketCloseOf(wsUrl(gateway.url))).toEqual({
        code: 4401,
        reason: 'Unauthorized',
      });
      expect(
        await socketCloseOf(wsUrl(gateway.url), { authorization: 'Bearer not.a.token' }),
      ).toEqual({ code: 4401, reason: 'Unauthorized' });
      const expired = await signToken({ expiresIn: '-1m' });
      expect(
        (await socketCloseOf(wsUrl(gateway.url), { authorization: `Bearer ${expired}` })).code,
      ).toBe(4401);
    });

    it('closes a connection with 4403 when its token expires, so the client reconnects', async () => {
      const shortLived = await signToken({ expiresIn: '2s' });
      const started = Date.now();
      expect(
        await socketCloseOf(wsUrl(gateway.url), { authorization: `Bearer ${shortLived}` }),
      ).toEqual({ code: 4403, reason: 'Token expired' });
      expect(Date.now() - started).toBeGreaterThan(500);
    });

    it('closes an open connection with 4401 once its token is revoked (sign-out, reset)', async () => {
      const signedOut = await signToken({ subject: 'user-signed-out' });
      const socket = new WebSocket(wsUrl(gateway.url), 'graphql-transport-ws');
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      const acked = new Promise<void>((resolve) =>
        socket.on('message', (data) => {
          if (JSON.parse(String(data)).type === 'connection_ack') resolve();
        }),
      );
      socket.on('open', () =>
        socket.send(
          JSON.stringify({
            type: 'connection_init',
            payload: { authorization: `Bearer ${signedOut}` },
          }),
        ),
      );
      await acked;
      revocations.apply({
        sids: [],
        notBefore: { 'user-signed-out': Math.floor(Date.now() / 1000) + 60 },
      });
      expect(await closed).toEqual({ code: 4401, reason: 'Unauthorized' });
    });

    it('refuses handshakes from foreign origins and on other paths', async () => {
      expect(
        await refusedUpgradeStatus(wsUrl(gateway.url), { origin: 'https://evil.example' }),
      ).toBe(403);
      expect(await refusedUpgradeStatus(`${gateway.url.replace('http:', 'ws:')}/other`)).toBe(404);
    });

    it('forwards a subscription upstream with the connection token and pipes results back', async () => {
      const client = subscriber(`Bearer ${token}`);
      const results = client.iterate({ query: 'subscription { notificationAdded { id title } }' });
      const first = results.next();
      await waitFor(() => feed.state.subscribers === 1, 'the upstream subscription');
      expect(upstreamConnections).toEqual([{ authorization: `Bearer ${token}` }]);
      expect(upstreamHandshakes[0]).toMatchObject({
        'x-jibs-gateway-secret': GATEWAY_SECRET,
        'x-jibs-client-ip': '127.0.0.1',
      });
      feed.push({ id: 'n1', title: 'Payment received' });
      expect((await first).value).toEqual({
        data: { notificationAdded: { id: 'n1', title: 'Payment received' } },
      });
      feed.push({ id: 'n2', title: 'Report reviewed' });
      expect((await results.next()).value).toEqual({
        data: { notificationAdded: { id: 'n2', title: 'Report reviewed' } },
      });

      await results.return?.();
      await waitFor(() => feed.state.closed === 1, 'the upstream subscription to end');
    });

    it('answers queries, invalid and over-limit operations over WebSocket with an error', async () => {
      const client = subscriber(`Bearer ${token}`);
      const errorsOf = async (query: string) => {
        try {
          for await (const result of client.iterate({ query })) return result;
        } catch (errors) {
          return errors;
        }
      };
      expect(await errorsOf('{ tree { id } }')).toEqual([
        expect.objectContaining({
          message:
            'Only subscriptions are served over WebSocket; send queries and mutations over HTTP.',
          extensions: { code: 'BAD_REQUEST' },
        }),
      ]);
      expect(await errorsOf('subscription { nope }')).toEqual([
        expect.objectContaining({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }),
      ]);
      expect(await errorsOf('subscription {')).toEqual([
        expect.objectContaining({ extensions: { code: 'GRAPHQL_PARSE_FAILED' } }),
      ]);
      let selection = 'id';
      for (let level = 0; level < 9; level++) selection = `child { ${selection} }`;
      expect(
        await errorsOf(`subscription { notificationAdded { node { ${selection} } } }`),
      ).toEqual([
        expect.objectContaining({
          message: 'Query is too deep (max 10)',
          extensions: { code: 'BAD_USER_INPUT' },
        }),
      ]);
      expect(feed.state.subscribers).toBe(1);
    });

    describe('caps', () => {
      /** A socket past connection_init: resolves once acknowledged (or closed first). */
      const openSocket = async (token: string) => {
        const socket = new WebSocket(wsUrl(limited.url), 'graphql-transport-ws');
        const closed = new Promise<{ code: number; reason: string }>((resolve) =>
          socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
        );
        socket.on('error', () => undefined);
        const acknowledged = new Promise<boolean>((resolve) => {
          socket.on('message', (data) => {
            if (JSON.parse(String(data)).type === 'connection_ack') resolve(true);
          });
          void closed.then(() => resolve(false));
        });
        socket.on('open', () =>
          socket.send(
            JSON.stringify({
              type: 'connection_init',
              payload: { authorization: `Bearer ${token}` },
            }),
          ),
        );
        return { socket, closed, acknowledged: await acknowledged };
      };
      const closeAll = async (sockets: { socket: WebSocket; closed: Promise<unknown> }[]) => {
        for (const { socket } of sockets) socket.close();
        await Promise.all(sockets.map(({ closed }) => closed));
      };

      it('refuses a user more sockets than the cap, with 4429', async () => {
        const userToken = await signToken({ subject: 'user-cap' });
        const first = await openSocket(userToken);
        const second = await openSocket(userToken);
        expect([first.acknowledged, second.acknowledged]).toEqual([true, true]);
        const third = await openSocket(userToken);
        expect(third.acknowledged).toBe(false);
        expect(await third.closed).toEqual({ code: 4429, reason: 'Too many connections' });
        await closeAll([first, second]);
        // A closed socket frees its place.
        const again = await openSocket(userToken);
        expect(again.acknowledged).toBe(true);
        await closeAll([again]);
      });

      it('refuses one address more sockets than the cap, with 429', async () => {
        const open = [];
        for (let i = 0; i < 3; i++)
          open.push(await openSocket(await signToken({ subject: `user-a${i}` })));
        expect(open.map((socket) => socket.acknowledged)).toEqual([true, true, true]);
        expect(await refusedUpgradeStatus(wsUrl(limited.url))).toBe(429);
        await closeAll(open);
      });

      it('closes a socket that sends more messages a minute than the cap, with 4429', async () => {
        const chatty = await openSocket(await signToken({ subject: 'user-chatty' }));
        expect(chatty.acknowledged).toBe(true);
        for (let i = 0; i < 10; i++) chatty.socket.send(JSON.stringify({ type: 'ping' }));
        expect(await chatty.closed).toEqual({ code: 4429, reason: 'Too many messages' });
      });
    });

    it('closes open sockets with 1001 when the gateway stops', async () => {
      const socket = new WebSocket(wsUrl(production.url), 'graphql-transport-ws');
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      const acknowledged = new Promise<void>((resolve) =>
        socket.on('message', (data) => {
          if (JSON.parse(String(data)).type === 'connection_ack') resolve();
        }),
      );
      socket.on('open', () =>
        socket.send(
          JSON.stringify({
            type: 'connection_init',
            payload: { authorization: `Bearer ${token}` },
          }),
        ),
      );
      await acknowledged;
      await production.stop();
      expect(await closed).toBe(1001);
    });
  });
});
