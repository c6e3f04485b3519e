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
  /** This replica's worker of each queue (job name to pg-boss worker id). */
  private workers = new Map<string, string>();

  /** Given the started library by the module (before that, sending fails). */
  attach(boss: PgBoss | undefined, workers = new Map<string, string>()): void {
    this.boss = boss;
    this.workers = workers;
  }

  /**
   * Queues a job; `null` when a singleton key made it a duplicate. A job due now wakes this
   * replica's worker, which otherwise looks only every polling interval.
   */
  async send(name: string, data: object = {}, options: SendOptions = {}): Promise<string | null> {
    const boss = this.started();
    const id = await boss.send(name, data, options);
    const worker = this.workers.get(name);
    if (id && worker && !options.startAfter) boss.notifyWorker(worker);
    return id;
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
