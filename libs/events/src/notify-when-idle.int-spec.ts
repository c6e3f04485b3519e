import { Client, type Notification } from 'pg';
import { DataSource } from 'typeorm';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { testEnvelope, uniqueName } from './broker-contract';
import { OUTBOX_CHANNEL } from './create-event-tables.migration';
import { enqueue } from './enqueue';
import type { EventBroker, OutgoingRecord, Subscription } from './event-broker';
import { eventMigrations } from './event-tables';
import { InboxEntity } from './inbox.entity';
import { OutboxEntity } from './outbox.entity';
import { RELAY_IDLE_LOCK } from './outbox-notify-when-idle.migration';
import { OutboxRelay } from './outbox-relay';
import { PostgresBroker } from './postgres-broker';
import { APPEND_CHANNEL } from './postgres-event-log.schema';

/** Records what the relay hands over. */
class RecordingBroker implements EventBroker {
  readonly kind = 'postgres' as const;
  readonly published: OutgoingRecord[] = [];

  async publish(records: OutgoingRecord[]): Promise<void> {
    this.published.push(...records);
  }
  async subscribe(): Promise<never> {
    throw new Error('not used');
  }
  async health(): Promise<void> {}
  async close(): Promise<void> {}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A connection that LISTENs on `channel` and counts what it hears. */
async function listener(url: string, channel: string) {
  const client = new Client({ connectionString: url });
  const heard: Notification[] = [];
  client.on('notification', (message) => heard.push(message));
  await client.connect();
  await client.query(`LISTEN ${channel}`);
  return { heard, close: () => client.end() };
}

describe('NOTIFY only to wake an idle relay or consumer', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    db = await createTestDatabase('notify_when_idle');
    dataSource = new DataSource({
      type: 'postgres',
      url: db.url,
      entities: [OutboxEntity, InboxEntity],
      migrations: eventMigrations,
      logging: false,
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
  });

  beforeEach(async () => {
    await dataSource.query('DELETE FROM outbox');
  });

  afterEach(async () => {
    const pending = cleanups.reverse();
    cleanups = [];
    for (const cleanup of pending) await cleanup();
    // A stopped relay's connection ends a moment later: the next relay must not find its
    // leadership lock still held, or it would wait out the 60 s poll before leading.
    await eventually(
      async () =>
        (
          await dataSource.query(
            `SELECT count(*)::int AS held FROM pg_locks
              WHERE locktype = 'advisory' AND granted
                AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          )
        )[0].held === 0,
      { message: 'the stopped relays to let their locks go' },
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  const settings = (i: number) =>
    dataSource.transaction((manager) =>
      enqueue(
        manager,
        'diagnostics.ping',
        { sentAt: String(i) },
        { source: 'jibs/test', subject: `site-${i}` },
      ),
    );

  function relay(broker: EventBroker, pollIntervalMs = 60_000): OutboxRelay {
    // A backstop poll far beyond every wait below: only a notification can explain a quick hand-over.
    const created = new OutboxRelay({ dataSource, broker, pollIntervalMs });
    cleanups.push(() => created.stop());
    return created;
  }

  describe('outbox trigger', () => {
    it('notifies nobody while no relay is idle, and notifies when one holds the idle lock', async () => {
      const heard = await listener(db.url, OUTBOX_CHANNEL);
      cleanups.push(heard.close);
      await settings(1);
      await sleep(300);
      expect(heard.heard).toHaveLength(0);

      const idle = new Client({ connectionString: db.url });
      await idle.connect();
      cleanups.push(() => idle.end());
      await idle.query('SELECT pg_advisory_lock($1, $2)', [...RELAY_IDLE_LOCK]);
      await settings(2);
      await eventually(async () => heard.heard.length === 1, { timeoutMs: 5_000 });
    });

    it('keeps a relay from going idle while a transaction that wrote to the outbox is open', async () => {
      const runner = dataSource.createQueryRunner();
      await runner.startTransaction();
      cleanups.push(async () => {
        if (runner.isTransactionActive) await runner.rollbackTransaction();
        await runner.release();
      });
      await enqueue(
        runner.manager,
        'diagnostics.ping',
        { sentAt: new Date().toISOString() },
        { source: 'jibs/test', subject: 'open' },
      );
      const other = new Client({ connectionString: db.url });
      await other.connect();
      cleanups.push(() => other.end());
      const tryIdle = async () =>
        (
          await other.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
            ...RELAY_IDLE_LOCK,
          ])
        ).rows[0]!.ok;
      expect(await tryIdle()).toBe(false);
      await runner.commitTransaction();
      expect(await tryIdle()).toBe(true);
    });
  });

  describe('outbox relay', () => {
    it('is woken for rows written while it is idle, one after another', async () => {
      const broker = new RecordingBroker();
      await relay(broker).start();
      for (let i = 0; i < 5; i++) {
        // Let it go idle first.
        await sleep(100);
        const envelope = await settings(i);
        await eventually(async () => broker.published.some((r) => r.envelope.id === envelope.id), {
          timeoutMs: 5_000,
          message: `row ${i} to be published without waiting for the poll`,
        });
      }
    });

    it('strands no row written by many producers at once, in bursts with pauses', async () => {
      const broker = new RecordingBroker();
      await relay(broker).start();
      const written: string[] = [];
      for (let burst = 0; burst < 4; burst++) {
        const envelopes = await Promise.all(
          Array.from({ length: 40 }, async (_, i) => {
            await sleep(Math.random() * 50);
            return settings(burst * 100 + i);
          }),
        );
        written.push(...envelopes.map((envelope) => envelope.id));
        await sleep(Math.random() * 100);
      }
      // Far below the 60 s backstop poll: every row was found by a look or a notification.
      await eventually(async () => broker.published.length >= written.length, {
        timeoutMs: 5_000,
        message: 'every row to be published',
      });
      expect(broker.published.map((r) => r.envelope.id).sort()).toEqual([...written].sort());
    });

    it('keeps publishing other rows while a producer holds a transaction open', async () => {
      const broker = new RecordingBroker();
      await relay(broker).start();
      const runner = dataSource.createQueryRunner();
      await runner.startTransaction();
      cleanups.push(async () => {
        if (runner.isTransactionActive) await runner.rollbackTransaction();
        await runner.release();
      });
      const slow = await enqueue(
        runner.manager,
        'diagnostics.ping',
        { sentAt: new Date().toISOString() },
        { source: 'jibs/test', subject: 'slow' },
      );
      const quick = await settings(7);
      await eventually(async () => broker.published.some((r) => r.envelope.id === quick.id), {
        timeoutMs: 5_000,
      });
      await runner.commitTransaction();
      await eventually(async () => broker.published.some((r) => r.envelope.id === slow.id), {
        timeoutMs: 5_000,
      });
      expect(broker.published).toHaveLength(2);
    });
  });

  describe('event log', () => {
    let eventlog: TestDatabase;
    let broker: PostgresBroker;

    beforeAll(async () => {
      eventlog = await createTestDatabase('notify_when_idle_eventlog');
      broker = new PostgresBroker({ url: eventlog.url, partitions: 2, pollIntervalMs: 60_000 });
    });

    afterAll(async () => {
      await broker?.close();
      await eventlog?.drop();
    });

    async function subscribe(
      options: Parameters<EventBroker['subscribe']>[0],
    ): Promise<Subscription> {
      const subscription = await broker.subscribe(options);
      cleanups.push(() => subscription.stop());
      return subscription;
    }

    async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
      const client = new Client({ connectionString: eventlog.url });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows as T[];
      } finally {
        await client.end();
      }
    }

    const record = (topic: string, key: string, i: number): OutgoingRecord => ({
      topic,
      key,
      envelope: testEnvelope(topic, key, i),
    });

    it('notifies only partitions with an idle consumer waiting, once per wait', async () => {
      const topic = uniqueName('idle-notify');
      const heard = await listener(eventlog.url, APPEND_CHANNEL);
      cleanups.push(heard.close);
      await broker.health();
      await broker.ensureTopics([topic]);
      // Nobody consumes: after a first append used the initial flag, appends notify nobody.
      await broker.publish([record(topic, 'a', 0)]);
      await broker.publish([record(topic, 'a', 1), record(topic, 'a', 2)]);
      await sleep(300);
      const mine = () => heard.heard.filter((n) => n.payload?.endsWith(`:${topic}`));
      expect(mine()).toHaveLength(1);

      // A consumer reads to the end, goes idle (sets the flag) and is woken by the next append.
      const handled: string[] = [];
      await subscribe({
        group: uniqueName('idle-group'),
        topics: [topic],
        handle: async (envelope) => void handled.push(envelope.id),
      });
      await eventually(async () => handled.length === 3);
      await eventually(
        async () =>
          (
            await query<{ waiting: boolean }>(
              'SELECT bool_and(waiting) AS waiting FROM event_partitions WHERE topic = $1',
              [topic],
            )
          )[0]!.waiting,
      );
      const before = mine().length;
      const next = record(topic, 'a', 3);
      await broker.publish([next]);
      await eventually(async () => handled.includes(next.envelope.id), { timeoutMs: 5_000 });
      // The consumer's own LISTEN connection may hear the NOTIFY before this listener does.
      await eventually(async () => mine().length > before, { timeoutMs: 5_000 });
      await sleep(300);
      expect(mine().length).toBe(before + 1);
    });

    it("finds an event whose notification was lost by the broker's backstop look, for both kinds of handler", async () => {
      // Its own broker: a 1 s backstop look (each consumer's own last resort is 20 s).
      const backstopped = new PostgresBroker({
        url: eventlog.url,
        partitions: 2,
        pollIntervalMs: 100,
        idlePollIntervalMs: 1_000,
      });
      cleanups.push(() => backstopped.close());
      const topic = uniqueName('lost-notify');
      await backstopped.health();
      await backstopped.ensureTopics([topic]);
      const handled: string[] = [];
      const batched: string[] = [];
      await backstopped.subscribe({
        group: uniqueName('lost-each'),
        topics: [topic],
        handle: async (envelope) => void handled.push(envelope.id),
      });
      await backstopped.subscribe({
        group: uniqueName('lost-batch'),
        topics: [topic],
        handleBatch: async (envelopes) => void batched.push(...envelopes.map((e) => e.id)),
      });
      const first = record(topic, 'k', 0);
      await backstopped.publish([first]);
      await eventually(async () => handled.includes(first.envelope.id));
      await eventually(async () => batched.includes(first.envelope.id));
      await eventually(
        async () =>
          (
            await query<{ waiting: boolean }>(
              'SELECT bool_and(waiting) AS waiting FROM event_partitions WHERE topic = $1',
              [topic],
            )
          )[0]!.waiting,
      );
      // The wake-up is lost: the flags are cleared as if an append had used them, so the next
      // append notifies nobody.
      await query('UPDATE event_partitions SET waiting = false WHERE topic = $1', [topic]);
      const lost = record(topic, 'k', 1);
      const started = performance.now();
      await backstopped.publish([lost]);
      await eventually(
        async () => handled.includes(lost.envelope.id) && batched.includes(lost.envelope.id),
        { timeoutMs: 10_000 },
      );
      // Within a few backstop looks, far below the consumers' own 20 s.
      expect(performance.now() - started).toBeLessThan(10_000);
    });

    it('carries events one at a time from the outbox to a handler within milliseconds, both idle', async () => {
      const relayed = new OutboxRelay({ dataSource, broker, pollIntervalMs: 60_000 });
      cleanups.push(() => relayed.stop());
      await relayed.start();
      const arrived = new Map<string, number>();
      await subscribe({
        group: uniqueName('idle-latency'),
        topics: ['diagnostics.ping'],
        handle: async (envelope) => void arrived.set(envelope.id, performance.now()),
      });
      const samples: number[] = [];
      for (let i = 0; i < 50; i++) {
        const sent = performance.now();
        const envelope = await settings(i);
        await eventually(async () => arrived.has(envelope.id), { intervalMs: 1, timeoutMs: 5_000 });
        samples.push(arrived.get(envelope.id)! - sent);
      }
      samples.sort((a, b) => a - b);
      const p50 = samples[Math.floor(samples.length / 2)]!;
      process.stdout.write(`outbox -> idle relay -> idle consumer: p50 ${p50.toFixed(1)} ms\n`);
      // Each hop woke by notification: a poll would take 60 s. Loose, the host is shared.
      expect(p50).toBeLessThan(100);
    });

    it('strands no event published concurrently to consumers that go idle in between', async () => {
      const topic = uniqueName('idle-race');
      const groups = [uniqueName('race-a'), uniqueName('race-b')];
      const handled = new Map(groups.map((group) => [group, new Set<string>()]));
      for (const group of groups) {
        await subscribe({
          group,
          topics: [topic],
          handle: async (envelope) => void handled.get(group)!.add(envelope.id),
        });
      }
      const published: string[] = [];
      for (let burst = 0; burst < 5; burst++) {
        const batch = Array.from({ length: 30 }, (_, i) => record(topic, `k${i % 7}`, i));
        await Promise.all(
          batch.map(async (r) => {
            await sleep(Math.random() * 40);
            await broker.publish([r]);
          }),
        );
        published.push(...batch.map((r) => r.envelope.id));
        await sleep(Math.random() * 80);
      }
      // The backstop poll is 60 s: only notifications and the looks after going idle count.
      for (const group of groups) {
        await eventually(async () => handled.get(group)!.size === published.length, {
          timeoutMs: 5_000,
          message: `${group} to handle every event`,
        });
      }
    });
  });
});
