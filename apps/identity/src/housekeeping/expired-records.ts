import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LOGGER, type Logger } from '@jibs/observability';

const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * What is deleted, and how long after it expired. Each is kept past its expiry a while so the
 * member still gets the specific answer ('expired', 'already used') for a late try, and refresh
 * tokens a week so that replaying a stolen, just-expired one still revokes its family.
 */
const RULES = [
  { table: 'sign_in_challenges', keepDays: 1 },
  { table: 'sign_up_codes', keepDays: 1 },
  { table: 'verification_codes', keepDays: 1 },
  { table: 'password_reset_tokens', keepDays: 7 },
  { table: 'refresh_tokens', keepDays: 7 },
] as const;

export type SweepCounts = Record<(typeof RULES)[number]['table'], number>;

/**
 * Deletes sign-in challenges, sign-up and verification codes, reset links and refresh tokens long past their
 * expiry, hourly on every replica (the deletes are idempotent). The database's clock decides.
 */
@Injectable()
export class ExpiredRecords implements OnModuleInit, OnModuleDestroy {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.sweepQuietly(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<SweepCounts> {
    const counts = {} as SweepCounts;
    for (const { table, keepDays } of RULES) {
      const [, affected] = (await this.dataSource.query(
        `DELETE FROM ${table} WHERE expires_at < now() - make_interval(days => $1)`,
        [keepDays],
      )) as [unknown, number];
      counts[table] = affected;
    }
    return counts;
  }

  private async sweepQuietly(): Promise<void> {
    if (!this.dataSource.isInitialized) return;
    try {
      const counts = await this.sweep();
      if (Object.values(counts).some(Boolean))
        this.logger.info({ counts }, 'deleted expired records');
    } catch (error) {
      this.logger.warn({ err: error }, 'could not delete expired records; will retry');
    }
  }
}
