import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainError } from '@jibs/domain';
import { LOGGER, type Logger } from '@jibs/observability';
import { ThrottleHitEntity } from './throttle-hit.entity';
import { isAllowed, nextAllowedAt, type ThrottleRule } from './throttle-window';

export interface ThrottleClaim {
  rule: ThrottleRule;
  key: string;
}

/** Counted events taken by `reserve`; `release` takes them back when the event did not count. */
export interface Reservation {
  release(): Promise<void>;
}

const SWEEP_EVERY_MS = 10 * 60_000;
// Longer than any rule's window: older hits can no longer count.
const KEEP_HITS_SECONDS = 24 * 3600;

const keyHash = (key: string) =>
  createHash('sha256').update(key.trim().toLowerCase()).digest('hex');

/**
 * Server-side throttling in Postgres, shared by every replica. A caller reserves a hit BEFORE
 * doing the guarded work (checking a password, sending a code), so parallel requests cannot
 * all slip through before the first failure is recorded; each key is locked while it is
 * counted. A refused request records nothing, so hammering does not extend a lockout.
 */
@Injectable()
export class ThrottleService implements OnModuleInit, OnModuleDestroy {
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Records one hit for every claim, or none and RATE_LIMITED if any claim is at its limit. */
  async reserve(...claims: ThrottleClaim[]): Promise<Reservation> {
    const keyed = claims
      .map((claim) => ({ ...claim, hash: keyHash(claim.key) }))
      .sort((a, b) => `${a.rule.bucket}${a.hash}`.localeCompare(`${b.rule.bucket}${b.hash}`));
    const ids = await this.dataSource.transaction(async (manager) => {
      const inserted: string[] = [];
      for (const claim of keyed) {
        // Locks in a fixed order, so two reservations of the same keys cannot deadlock.
        await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
          `${claim.rule.bucket}:${claim.hash}`,
        ]);
        const { now, hits } = await this.hits(manager, claim.rule, claim.hash);
        if (!isAllowed(claim.rule, hits, now)) throw DomainError.rateLimited(claim.rule.message);
        const [row] = (await manager.query(
          'INSERT INTO throttle_hits (bucket, key_hash) VALUES ($1, $2) RETURNING id',
          [claim.rule.bucket, claim.hash],
        )) as { id: string }[];
        inserted.push(row!.id);
      }
      return inserted;
    });
    return {
      release: async () => {
        await this.dataSource.getRepository(ThrottleHitEntity).delete(ids);
      },
    };
  }

  /** Forgets every hit of a key (a successful sign-in clears the account's failures). */
  async clear(rule: ThrottleRule, key: string): Promise<void> {
    await this.dataSource.manager.delete(ThrottleHitEntity, {
      bucket: rule.bucket,
      keyHash: keyHash(key),
    });
  }

  /** When the next hit of a key will be allowed (now, if it would be). */
  async nextAllowedAt(rule: ThrottleRule, key: string): Promise<Date> {
    const { now, hits } = await this.hits(this.dataSource.manager, rule, keyHash(key));
    return nextAllowedAt(rule, hits, now);
  }

  onModuleInit(): void {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  private async hits(
    manager: EntityManager,
    rule: ThrottleRule,
    hash: string,
  ): Promise<{ now: Date; hits: Date[] }> {
    // The database's clock decides, the same one every replica and every expiry uses.
    const [row] = (await manager.query(
      `SELECT now() AS now, ARRAY(
         SELECT created_at FROM throttle_hits
          WHERE bucket = $1 AND key_hash = $2 AND created_at > now() - make_interval(secs => $3)
       ) AS hits`,
      [rule.bucket, hash, rule.windowSeconds],
    )) as { now: Date; hits: Date[] }[];
    return row!;
  }

  private async sweep(): Promise<void> {
    if (!this.dataSource.isInitialized) return;
    await this.dataSource
      .query('DELETE FROM throttle_hits WHERE created_at < now() - make_interval(secs => $1)', [
        KEEP_HITS_SECONDS,
      ])
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'could not delete old throttle hits; will retry'),
      );
  }
}
