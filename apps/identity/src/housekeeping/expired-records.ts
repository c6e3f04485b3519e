import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Recurring } from '@jibs/jobs';
import { LOGGER, type Logger } from '@jibs/observability';

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
 * expiry, hourly, once across replicas (a scheduled job). The database's clock decides.
 */
@Injectable()
export class ExpiredRecords {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

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

  /** The hourly run; a failure is logged and the job library tries again. */
  @Recurring('identity.expired-records', { cron: '7 * * * *' })
  async sweepHourly(): Promise<void> {
    try {
      const counts = await this.sweep();
      if (Object.values(counts).some(Boolean))
        this.logger.info({ counts }, 'deleted expired records');
    } catch (error) {
      this.logger.warn({ err: error }, 'could not delete expired records; will retry');
      throw error;
    }
  }
}
