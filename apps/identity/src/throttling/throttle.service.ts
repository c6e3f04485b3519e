import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { DomainError } from '@jibs/domain';
import type { ThrottleRule } from './throttle-rules';

export interface ThrottleClaim {
  rule: ThrottleRule;
  key: string;
}

/** Counted events taken by `reserve`; `release` takes them back when the event did not count. */
export interface Reservation {
  release(): Promise<void>;
}

/** rate-limiter-flexible's own table (created by identity's migration): one row per key. */
export const THROTTLE_TABLE = 'throttle_counters';

/** The key (an email, a client address, a user id) is stored only as its SHA-256. */
const keyHash = (key: string) =>
  createHash('sha256').update(key.trim().toLowerCase()).digest('hex');

/**
 * Server-side throttling with `rate-limiter-flexible` on identity's Postgres, shared by every
 * replica: one fixed window per rule and key, counted by an atomic upsert, expired rows removed
 * by the library. A caller reserves BEFORE doing the guarded work (checking a password, sending a
 * code), so parallel requests cannot all slip through before the first failure is recorded. A
 * refused reservation counts nothing: the points it took are given back, so hammering does not
 * keep a lockout going.
 */
@Injectable()
export class ThrottleService {
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  constructor(private readonly dataSource: DataSource) {}

  /** Counts one event for every claim, or none and RATE_LIMITED if any claim is at its limit. */
  async reserve(...claims: ThrottleClaim[]): Promise<Reservation> {
    const taken: ThrottleClaim[] = [];
    for (const claim of claims) {
      try {
        await this.limiter(claim.rule).consume(keyHash(claim.key));
        taken.push(claim);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        // The refused point and the ones this reservation already took are given back.
        await Promise.all([claim, ...taken].map((each) => this.giveBack(each)));
        throw DomainError.rateLimited(claim.rule.message);
      }
    }
    return { release: async () => void (await Promise.all(taken.map((c) => this.giveBack(c)))) };
  }

  /** Forgets a key's count (a successful sign-in clears the account's failures). */
  async clear(rule: ThrottleRule, key: string): Promise<void> {
    await this.limiter(rule).delete(keyHash(key));
  }

  /** When the next event of a key will be allowed (now, if it would be). */
  async nextAllowedAt(rule: ThrottleRule, key: string): Promise<Date> {
    const state = await this.limiter(rule).get(keyHash(key));
    const now = Date.now();
    if (!state || state.consumedPoints < rule.limit) return new Date(now);
    return new Date(now + state.msBeforeNext);
  }

  private giveBack(claim: ThrottleClaim): Promise<unknown> {
    return this.limiter(claim.rule).reward(keyHash(claim.key), 1);
  }

  private limiter(rule: ThrottleRule): RateLimiterPostgres {
    let limiter = this.limiters.get(rule.bucket);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: this.dataSource,
        storeType: 'typeorm',
        tableName: THROTTLE_TABLE,
        tableCreated: true,
        keyPrefix: rule.bucket,
        points: rule.limit,
        duration: rule.windowSeconds,
        // Expired rows are deleted by the library, every hour.
        clearExpiredByTimeout: true,
      });
      this.limiters.set(rule.bucket, limiter);
    }
    return limiter;
  }
}
