import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { DomainError, UPLOAD_RATE_LIMIT, UploadMessages } from '@jibs/domain';

/** The table the limiter keeps its counters in (created by each storing service's migration). */
export const UPLOAD_RATE_LIMIT_TABLE = 'upload_rate_limits';

/**
 * Upload starts per member (spec section 9: 10 per 60 s), for every upload path (documents,
 * memorial photos): `createUploadSlot` takes one. Counted in the service's own Postgres so
 * every replica shares one count.
 */
export class UploadRateLimiter {
  private readonly limiter: RateLimiterPostgres;

  constructor(dataSource: DataSource) {
    this.limiter = new RateLimiterPostgres({
      storeClient: dataSource,
      storeType: 'typeorm',
      tableName: UPLOAD_RATE_LIMIT_TABLE,
      tableCreated: true,
      keyPrefix: 'upload',
      points: UPLOAD_RATE_LIMIT.points,
      duration: UPLOAD_RATE_LIMIT.durationSeconds,
    });
  }

  /** Counts one start for the member; refuses with RATE_LIMITED past the limit. */
  async consume(memberId: string): Promise<void> {
    try {
      await this.limiter.consume(memberId);
    } catch (error) {
      if (error instanceof RateLimiterRes)
        throw DomainError.rateLimited(UploadMessages.rateLimited);
      throw error;
    }
  }
}
