import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import type { GraphQLError } from 'graphql';
import { ErrorCode, Messages } from '@jibs/domain';
import { SubgraphResponse, type Fetcher } from './subgraph-fetcher';
import {
  SESSION_SUBGRAPH,
  setCookieHeaders,
  SubgraphDataSource,
  type GatewayContext,
} from './subgraph-data-source';

const TOKEN = 'Bearer header.payload.signature';
const SECRET = 'gateway-secret-'.padEnd(40, 'x');
const COOKIES = ['jibs_refresh=abc; Path=/; HttpOnly; Secure; SameSite=Strict', 'other=1; Path=/'];

function aContext(headers: Record<string, string> = {}): GatewayContext & { appended: string[] } {
  const appended: string[] = [];
  return {
    appended,
    requestId: 'req-12345678',
    req: {
      headers: { authorization: TOKEN, cookie: 'jibs_refresh=abc', ...headers },
      socket: { remoteAddress: '203.0.113.7' },
    },
    res: {
      append: (field: string, value: string[] | string) => {
        expect(field).toBe('set-cookie');
        appended.push(...(Array.isArray(value) ? value : [value]));
      },
    },
  };
}

interface Sent {
  url: string;
  headers: Headers;
  body: unknown;
}

/** A fetcher that records what it is asked to send and answers `answer`. */
function recordingFetcher(
  sent: Sent[],
  answer: () => SubgraphResponse = () =>
    new SubgraphResponse(
      'http://subgraph',
      200,
      { 'content-type': 'application/json' },
      Buffer.from('{"data":{"me":null}}'),
    ),
): Fetcher {
  return (async (url: string, init: { headers: Record<string, string>; body: string }) => {
    sent.push({ url, headers: new Headers(init.headers), body: JSON.parse(init.body) });
    return answer();
  }) as unknown as Fetcher;
}

function processOptions(
  context: Partial<GatewayContext>,
  overallCachePolicy?: unknown,
): GraphQLDataSourceProcessOptions<GatewayContext> {
  return {
    kind: 'incoming operation',
    request: { query: '{ me { id } }', variables: { a: 1 }, operationName: 'Me' },
    context,
    incomingRequestContext: { overallCachePolicy },
  } as unknown as GraphQLDataSourceProcessOptions<GatewayContext>;
}

/** Sends a subgraph request as the gateway would and returns the headers the subgraph gets. */
async function outgoingHeaders(
  subgraph: string,
  context: Partial<GatewayContext>,
): Promise<Headers> {
  const sent: Sent[] = [];
  const source = new SubgraphDataSource(
    subgraph,
    `http://127.0.0.1:1/${subgraph}`,
    SECRET,
    recordingFetcher(sent),
  );
  await source.process(processOptions(context));
  expect(sent).toHaveLength(1);
  return sent[0]!.headers;
}

function aResponse(cookies: string[]): GatewayGraphQLResponse {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return { data: {}, http: { headers, status: 200 } } as unknown as GatewayGraphQLResponse;
}

