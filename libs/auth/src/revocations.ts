import { get as httpGetRequest } from 'node:http';
import { get as httpsGet } from 'node:https';
/**
 * Access tokens that must stop working before they expire: the sessions (refresh-token
 * families, the token's `sid`) ended by a sign-out, a password reset or a reused refresh
 * token, and per user a "not before" time (tokens issued earlier are refused). Identity serves
 * what changed within the last access-token lifetime at REVOCATIONS_PATH; every verifier keeps
 * a copy, so checking a token costs no request. The copy is kept by a long poll: the verifier
 * asks with the version it holds (`If-None-Match`) and how long it will wait (`Prefer: wait=`),
 * and identity answers when the list changes (304 when the wait ends first), so a revocation
 * reaches every verifier at once and an idle verifier asks about twice a minute.
 */
export interface RevocationSnapshot {
  /** Revoked session ids. */
  sids: string[];
  /** User id to epoch seconds: tokens issued before are refused. */
  notBefore: Record<string, number>;
}

export interface TokenIdentity {
  sub: string;
  sid?: string;
  /** Epoch seconds. */
  iat: number;
}

export interface RevocationCheck {
  isRevoked(token: TokenIdentity): boolean;
}

/** Served by identity next to its JWKS; internal (subgraphs, not the public origin). */
export const REVOCATIONS_PATH = '/internal/revocations';

/**
 * How often a verifier reads the list when it cannot wait for changes (the source is a plain
 * read, or identity does not answer long polls), and the base of its retry delay after a failure.
 */
export const REVOCATION_REFRESH_MS = 5_000;

/** How long a verifier's long poll waits for a change before identity answers 304. */
export const REVOCATION_WAIT_SECONDS = 25;

/** The longest wait identity grants a long poll (`Prefer: wait=` beyond it is cut to it). */
export const REVOCATION_MAX_WAIT_SECONDS = 60;

/** A read of the list: the list and its version (the ETag), or unchanged after the wait. */
export type RevocationRead = { snapshot: RevocationSnapshot; version?: string } | 'unchanged';

/**
 * Reads the list. Given the version the caller holds, waits (up to the server's limit) for a
 * newer one and answers 'unchanged' when none came.
 */
export type RevocationFeed = (
  known: string | undefined,
  signal: AbortSignal,
) => Promise<RevocationRead>;

/** The version named by an `If-None-Match` or `ETag` header (one strong tag), if any. */
export function revocationVersionOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return /^\s*"([^"]+)"\s*$/.exec(value ?? '')?.[1];
}

/** The wait asked by a `Prefer: wait=<seconds>` header (RFC 7240), capped; 0 when none. */
export function revocationWaitMs(prefer: string | string[] | undefined): number {
  const value = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  const seconds = Number(/(?:^|[,;\s])wait=(\d+)/i.exec(value)?.[1] ?? 0);
  return Math.min(seconds, REVOCATION_MAX_WAIT_SECONDS) * 1000;
}

/** Identity's revocations URL, on the same host as its JWKS. */
export function revocationsUrlFor(jwksUrl: string): string {
  return new URL(REVOCATIONS_PATH, jwksUrl).toString();
}

export function isRevocationSnapshot(value: unknown): value is RevocationSnapshot {
  if (!value || typeof value !== 'object') return false;
  const { sids, notBefore } = value as Partial<RevocationSnapshot>;
  return (
    Array.isArray(sids) &&
    sids.every((sid) => typeof sid === 'string') &&
    !!notBefore &&
    typeof notBefore === 'object' &&
    Object.values(notBefore).every((time) => typeof time === 'number')
  );
}

/**
 * Reads identity's list over HTTP. `headers` carry the service credential identity requires on
 * every route but its probes and public keys (the list is internal).
 */
export function remoteRevocations(
  url: string,
  headers: Record<string, string> = {},
): () => Promise<RevocationSnapshot> {
  const feed = remoteRevocationFeed(url, headers);
  return async () => {
    const read = await feed(undefined, new AbortController().signal);
    if (read === 'unchanged') throw new Error('revocation list answered 304 to a plain read');
    return read.snapshot;
  };
}

/**
 * Identity's list over HTTP as a long poll: with a version, waits up to `waitSeconds` for a
 * newer list (304 when none came). Asked with Node's own HTTP client, not `fetch`: while a
 * `fetch` is waiting for its answer (here, nearly all the time), undici's coarse timers tick
 * every half second, two wake-ups a second in every verifier of an idle stack for nothing.
 */
