import { createHash } from 'node:crypto';
import {
  Inject,
  Injectable,
  type OnApplicationShutdown,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { REVOCATION_LIST, type RevocationList, type RevocationSnapshot } from '@jibs/auth';
import { LOGGER, type Logger } from '@jibs/observability';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';

// Clock differences between identity and the services checking tokens.
const CLOCK_SKEW_SECONDS = 60;

/** Every replica of identity LISTENs: a revocation committed by one is read by all at once. */
const CHANNEL = 'identity_revocations';

/**
 * A read of the database no notification asked for: what a lost notification (a listening
 * connection that broke) could have missed is read within this. Entries also leave the window
 * as time passes, which needs no hurry (their tokens have expired).
 */
const BACKSTOP_MS = 60_000;

export interface CurrentRevocations {
  snapshot: RevocationSnapshot;
  /** A digest of the list: the ETag the verifiers' long polls wait on. */
  version: string;
}

/**
 * What must stop working before it expires: sessions (refresh-token families) revoked, and
 * per account the time before which access tokens are refused, within the last access-token
 * lifetime (older tokens have expired anyway). Served to the other services at
 * /internal/revocations as a long poll (`read`): a verifier holding the current version waits
 * until the list changes. Identity checks its own copy, read again as soon as it revokes; the
 * others replicas of identity learn it by NOTIFY.
 */
@Injectable()
export class Revocations implements OnModuleInit, OnModuleDestroy, OnApplicationShutdown {
  private current?: CurrentRevocations;
  private readonly waiters = new Set<() => void>();
  private queue: Promise<void> = Promise.resolve();
  private listener?: Client;
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(REVOCATION_LIST) private readonly list: RevocationList,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    // Revocations made before this boot apply from the first request on.
    await this.reload();
    await this.listen().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'cannot listen for revocations; reading them every minute'),
    );
    this.timer = setInterval(() => void this.reload().catch(() => undefined), BACKSTOP_MS);
    this.timer.unref();
  }

  /** Before the HTTP server closes: waiting long polls are answered now, new ones at once. */
  onModuleDestroy(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.wakeWaiters();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.end().catch(() => undefined);
  }

  async snapshot(): Promise<RevocationSnapshot> {
    const window = this.config.ACCESS_TOKEN_TTL_SECONDS + CLOCK_SKEW_SECONDS;
    const [sids, users] = await Promise.all([
      this.dataSource.query(
        `SELECT DISTINCT family_id AS sid FROM refresh_tokens
          WHERE revoked_at > now() - make_interval(secs => $1)`,
        [window],
      ) as Promise<{ sid: string }[]>,
      this.dataSource.query(
        `SELECT id, floor(extract(epoch FROM sessions_not_before))::bigint::text AS not_before
           FROM accounts WHERE sessions_not_before > now() - make_interval(secs => $1)`,
        [window],
      ) as Promise<{ id: string; not_before: string }[]>,
    ]);
    return {
      sids: sids.map((row) => row.sid).sort(),
      notBefore: Object.fromEntries(
        users
          .map((row) => [row.id, Number(row.not_before)] as const)
          .sort(([a], [b]) => (a < b ? -1 : 1)),
      ),
    };
  }

  /**
   * The list as a long poll answers it: at once when the caller holds another version (or
   * none), else when it changes or after `waitMs` (then still the caller's version), or when
   * `signal` aborts (the caller went away).
   */
  async read(
    known: string | undefined,
    waitMs: number,
    signal?: AbortSignal,
  ): Promise<CurrentRevocations> {
    if (!this.current) await this.reload();
    if (known === this.current!.version && waitMs > 0 && !this.closed) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, waitMs);
        this.waiters.add(done);
        signal?.addEventListener('abort', done, { once: true });
      });
    }
    return this.current!;
  }

  /**
   * After a revocation is committed: identity's own copy takes it at once, and every replica
   * (this one too, harmlessly) is told to read the list again.
   */
  async changed(): Promise<void> {
    await this.reload();
    await this.dataSource.query('SELECT pg_notify($1, $2)', [CHANNEL, this.current!.version]);
  }

  /** Reads the list; reads run one after another, so a later one always has the last word. */
  private reload(): Promise<void> {
    const run = this.queue.then(async () => {
      const snapshot = await this.snapshot();
      const version = createHash('sha256').update(JSON.stringify(snapshot)).digest('base64url');
      const changed = version !== this.current?.version;
      this.current = { snapshot, version };
      if (!changed) return;
      this.list.apply(snapshot);
      this.wakeWaiters();
    });
    // A failed read leaves the last copy in use; the caller hears of it, the queue goes on.
    this.queue = run.catch(() => undefined);
    return run;
  }

  private wakeWaiters(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private async listen(): Promise<void> {
    const options = this.dataSource.options as { url?: string };
    const client = new Client({
      connectionString: options.url,
      application_name: 'identity-revocations',
    });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || message.payload === this.current?.version) return;
      void this.reload().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'cannot read the revocations another replica announced'),
      );
    });
    client.on('error', (error) => {
      if (this.closed) return;
      this.logger.warn({ err: error }, 'revocations listener lost its connection; reconnecting');
      void client.end().catch(() => undefined);
      setTimeout(() => {
        if (this.closed) return;
        // Whatever was announced meanwhile is read now.
        void this.listen()
          .then(() => this.reload())
          .catch(() => undefined);
      }, 1_000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }
}