describe('SubgraphDataSource', () => {
  it('forwards the bearer token, the request id, its credential and the client address', async () => {
    for (const subgraph of [SESSION_SUBGRAPH, 'notifications']) {
      const headers = await outgoingHeaders(subgraph, aContext());
      expect(headers.get('authorization')).toBe(TOKEN);
      expect(headers.get('x-request-id')).toBe('req-12345678');
      expect(headers.get('x-jibs-gateway-secret')).toBe(SECRET);
      expect(headers.get('x-jibs-client-ip')).toBe('203.0.113.7');
      expect(
        (await outgoingHeaders(subgraph, { ...aContext(), clientAddress: '198.51.100.4' })).get(
          'x-jibs-client-ip',
        ),
      ).toBe('198.51.100.4');
    }
  });

  it('sends cookies to the session subgraph only', async () => {
    expect((await outgoingHeaders(SESSION_SUBGRAPH, aContext())).get('cookie')).toBe(
      'jibs_refresh=abc',
    );
    expect((await outgoingHeaders('notifications', aContext())).get('cookie')).toBeNull();
  });

  it('copies nothing else from the client', async () => {
    const headers = await outgoingHeaders(
      SESSION_SUBGRAPH,
      aContext({
        'x-user-id': 'admin',
        'x-forwarded-for': '10.0.0.1',
        'x-jibs-client-ip': '10.0.0.2',
        'x-jibs-gateway-secret': 'forged',
        host: 'evil',
      }),
    );
    expect(headers.get('x-user-id')).toBeNull();
    expect(headers.get('host')).toBeNull();
    expect(headers.get('x-forwarded-for')).toBeNull();
    expect(headers.get('x-jibs-client-ip')).toBe('203.0.113.7');
    expect(headers.get('x-jibs-gateway-secret')).toBe(SECRET);
  });

  it('adds only its credential to requests made without a client request', async () => {
    const headers = await outgoingHeaders(SESSION_SUBGRAPH, {});
    expect([...headers.keys()].sort()).toEqual(['content-type', 'x-jibs-gateway-secret']);
  });

  it("passes the session subgraph's Set-Cookie headers to the client, each one whole", () => {
    const context = aContext();
    const source = new SubgraphDataSource(SESSION_SUBGRAPH, 'http://127.0.0.1:1/graphql', SECRET);
    const response = aResponse(COOKIES);
    expect(source.didReceiveResponse({ response, context, request: {} } as never)).toBe(response);
    expect(context.appended).toEqual(COOKIES);
  });

  it('posts the operation as JSON to its URL and answers with the body and the HTTP answer', async () => {
    const sent: Sent[] = [];
    const source = new SubgraphDataSource(
      'notifications',
      'http://127.0.0.1:1/graphql',
      SECRET,
      recordingFetcher(sent),
    );
    const response = await source.process(processOptions(aContext()));
    expect(sent[0]!.url).toBe('http://127.0.0.1:1/graphql');
    expect(sent[0]!.body).toEqual({
      query: '{ me { id } }',
      variables: { a: 1 },
      operationName: 'Me',
    });
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
    expect(response.data).toEqual({ me: null });
    expect(response.http?.status).toBe(200);
  });

  it("passes the session subgraph's cookies back through process", async () => {
    const context = aContext();
    const source = new SubgraphDataSource(
      SESSION_SUBGRAPH,
      'http://127.0.0.1:1/graphql',
      SECRET,
      recordingFetcher(
        [],
        () =>
          new SubgraphResponse(
            'http://subgraph',
            200,
            { 'content-type': 'application/json', 'set-cookie': COOKIES },
            Buffer.from('{"data":{}}'),
          ),
      ),
    );
    await source.process(processOptions(context));
    expect(context.appended).toEqual(COOKIES);
  });

  it('turns an HTTP error into a GraphQL error with the status and the body', async () => {
    const source = new SubgraphDataSource(
      'billing',
      'http://127.0.0.1:1/graphql',
      SECRET,
      recordingFetcher(
        [],
        () =>
          new SubgraphResponse(
            'http://subgraph',
            401,
            { 'content-type': 'text/plain' },
            Buffer.from('no credential'),
          ),
      ),
    );
    await expect(source.process(processOptions(aContext()))).rejects.toMatchObject({
      message: '401: Unauthorized',
      extensions: {
        code: 'UNAUTHENTICATED',
        response: { status: 401, statusText: 'Unauthorized', body: 'no credential' },
      },
    });
  });

  it('refuses an answer that is not a JSON object', async () => {
    const source = new SubgraphDataSource(
      'billing',
      'http://127.0.0.1:1/graphql',
      SECRET,
      recordingFetcher(
        [],
        () =>
          new SubgraphResponse(
            'http://subgraph',
            200,
            { 'content-type': 'text/html' },
            Buffer.from('<html>'),
          ),
      ),
    );
    await expect(source.process(processOptions(aContext()))).rejects.toThrow(
      'Expected JSON response body, but received: <html>',
    );
  });

  it("bounds the answer's cache policy by the subgraph's Cache-Control", async () => {
    const hints: unknown[] = [];
    const policy = { restrict: (hint: unknown) => hints.push(hint) };
    const answering = (cacheControl?: string) =>
      recordingFetcher(
        [],
        () =>
          new SubgraphResponse(
            'http://subgraph',
            200,
            {
              'content-type': 'application/json',
              ...(cacheControl ? { 'cache-control': cacheControl } : {}),
            },
            Buffer.from('{"data":{}}'),
          ),
      );
    const source = (dataSource: SubgraphDataSource, cachePolicy: unknown) =>
      dataSource.process(processOptions(aContext(), cachePolicy));
    for (const cacheControl of [undefined, 'max-age=60, private', 'public, max-age="30"']) {
      const source = new SubgraphDataSource(
        'billing',
        'http://x/',
        SECRET,
        answering(cacheControl),
      );
      await source.process(processOptions(aContext(), policy));
    }
    expect(hints).toEqual([
      { maxAge: 0 },
      { maxAge: 60, scope: 'PRIVATE' },
      { maxAge: 30, scope: 'PUBLIC' },
    ]);
    // Each answer gets its own hint, even for a header already read.
    const again = new SubgraphDataSource(
      'billing',
      'http://x/',
      SECRET,
      answering('max-age=60, private'),
    );
    const changing = { restrict: (hint: { maxAge: number }) => (hint.maxAge = 1) };
    await source(again, changing);
    await source(again, policy);
    expect(hints.at(-1)).toEqual({ maxAge: 60, scope: 'PRIVATE' });
  });

  it('ignores Set-Cookie from any other subgraph', () => {
    const context = aContext();
    const source = new SubgraphDataSource('notifications', 'http://127.0.0.1:1/graphql', SECRET);
    source.didReceiveResponse({ response: aResponse(COOKIES), context, request: {} } as never);
    expect(context.appended).toEqual([]);
  });
});