export function remoteRevocationFeed(
  url: string,
  headers: Record<string, string> = {},
  waitSeconds = REVOCATION_WAIT_SECONDS,
): RevocationFeed {
  return async (known, signal) => {
    const res = await httpGet(
      url,
      {
        ...headers,
        ...(known ? { 'if-none-match': `"${known}"`, prefer: `wait=${waitSeconds}` } : {}),
      },
      AbortSignal.any([signal, AbortSignal.timeout((known ? waitSeconds * 1000 : 0) + 3_000)]),
    );
    if (res.status === 304) return 'unchanged';
    if (res.status < 200 || res.status > 299) {
      throw new Error(`revocation list answered HTTP ${res.status}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      throw new Error('revocation list is malformed');
    }
    if (!isRevocationSnapshot(body)) throw new Error('revocation list is malformed');
    return { snapshot: body, version: revocationVersionOf(res.etag) };
  };
}

/** One GET with Node's HTTP client: status, ETag and the body as text; aborts with `signal`. */
function httpGet(
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<{ status: number; etag?: string; body: string }> {
  const target = new URL(url);
  const get = target.protocol === 'https:' ? httpsGet : httpGetRequest;
  return new Promise((resolve, reject) => {
    const req = get(target, { headers, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          etag: res.headers.etag,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
  });
}

export interface RevocationListOptions {
  /** See REVOCATION_REFRESH_MS. */
  refreshMs?: number;
  /** Told when a refresh fails; the last good copy stays in use. */
  onError?: (error: unknown) => void;
  /**
   * A source that can wait for changes (identity's long poll): once started, the list follows
   * it and is current within a round trip of each change, with no timer.
   */
  feed?: RevocationFeed;
}

/**
 * The verifier's copy of the revocations. With a `feed` it follows identity's long poll: a
 * revocation takes effect as soon as identity answers. With a plain `source` it reads it every
 * `refreshMs` in the background. Neither keeps the process alive. When identity cannot be
 * reached the last copy stays in use (tokens are still checked for signature and expiry): a
 * revocation then takes effect at the next successful read, or when the token expires.
 */
export class RevocationList implements RevocationCheck {
  private sids = new Set<string>();
  private notBefore = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private following?: AbortController;
  private queue: Promise<void> = Promise.resolve();
  private source?: () => Promise<RevocationSnapshot>;
  private readonly listeners = new Set<() => void>();

  constructor(
    source: (() => Promise<RevocationSnapshot>) | undefined,
    private readonly options: RevocationListOptions = {},
  ) {
    this.source = source;
  }

  /** Where the list comes from, when the service itself is the issuer (identity). */
  useSource(source: () => Promise<RevocationSnapshot>): void {
    this.source = source;
  }

  start(): void {
    if (this.timer || this.following) return;
    const { feed } = this.options;
    if (feed) {
      const following = new AbortController();
      this.following = following;
      void this.follow(feed, following.signal);
      return;
    }
    // Nothing to read (yet): the issuer applies its own list (identity).
    if (!this.source) return;
    void this.refresh();
    this.timer = setInterval(
      () => void this.refresh(),
      this.options.refreshMs ?? REVOCATION_REFRESH_MS,
    );
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.following?.abort();
    this.following = undefined;
  }

  /** Told after every change of the copy (the gateway closes revoked sockets then). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Fetches the list now. Fetches run one after another, so a copy read after a revocation
   * is never overwritten by one read before it.
   */
  refresh(): Promise<void> {
    const run = this.queue.then(async () => {
      const { feed } = this.options;
      if (!this.source && !feed) return;
      try {
        if (this.source) {
          this.apply(await this.source());
        } else {
          const read = await feed!(undefined, new AbortController().signal);
          if (read !== 'unchanged') this.apply(read.snapshot);
        }
      } catch (error) {
        this.options.onError?.(error);
      }
    });
    this.queue = run;
    return run;
  }

  apply(snapshot: RevocationSnapshot): void {
    this.sids = new Set(snapshot.sids);
    this.notBefore = new Map(Object.entries(snapshot.notBefore));
    for (const listener of this.listeners) listener();
  }

  isRevoked(token: TokenIdentity): boolean {
    if (token.sid && this.sids.has(token.sid)) return true;
    const notBefore = this.notBefore.get(token.sub);
    return notBefore !== undefined && token.iat < notBefore;
  }

  /** The long poll: each answer is applied, then asked again with its version. */
  private async follow(feed: RevocationFeed, signal: AbortSignal): Promise<void> {
    const refreshMs = this.options.refreshMs ?? REVOCATION_REFRESH_MS;
    let version: string | undefined;
    let failures = 0;
    while (!signal.aborted) {
      const asked = Date.now();
      let pause = 0;
      try {
        const read = await feed(version, signal);
        failures = 0;
        if (read !== 'unchanged') {
          this.apply(read.snapshot);
          version = read.version;
        }
        // A source that did not wait (no version to wait on, or answered at once) is read on
        // the timer instead of in a tight loop.
        if (read !== 'unchanged' ? !read.version : Date.now() - asked < 1_000) pause = refreshMs;
      } catch (error) {
        if (signal.aborted) return;
        this.options.onError?.(error);
        failures++;
        pause = Math.min(refreshMs * 2 ** (failures - 1), 60_000);
      }
      if (pause) await sleep(pause, signal);
    }
  }
}

/** Resolves after `ms`, or at once when `signal` aborts; never keeps the process alive. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    timer.unref();
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
