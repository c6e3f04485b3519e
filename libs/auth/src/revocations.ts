/**
 * Access tokens that must stop working before they expire: the sessions (refresh-token
 * families, the token's `sid`) ended by a sign-out, a password reset or a reused refresh
 * token, and per user a "not before" time (tokens issued earlier are refused). Identity serves
 * what changed within the last access-token lifetime at REVOCATIONS_PATH; every verifier keeps
 * a copy, refreshed in the background (like the JWKS), so checking a token costs no request.
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

/** How often a verifier refreshes its copy: the longest a revoked token may still work. */
export const REVOCATION_REFRESH_MS = 5_000;

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
  return async () => {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(3_000) });
    if (!res.ok) throw new Error(`revocation list answered HTTP ${res.status}`);
    const body: unknown = await res.json();
    if (!isRevocationSnapshot(body)) throw new Error('revocation list is malformed');
    return body;
  };
}

export interface RevocationListOptions {
  refreshMs?: number;
  /** Told when a refresh fails; the last good copy stays in use. */
  onError?: (error: unknown) => void;
}

/**
 * The verifier's copy of the revocations. It refreshes every `refreshMs` in the background
 * (the timer does not keep the process alive). When identity cannot be reached the last copy
 * stays in use (tokens are still checked for signature and expiry): a revocation then takes
 * effect at the next successful refresh, or when the token expires.
 */
export class RevocationList implements RevocationCheck {
  private sids = new Set<string>();
  private notBefore = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private queue: Promise<void> = Promise.resolve();
  private source?: () => Promise<RevocationSnapshot>;

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
    if (this.timer) return;
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
  }

  /**
   * Fetches the list now. Fetches run one after another, so a copy read after a revocation
   * is never overwritten by one read before it.
   */
  refresh(): Promise<void> {
    const run = this.queue.then(async () => {
      if (!this.source) return;
      try {
        this.apply(await this.source());
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
  }

  isRevoked(token: TokenIdentity): boolean {
    if (token.sid && this.sids.has(token.sid)) return true;
    const notBefore = this.notBefore.get(token.sub);
    return notBefore !== undefined && token.iat < notBefore;
  }
}
