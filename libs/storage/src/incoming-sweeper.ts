import type { S3Client } from '@aws-sdk/client-s3';
import { DataSource } from 'typeorm';
import { LOGGER, type Logger } from '@jibs/observability';
import { sweepIncoming } from './objects';
import { UPLOAD_URL_TTL_SECONDS } from './uploads';

/** How often unconfirmed uploads are looked for. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
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
 * whose upload URL has long expired (no one can put a file at their key again). Every replica
 * may run it: deleting twice is harmless. A bucket lifecycle rule on `incoming/` does the object
 * part where one is configured. Give it to Nest as a provider: it starts and stops with the
 * application.
 */
export class IncomingSweeper {
  private timer?: NodeJS.Timeout;

  constructor(private readonly options: IncomingSweeperOptions) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.sweep().catch(this.options.onError);
    }, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
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
