import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
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

/** Runs willSendRequest as the gateway would and returns the headers the subgraph gets. */
function outgoingHeaders(subgraph: string, context: Partial<GatewayContext>): Headers {
  const headers = new Headers({ 'content-type': 'application/json' });
  const source = new SubgraphDataSource(subgraph, `http://127.0.0.1:1/${subgraph}`, SECRET);
  source.willSendRequest({
    request: { query: '{ me { id } }', http: { method: 'POST', url: source.url, headers } },
    context,
  } as unknown as GraphQLDataSourceProcessOptions<GatewayContext>);
  return headers;
}

function aResponse(cookies: string[]): GatewayGraphQLResponse {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return { data: {}, http: { headers, status: 200 } } as unknown as GatewayGraphQLResponse;
}

describe('SubgraphDataSource', () => {
  it('forwards the bearer token, the request id, its credential and the client address', () => {
    for (const subgraph of [SESSION_SUBGRAPH, 'notifications']) {
      const headers = outgoingHeaders(subgraph, aContext());
      expect(headers.get('authorization')).toBe(TOKEN);
      expect(headers.get('x-request-id')).toBe('req-12345678');
      expect(headers.get('x-jibs-gateway-secret')).toBe(SECRET);
      expect(headers.get('x-jibs-client-ip')).toBe('203.0.113.7');
      expect(
        outgoingHeaders(subgraph, { ...aContext(), clientAddress: '198.51.100.4' }).get(
          'x-jibs-client-ip',
        ),
      ).toBe('198.51.100.4');
    }
  });

  it('sends cookies to the session subgraph only', () => {
    expect(outgoingHeaders(SESSION_SUBGRAPH, aContext()).get('cookie')).toBe('jibs_refresh=abc');
    expect(outgoingHeaders('notifications', aContext()).get('cookie')).toBeNull();
  });

  it('copies nothing else from the client', () => {
    const headers = outgoingHeaders(
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

  it('adds only its credential to requests made without a client request', () => {
    const headers = outgoingHeaders(SESSION_SUBGRAPH, {});
    expect([...headers.keys()].sort()).toEqual(['content-type', 'x-jibs-gateway-secret']);
  });

  it("passes the session subgraph's Set-Cookie headers to the client, each one whole", () => {
    const context = aContext();
    const source = new SubgraphDataSource(SESSION_SUBGRAPH, 'http://127.0.0.1:1/graphql', SECRET);
    const response = aResponse(COOKIES);
    expect(source.didReceiveResponse({ response, context, request: {} } as never)).toBe(response);
    expect(context.appended).toEqual(COOKIES);
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
