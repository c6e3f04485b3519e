import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Pool } from 'pg';
import { createLogger } from '@jibs/observability';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { JobHandler, Recurring } from './job-decorators';
import { Jobs } from './jobs';
import { JobsModule } from './jobs.module';

jest.setTimeout(60_000);

let db: TestDatabase;
let pool: Pool;

/** What each replica's jobs write: one row per run, with the replica that ran it. */
function ticker(replica: string) {
  @Injectable()
  class Ticker {
    @Recurring('test.tick', { cron: '* * * * *' })
    async tick(): Promise<void> {
      await pool.query(
        "INSERT INTO runs (job, replica, slot) VALUES ('tick', $1, date_trunc('minute', now()))",
        [replica],
      );
    }

    @JobHandler('test.once')
    async once(data: { n: number }): Promise<void> {
      await pool.query("INSERT INTO runs (job, replica, slot) VALUES ('once:' || $2, $1, now())", [
        replica,
        data.n,
      ]);
    }
  }
  return Ticker;
}

/** One replica: the job library and the ticker, on the shared database. */
async function replica(
  name: string,
  intervals: { pollingIntervalSeconds?: number; cronIntervalSeconds?: number } = {
    pollingIntervalSeconds: 0.5,
    cronIntervalSeconds: 1,
  },
): Promise<INestApplicationContext> {
  const logger = createLogger(`jobs-test-${name}`, 'silent');
  const Ticker = ticker(name);
  const module = JobsModule.forRoot(() => ({
    url: db.url,
    applicationName: `jobs-test-${name}`,
    logger,
    ...intervals,
  }));
  const app = await NestFactory.createApplicationContext(
    { module: class Replica {}, imports: [module], providers: [Ticker] },
    { logger: false },
  );
  await app.init().catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  return app;
}

async function runs(job: string): Promise<{ replica: string; slot: Date }[]> {
  return (await pool.query('SELECT replica, slot FROM runs WHERE job = $1', [job])).rows;
}

beforeAll(async () => {
  db = await createTestDatabase('jobs');
  pool = new Pool({ connectionString: db.url, max: 4 });
  await pool.query('CREATE TABLE runs (job text, replica text, slot timestamptz)');
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

afterEach(() => pool.query('TRUNCATE runs'));

describe('jobs on Postgres, two replicas on one database', () => {
  it('runs a recurring job once per slot, not once per replica, and again after a restart only in a new slot', async () => {
    const minute = async (): Promise<number> =>
      (await pool.query("SELECT date_trunc('minute', now()) AS m")).rows[0].m.getTime();
    const firstMinute = await minute();
    const [a, b] = await Promise.all([replica('a'), replica('b')]);
    try {
      await eventually(async () => (await runs('tick')).length > 0, {
        timeoutMs: 20_000,
        message: 'the first tick',
      });
      // Proving that nothing else runs needs a window: several polls of both replicas.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      // A replica restarted (its schedule declared again) does not run the slot again.
      await b.close();
      const b2 = await replica('b2');
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await b2.close();
      const ticks = await runs('tick');
      // One run per minute the test spanned, at most. (Not one per minute a run wrote down: a
      // slot's job that runs a moment late, in the next minute, writes the same minute as the
      // next slot's run. CI once saw two replicas' rows for one minute on a loaded machine.)
      const minutes = (await minute()) / 60_000 - firstMinute / 60_000 + 1;
      expect(ticks.length).toBeGreaterThan(0);
      expect(ticks.length).toBeLessThanOrEqual(minutes);
    } finally {
      await a.close();
    }
  });

  it('runs a one-off job sent twice with one key once, on either replica', async () => {
    const [a, b] = await Promise.all([replica('a'), replica('b')]);
    try {
      const sent = await Promise.all([
        a.get(Jobs).send('test.once', { n: 1 }, { singletonKey: 'one', singletonSeconds: 600 }),
        b.get(Jobs).send('test.once', { n: 1 }, { singletonKey: 'one', singletonSeconds: 600 }),
        a.get(Jobs).send('test.once', { n: 2 }),
      ]);
      expect(sent.filter(Boolean)).toHaveLength(2);
      await eventually(async () => (await runs('once:2')).length === 1, {
        message: 'the second job',
      });
      await eventually(async () => (await runs('once:1')).length === 1, {
        message: 'the first job',
      });
      const id = sent.find(Boolean) as string;
      expect(await a.get(Jobs).state('test.once', id)).toMatch(/completed|active/);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('runs a job this replica sends at once, without waiting for its poll', async () => {
    // The default intervals (30 s): only the wake-up on send can run it within seconds.
    const a = await replica('quiet', {});
    try {
      const sentAt = Date.now();
      expect(await a.get(Jobs).send('test.once', { n: 3 })).toEqual(expect.any(String));
      await eventually(async () => (await runs('once:3')).length === 1, {
        timeoutMs: 10_000,
        message: 'the job to run before the 30 s poll',
      });
      expect(Date.now() - sentAt).toBeLessThan(10_000);
    } finally {
      await a.close();
    }
  });
});
