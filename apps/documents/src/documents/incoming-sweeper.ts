import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { S3Client } from '@aws-sdk/client-s3';
import { LOGGER, type Logger } from '@jibs/observability';
import { sweepIncoming, UPLOAD_URL_TTL_SECONDS } from '@jibs/storage';
import { DOCUMENTS_BUCKET, PRESIGNING_CLIENT, S3_CLIENT } from './documents.service';

/** How often unconfirmed uploads are looked for. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** An upload not confirmed this long after its URL expired is abandoned. */
export const ABANDONED_AFTER_MS = UPLOAD_URL_TTL_SECONDS * 1000 + 60 * 60 * 1000;

/**
 * Deletes uploads nobody confirmed (a closed tab, a refused confirm that never came), hourly.
 * Every replica may run it: deleting an object twice is harmless. A bucket lifecycle rule on
 * `incoming/` does the same job where one is configured.
 */
@Injectable()
export class IncomingSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(S3_CLIENT) private readonly s3: S3Client,
    @Inject(DOCUMENTS_BUCKET) private readonly bucket: string,
    @Inject(PRESIGNING_CLIENT) private readonly presigner: S3Client,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'sweeping unconfirmed uploads failed'),
      );
    }, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.s3.destroy();
    this.presigner.destroy();
  }

  /** Deletes unconfirmed uploads last written before `olderThan`; returns how many. */
  sweep(olderThan: Date = new Date(Date.now() - ABANDONED_AFTER_MS)): Promise<number> {
    return sweepIncoming(this.s3, { bucket: this.bucket, olderThan });
  }
}
