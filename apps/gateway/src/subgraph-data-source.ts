import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import type { IncomingHttpHeaders } from 'node:http';
import { CLIENT_ADDRESS_HEADER, GATEWAY_SECRET_HEADER } from '@jibs/subgraph';
import type { Fetcher } from './subgraph-fetcher';
import {
  isUnavailableStatus,
  isUnreachable,
  subgraphUnavailableError,
} from './subgraph-unavailable';

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

interface CacheHint {
  maxAge: number;
  scope?: 'PRIVATE' | 'PUBLIC';
}

/** A subgraph's `Cache-Control` read as a cache hint, as RemoteGraphQLDataSource reads it. */
export function cacheHintOf(header: string | null | undefined): CacheHint {
  const directives: Record<string, string | true> = {};
  for (const part of header ? header.trim().split(/\s*,\s*/) : []) {
    const [key, value] = part.split(/\s*=\s*/, 2);
    directives[key!] = value === undefined ? true : value.replace(/^"|"$/g, '');
  }
  const hint: CacheHint = { maxAge: 0 };
  const maxAge = directives['max-age'];
  if (typeof maxAge === 'string' && /^[0-9]+$/.test(maxAge)) hint.maxAge = Number(maxAge);
  if (directives['private'] === true) hint.scope = 'PRIVATE';
  if (directives['public'] === true) hint.scope = 'PUBLIC';
  return hint;
}

/** Subgraphs answer with a handful of distinct `Cache-Control` values: each is read once. */
const MAX_CACHED_HINTS = 64;
const cacheHints = new Map<string, CacheHint>();

function cachedHintOf(header: string | null): CacheHint {
  const key = header ?? '';
  let hint = cacheHints.get(key);
  if (!hint) {
    hint = cacheHintOf(header);
    if (cacheHints.size < MAX_CACHED_HINTS) cacheHints.set(key, hint);
  }
  // A copy: restrict() must not be able to change the cached one.
  return { ...hint };
}

/**
 * How the gateway talks to one subgraph. What reaches a subgraph is chosen here, never copied
 * wholesale from the client: the bearer token (each subgraph verifies it itself), the request
 * id, the gateway's credential, the client's address (computed here from the trusted proxy
 * chain) and, for the session subgraph only, the cookies, whose
 * `Set-Cookie` answers are passed back to the browser. Tokens and cookies are never logged.
 *
 * `process` is RemoteGraphQLDataSource's, without its per-request detours: the request's
 * headers are a plain object instead of node-fetch `Headers` (which validate every name and
 * value), and no node-fetch `Request` is built beside the one actually sent (it parses the URL
 * with the deprecated `url.parse` on every call, and is only handed to hooks this class does
 * not use). What is sent and how answers and errors are read are unchanged.
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

  override async process(
    options: GraphQLDataSourceProcessOptions<GatewayContext>,
  ): Promise<GatewayGraphQLResponse> {
    const { http, ...payload } = options.request;
    if (!payload.query) throw new Error('Missing query');
    const context = options.context as GatewayContext | undefined;
    const headers: Record<string, string> = {};
    // Set by the gateway itself only (a federated-trace request), never from the client.
    if (http?.headers) for (const [name, value] of http.headers) headers[name] = value;
    headers['content-type'] = 'application/json';
    this.addHeaders(headers, context);
    let answer: Awaited<ReturnType<Fetcher>>;
    try {
      answer = await this.fetcher(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(payload),
      });
    } catch (error) {
      if (isUnreachable(error)) throw subgraphUnavailableError(this.subgraphName, error);
      throw error;
    }
    if (isUnavailableStatus(answer.status)) {
      // Drained so the connection goes back to the pool.
      await answer.arrayBuffer();
      throw subgraphUnavailableError(this.subgraphName);
    }
    if (!answer.ok) throw await this.errorFromResponse(answer);
    const body = await this.parseBody(answer);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new Error(`Expected JSON response body, but received: ${String(body)}`);
    }
    const response = this.didReceiveResponse({
      response: { ...body, http: answer },
      context: context!,
    });
    // The subgraph's caching hints bound the whole answer's, as RemoteGraphQLDataSource does.
    const policy =
      'incomingRequestContext' in options
        ? (options.incomingRequestContext.overallCachePolicy as
            { restrict?(hint: CacheHint): void } | undefined)
        : undefined;
    if (this.honorSubgraphCacheControlHeader && typeof policy?.restrict === 'function') {
      const hint = cachedHintOf(answer.headers.get('cache-control'));
      policy.restrict(hint);
    }
    return response;
  }

  /** The gateway's credential, and what it forwards of the client's request. */
  private addHeaders(headers: Record<string, string>, context: GatewayContext | undefined): void {
    headers[GATEWAY_SECRET_HEADER] = this.gatewaySecret;
    // Health checks and schema loading run without an incoming request.
    if (!context?.req) return;
    const incoming = context.req.headers;
    if (typeof incoming.authorization === 'string') {
      headers['authorization'] = incoming.authorization;
    }
    if (context.requestId) headers['x-request-id'] = context.requestId;
    // Computed from the trusted proxy chain, never copied from the client: identity throttles
    // sign-in by it. Subgraphs believe it only next to the credential.
    const client = context.clientAddress ?? context.req.socket?.remoteAddress;
    if (client) headers[CLIENT_ADDRESS_HEADER] = client;
    if (this.subgraphName === SESSION_SUBGRAPH && typeof incoming.cookie === 'string') {
      headers['cookie'] = incoming.cookie;
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
