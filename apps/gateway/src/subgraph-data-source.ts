import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import type { IncomingHttpHeaders } from 'node:http';
import { CLIENT_ADDRESS_HEADER, GATEWAY_SECRET_HEADER } from '@jibs/subgraph';
import type { Fetcher } from './subgraph-fetcher';

/** The subgraph that owns sessions: the only one that sees the browser's cookies. */
export const SESSION_SUBGRAPH = 'identity';

/** The per-request GraphQL context of the gateway (HTTP only). */
export interface GatewayContext {
  req: { headers: IncomingHttpHeaders; socket?: { remoteAddress?: string } };
  res: { append(field: string, value: string[] | string): unknown };
  requestId: string;
  /** The real client, from the trusted proxy chain (TRUST_PROXY). */
  clientAddress?: string;
}

type ResponseHeaders = NonNullable<GatewayGraphQLResponse['http']>['headers'];

/**
 * Every `Set-Cookie` of a subgraph response, unjoined: joining them with commas (what `get`
 * does) would break cookies whose `Expires` contains one. Standard fetch Headers have
 * `getSetCookie()`; the gateway's default fetcher (minipass-fetch) exposes `raw()`.
 */
export function setCookieHeaders(headers: ResponseHeaders | undefined): string[] {
  if (!headers) return [];
  const standard = headers as { getSetCookie?: () => string[] };
  if (typeof standard.getSetCookie === 'function') return standard.getSetCookie();
  const legacy = headers as { raw?: () => Record<string, string[] | undefined> };
  if (typeof legacy.raw === 'function') return legacy.raw()['set-cookie'] ?? [];
  const joined = headers.get('set-cookie');
  return joined ? [joined] : [];
}

/**
 * How the gateway talks to one subgraph. What reaches a subgraph is chosen here, never copied
 * wholesale from the client: the bearer token (each subgraph verifies it itself), the request
 * id, the gateway's credential, the client's address (computed here from the trusted proxy
 * chain) and, for the session subgraph only, the cookies, whose
 * `Set-Cookie` answers are passed back to the browser. Tokens and cookies are never logged.
 */
export class SubgraphDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  readonly subgraphName: string;

  constructor(
    subgraphName: string,
    url: string,
    private readonly gatewaySecret: string,
    /** Shared by every subgraph (keep-alive connections); the default fetcher otherwise. */
    fetcher?: Fetcher,
  ) {
    super(fetcher ? { url, fetcher } : { url });
    this.subgraphName = subgraphName;
  }

  override willSendRequest({
    request,
    context,
  }: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    const headers = request.http?.headers;
    if (!headers) return;
    headers.set(GATEWAY_SECRET_HEADER, this.gatewaySecret);
    // Health checks and schema loading run without an incoming request.
    if (!context?.req) return;
    const incoming = context.req.headers;
    if (typeof incoming.authorization === 'string') {
      headers.set('authorization', incoming.authorization);
    }
    if (context.requestId) headers.set('x-request-id', context.requestId);
    // Computed from the trusted proxy chain, never copied from the client: identity throttles
    // sign-in by it. Subgraphs believe it only next to the credential.
    const client = context.clientAddress ?? context.req.socket?.remoteAddress;
    if (client) headers.set(CLIENT_ADDRESS_HEADER, client);
    if (this.subgraphName === SESSION_SUBGRAPH && typeof incoming.cookie === 'string') {
      headers.set('cookie', incoming.cookie);
    }
  }

  override didReceiveResponse({
    response,
    context,
  }: {
    response: GatewayGraphQLResponse;
    context: GatewayContext;
  }): GatewayGraphQLResponse {
    if (this.subgraphName === SESSION_SUBGRAPH && context?.res) {
      const cookies = setCookieHeaders(response.http?.headers);
      if (cookies.length) context.res.append('set-cookie', cookies);
    }
    return response;
  }
}
