import {
  Global,
  Inject,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { Client } from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from '@jibs/observability';
import { jobsOf, type JobDeclaration } from './job-decorators';
import { Jobs, JOBS_SCHEMA } from './jobs';

export interface JobsModuleOptions {
  /** The service's own database: the library keeps its tables in its `jobs` schema. */
  url: string;
  applicationName: string;
  logger: Logger;
  /**
   * How often each replica looks for a job to take (default 30 s). A job sent by this replica
   * wakes its worker at once; the look finds those of other replicas and scheduled runs.
   */
  pollingIntervalSeconds?: number;
  /**
   * How often schedules are checked for a due run, and the queue of due runs looked at
   * (default 30 s each; cron is to the minute: a scheduled run starts within a minute).
   */
  cronIntervalSeconds?: number;
}

const JOBS_OPTIONS = Symbol('JOBS_OPTIONS');

/** How long a stopping replica lets a running job finish before failing it (to be retried). */
const STOP_TIMEOUT_MS = 20_000;

/**
 * Scheduled and one-off jobs on Postgres (pg-boss), once across replicas: finds every
 * provider's `@Recurring` and `@JobHandler` methods at bootstrap, creates their queues,
 * schedules the recurring ones and works them all. pg-boss creates and upgrades its own
 * `jobs` schema at start, under its advisory lock, so replicas starting together do it once.
 * It stops in beforeApplicationShutdown, before the DataSource the jobs write with is
 * destroyed; a job still running then is failed and tried again by another replica.
 */
@Global()
@Module({})
export class JobsModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private boss?: PgBoss;

  constructor(
    @Inject(JOBS_OPTIONS) private readonly options: () => JobsModuleOptions,
    private readonly jobs: Jobs,
    private readonly discovery: DiscoveryService,
  ) {}

  static forRoot(options: () => JobsModuleOptions): DynamicModule {
    return {
      module: JobsModule,
      imports: [DiscoveryModule],
      providers: [{ provide: JOBS_OPTIONS, useValue: options }, Jobs],
      exports: [Jobs],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    const declared = this.declaredJobs();
    if (declared.length === 0) return;
    const { url, applicationName, logger, pollingIntervalSeconds = 30 } = this.options();
    const cronIntervalSeconds = this.options().cronIntervalSeconds ?? 30;
    const boss = new PgBoss({
      connectionString: url,
      schema: JOBS_SCHEMA,
      application_name: applicationName,
      max: 3,
      // Passed on to its pg Pool (not in pg-boss's types): its connections stay open between
      // the looks, rather than a new backend and authentication for each. `min` alone kept
      // one: the queues' workers and the cron checks look at the same moments, so the pool
      // grew to three each time and closed two again after pg's 10 s idle timeout.
      ...({
        min: 1,
        idleTimeoutMillis: (Math.max(pollingIntervalSeconds, cronIntervalSeconds) * 2 + 5) * 1000,
      } as object),
      cronMonitorIntervalSeconds: cronIntervalSeconds,
      cronWorkerIntervalSeconds: cronIntervalSeconds,
    });
    boss.on('error', (error) => logger.warn({ err: error }, 'job library error; it retries'));
    await boss.start();
    this.boss = boss;
    const names = new Set(declared.map(({ job }) => job.name));
    await oneReplicaAtATime(url, async () => {
      for (const { job } of declared) {
        await this.createQueue(boss, job);
        if (job.kind === 'recurring') await boss.schedule(job.name, job.cron as string, {});
      }
      // A recurring job no longer declared stops being sent.
      for (const schedule of await boss.getSchedules()) {
        if (!names.has(schedule.name)) await boss.unschedule(schedule.name);
      }
    });
    const workers = new Map<string, string>();
    for (const { job, run } of declared) {
      const worker = await boss.work<object>(
        job.name,
        { pollingIntervalSeconds, batchSize: 1 },
        async ([one]) => {
          if (one) await run(one.data);
        },
      );
      workers.set(job.name, worker);
    }
    this.jobs.attach(boss, workers);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.jobs.attach(undefined);
    await this.boss?.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
    this.boss = undefined;
  }

  private async createQueue(boss: PgBoss, job: JobDeclaration): Promise<void> {
    const queue: PgBoss.Queue = {
      name: job.name,
      // A recurring job never runs twice at once: a run waits for the one still running.
      policy: job.kind === 'recurring' ? 'singleton' : 'standard',
      retryLimit: 3,
      retryDelay: 30,
      retryBackoff: true,
      ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
    };
    if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, queue);
    else await boss.createQueue(job.name, queue);
  }

  private declaredJobs(): { job: JobDeclaration; run: (data: object) => Promise<unknown> }[] {
    const found = new Map<
      string,
      { job: JobDeclaration; run: (data: object) => Promise<unknown> }
    >();
    const instances = new Set<object>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (instance && typeof instance === 'object') instances.add(instance);
    }
    for (const instance of instances) {
      for (const job of jobsOf(instance)) {
        if (found.has(job.name)) throw new Error(`job ${job.name} is declared twice`);
        const method = (instance as Record<string | symbol, (data: object) => Promise<unknown>>)[
          job.method
        ];
        found.set(job.name, { job, run: (data) => method.call(instance, data) });
      }
    }
    return [...found.values()];
  }
}

/**
 * Runs `setup` holding a session advisory lock of the service's database: replicas starting
 * together create the same queues, and pg-boss creating one queue's partition twice at once
 * deadlocks.
 */
async function oneReplicaAtATime(url: string, setup: () => Promise<void>): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('jibs:jobs:setup'))");
    await setup();
  } finally {
    await client.end();
  }
}