describe('setCookieHeaders', () => {
  it("reads node-fetch style raw() headers (the gateway's default fetcher)", () => {
    const headers = {
      raw: () => ({ 'set-cookie': COOKIES }),
      get: () => COOKIES.join(', '),
    };
    expect(setCookieHeaders(headers as never)).toEqual(COOKIES);
  });

  it('returns nothing without headers', () => {
    expect(setCookieHeaders(undefined)).toEqual([]);
    expect(setCookieHeaders(new Headers() as never)).toEqual([]);
  });
});

describe('a subgraph that is down', () => {
  const unavailable = {
    message: Messages.serviceUnavailable,
    extensions: { code: ErrorCode.ServiceUnavailable, serviceName: 'billing' },
  };
  const source = (fetcher: Fetcher) =>
    new SubgraphDataSource('billing', 'http://127.0.0.1:1/graphql', SECRET, fetcher);

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND'])(
    'is SERVICE_UNAVAILABLE when the connection fails with %s',
    async (code) => {
      const refused = (async () => {
        throw Object.assign(new Error(`connect ${code} 127.0.0.1:1`), { code });
      }) as unknown as Fetcher;
      await expect(source(refused).process(processOptions(aContext()))).rejects.toMatchObject(
        unavailable,
      );
    },
  );

  it.each([502, 503, 504])('is SERVICE_UNAVAILABLE when it answers %i', async (status) => {
    const fetcher = recordingFetcher(
      [],
      () => new SubgraphResponse('http://subgraph', status, {}, Buffer.from('unavailable')),
    );
    await expect(source(fetcher).process(processOptions(aContext()))).rejects.toMatchObject(
      unavailable,
    );
  });

  it('keeps other failures what they were (a 500 is not an outage)', async () => {
    const fetcher = recordingFetcher(
      [],
      () => new SubgraphResponse('http://subgraph', 500, {}, Buffer.from('boom')),
    );
    const failure = await source(fetcher)
      .process(processOptions(aContext()))
      .catch((error: unknown) => error);
    expect((failure as GraphQLError).extensions?.['code']).not.toBe(ErrorCode.ServiceUnavailable);
  });
});
