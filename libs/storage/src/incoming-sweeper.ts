import type { S3Client } from '@aws-sdk/client-s3';
import { DataSource } from 'typeorm';
import { Recurring } from '@jibs/jobs';
import { LOGGER, type Logger } from '@jibs/observability';
import { sweepIncoming } from './objects';
import { UPLOAD_URL_TTL_SECONDS } from './uploads';

/** An upload not confirmed this long after its URL expired is abandoned. */
export const ABANDONED_AFTER_MS = UPLOAD_URL_TTL_SECONDS * 1000 + 60 * 60 * 1000;

export interface IncomingSweeperOptions {
  s3: S3Client;
  dataSource: DataSource;
  bucket: string;
  /** Told when a sweep fails; the next one tries again. */
  onError: (error: unknown) => void;
}

/**
 * Hourly, for each service that stores uploads: deletes uploads nobody confirmed (a closed tab,
 * a request too broken to name its upload, a cleanup that failed) and forgets settled claims
 * whose upload URL has long expired (no one can put a file at their key again). A scheduled job
 * (libs/jobs) runs it once across the service's replicas. A bucket lifecycle rule on
 * `incoming/` does the object part where one is configured. Give it to Nest as a provider.
 */
export class IncomingSweeper {
  constructor(private readonly options: IncomingSweeperOptions) {}

  /** The hourly run; a failure is told and the job library tries again. */
  @Recurring('uploads.sweep-incoming', { cron: '23 * * * *' })
  async sweepHourly(): Promise<void> {
    try {
      await this.sweep();
    } catch (error) {
      this.options.onError(error);
      throw error;
    }
  }

  /** Deletes unconfirmed uploads last written before `olderThan`; returns how many. */
  async sweep(olderThan: Date = new Date(Date.now() - ABANDONED_AFTER_MS)): Promise<number> {
    const { s3, dataSource, bucket } = this.options;
    const deleted = await sweepIncoming(s3, { bucket, olderThan });
    await dataSource.query(
      'DELETE FROM upload_claims WHERE settled_at IS NOT NULL AND claimed_at < $1',
      [olderThan],
    );
    return deleted;
  }
}

/**
 * The sweeper as a Nest provider for a service's bucket, with the token of its S3 client:
 * injectable as `IncomingSweeper`, failures logged as warnings.
 */
export function incomingSweeper(bucket: string, s3Client: symbol) {
  return {
    provide: IncomingSweeper,
    inject: [s3Client, DataSource, LOGGER],
    useFactory: (s3: S3Client, dataSource: DataSource, logger: Logger) =>
      new IncomingSweeper({
        s3,
        dataSource,
        bucket,
        onError: (error) => logger.warn({ err: error }, 'sweeping unconfirmed uploads failed'),
      }),
  };
}
