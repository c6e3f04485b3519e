import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { DomainError, MEMORY_RATE_LIMIT, MemorialMessages } from '@jibs/domain';

/** The table the limiter keeps its counters in (created by the service's migration). */
export const MEMORY_RATE_LIMIT_TABLE = 'memory_rate_limits';

/**
 * Memories per contributor per hour, across all memorials, counted in this service's Postgres
 * so every replica shares one count.
 */
export class MemoryRateLimiter {
  private readonly limiter: RateLimiterPostgres;

  constructor(dataSource: DataSource) {
    this.limiter = new RateLimiterPostgres({
      storeClient: dataSource,
      storeType: 'typeorm',
      tableName: MEMORY_RATE_LIMIT_TABLE,
      tableCreated: true,
      keyPrefix: 'memory',
      points: MEMORY_RATE_LIMIT.points,
      duration: MEMORY_RATE_LIMIT.durationSeconds,
    });
  }

  /** Counts one memory for the contributor; RATE_LIMITED past the limit. */
  async consume(contributorId: string): Promise<void> {
    try {
      await this.limiter.consume(contributorId);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw DomainError.rateLimited(MemorialMessages.memoryRateLimited);
      }
      throw error;
    }
  }
}
