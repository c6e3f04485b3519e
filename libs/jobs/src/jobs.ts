import type PgBoss from 'pg-boss';

/** The schema of the job library's tables in each service's own database. */
export const JOBS_SCHEMA = 'jobs';

export interface SendOptions {
  /**
   * One job per key among those not yet finished (and, with `singletonSeconds`, per slot of
   * that many seconds): sending it again, from any replica, adds nothing.
   */
  singletonKey?: string;
  singletonSeconds?: number;
  /** Not before this moment. */
  startAfter?: Date;
}

/**
 * The service's jobs, as its providers send them: a one-off job to a `@JobHandler`, or a
 * recurring job's run now. Available once the application has started.
 */
export class Jobs {
  private boss?: PgBoss;

  /** Given the started library by the module (before that, sending fails). */
  attach(boss: PgBoss | undefined): void {
    this.boss = boss;
  }

  /** Queues a job; `null` when a singleton key made it a duplicate. */
  async send(name: string, data: object = {}, options: SendOptions = {}): Promise<string | null> {
    return this.started().send(name, data, options);
  }

  /**
   * A recurring job's run now, on whichever replica takes it: asks within one minute, from any
   * replica, make one run (an admin's button, a test).
   */
  runNow(name: string): Promise<string | null> {
    return this.send(name, {}, { singletonKey: 'now', singletonSeconds: 60 });
  }

  /** The state of a job (created, active, completed, failed...), or null when unknown. */
  async state(name: string, id: string): Promise<string | null> {
    const job = await this.started().getJobById(name, id, { includeArchive: true });
    return job?.state ?? null;
  }

  private started(): PgBoss {
    if (!this.boss) throw new Error('the job library is not started (no job is declared)');
    return this.boss;
  }
}
