import type { RemoteGraphQLDataSource } from '@apollo/gateway';
import {
  Agent as HttpAgent,
  request as httpRequest,
  STATUS_CODES,
  type IncomingHttpHeaders,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** The fetch-like function RemoteGraphQLDataSource calls (`@apollo/utils.fetcher`'s types). */
export type Fetcher = RemoteGraphQLDataSource['fetcher'];
type FetcherRequestInit = NonNullable<Parameters<Fetcher>[1]>;
type FetcherResponse = Awaited<ReturnType<Fetcher>>;
type FetcherHeaders = FetcherResponse['headers'];

export interface SubgraphFetcherOptions {
  /** Sockets per subgraph kept open between requests (default 64). */
  maxFreeSockets?: number;
  /** A request whose subgraph sends nothing for this long fails (default 60 s). */
  timeoutMs?: number;
}

/** Response headers as the gateway reads them: by name, and every `Set-Cookie` unjoined. */
export class SubgraphResponseHeaders implements FetcherHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  getSetCookie(): string[] {
    return this.raw['set-cookie'] ?? [];
  }

  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }

  append(): void {
    throw new Error('Subgraph response headers are read-only');
  }

  set(): void {
    throw new Error('Subgraph response headers are read-only');
  }

  delete(): void {
    throw new Error('Subgraph response headers are read-only');
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of Object.keys(this.raw)) yield [name, this.get(name)!];
  }

  *keys(): IterableIterator<string> {
    yield* Object.keys(this.raw);
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

/** A subgraph's whole answer, already read: the body is parsed at most once, when asked. */
export class SubgraphResponse implements FetcherResponse {
  readonly redirected = false;
  readonly ok: boolean;
  readonly statusText: string;
  readonly headers: SubgraphResponseHeaders;
  bodyUsed = false;

  constructor(
    readonly url: string,
    readonly status: number,
    private readonly rawHeaders: IncomingHttpHeaders,
    private readonly body: Buffer,
    statusText?: string,
  ) {
    this.ok = status >= 200 && status < 300;
    this.statusText = statusText ?? STATUS_CODES[status] ?? '';
    this.headers = new SubgraphResponseHeaders(rawHeaders);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    this.bodyUsed = true;
    const copy = new ArrayBuffer(this.body.byteLength);
    new Uint8Array(copy).set(this.body);
    return copy;
  }

  async text(): Promise<string> {
    this.bodyUsed = true;
    return this.body.toString('utf8');
  }

  async json(): Promise<unknown> {
    this.bodyUsed = true;
    return JSON.parse(this.body.toString('utf8')) as unknown;
  }

  clone(): SubgraphResponse {
    return new SubgraphResponse(this.url, this.status, this.rawHeaders, this.body, this.statusText);
  }
}

/** Sends on a pooled connection the subgraph had just closed, retried on another. */
const STALE_CONNECTION_RETRIES = 2;

interface Target {
  https: boolean;
  hostname: string;
  port: string;
  path: string;
}

/**
 * The gateway's HTTP client towards its subgraphs: plain `http.request` over keep-alive
 * agents, so a request reuses an open connection instead of dialling one, with none of the
 * default fetcher's per-request work (an HTTP cache lookup, retries, proxy detection, stack
 * captures to tell http from https, WHATWG body streams). URLs are parsed once each.
 */
export function createSubgraphFetcher(options: SubgraphFetcherOptions = {}): Fetcher & {
  destroy(): void;
} {
  const agentOptions = {
    keepAlive: true,
    maxFreeSockets: options.maxFreeSockets ?? 64,
    // The most recently used socket first: the others can time out and close.
    scheduling: 'lifo' as const,
  };
  const http = new HttpAgent(agentOptions);
  const https = new HttpsAgent(agentOptions);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const targets = new Map<string, Target>();
  const targetOf = (url: string): Target => {
    let target = targets.get(url);
    if (!target) {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        throw new Error(`Unsupported subgraph URL protocol: ${parsed.protocol}`);
      }
      target = {
        https: parsed.protocol === 'https:',
        // URL keeps IPv6 literals bracketed; http.request wants them bare.
        hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: parsed.port,
        path: `${parsed.pathname}${parsed.search}`,
      };
      targets.set(url, target);
    }
    return target;
  };

  const send = (url: string, init: FetcherRequestInit, retries: number): Promise<FetcherResponse> =>
    new Promise<FetcherResponse>((resolve, reject) => {
      const target = targetOf(url);
      const request = target.https ? httpsRequest : httpRequest;
      const body = init.body;
      const headers: Record<string, string | number> = { ...init.headers };
      if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
      let answered = false;
      const req = request(
        {
          hostname: target.hostname,
          port: target.port,
          path: target.path,
          method: init.method ?? 'GET',
          headers,
          agent: target.https ? https : http,
          timeout: timeoutMs,
          signal: init.signal as AbortSignal | undefined,
        },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            resolve(
              new SubgraphResponse(
                url,
                res.statusCode ?? 0,
                res.headers,
                chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks),
                res.statusMessage,
              ),
            );
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`Subgraph request timed out: ${url}`)));
      req.on('error', (error: NodeJS.ErrnoException) => {
        // The subgraph closed an idle kept-alive connection just as this request went out on
        // it (socket hang up / ECONNRESET with no answer): it never read the request, so it is
        // sent again, on another connection. Node's documented remedy; anything else fails.
        if (req.reusedSocket && !answered && error.code === 'ECONNRESET' && retries > 0) {
          resolve(send(url, init, retries - 1));
          return;
        }
        reject(error);
      });
      req.end(body);
    });
  const fetcher = (url: string, init: FetcherRequestInit = {}): Promise<FetcherResponse> =>
    send(url, init, STALE_CONNECTION_RETRIES);
  return Object.assign(fetcher, {
    destroy: () => {
      http.destroy();
      https.destroy();
    },
  });
}
