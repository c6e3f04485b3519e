import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { eventMigrations } from './event-tables';
import { enqueue } from './enqueue';
import type { EventBroker, OutgoingRecord } from './event-broker';
import { EventMetrics } from './event-metrics';
import { InboxEntity } from './inbox.entity';
import { OutboxEntity } from './outbox.entity';
import { OutboxRelay } from './outbox-relay';

/** Records what the relay hands over; can be told to fail. */
class RecordingBroker implements EventBroker {
  readonly kind = 'postgres' as const;
  readonly published: OutgoingRecord[] = [];
  batches = 0;
  failNext = 0;

  async publish(records: OutgoingRecord[]): Promise<void> {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('broker unavailable');
    }
    this.batches++;
    this.published.push(...records);
  }
  async subscribe(): Promise<never> {
    throw new Error('not used');
  }
  async health(): Promise<void> {}
  async close(): Promise<void> {}
}

describe('OutboxRelay', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let relays: OutboxRelay[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('outbox_relay');
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
    await Promise.all(relays.map((relay) => relay.stop()));
    relays = [];
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  function relay(
    broker: EventBroker,
    options: { batchSize?: number; metrics?: EventMetrics } = {},
  ) {
    const created = new OutboxRelay({ dataSource, broker, pollIntervalMs: 200, ...options });
    relays.push(created);
    return created;
  }

  const settings = (i: number) =>
    dataSource.transaction((manager) =>
      enqueue(
        manager,
        'diagnostics.ping',
        { sentAt: String(i) },
        {
          source: 'jibs/identity',
          subject: 'site',
        },
      ),
    );

  async function unpublished(): Promise<number> {
    const [row] = await dataSource.query(
      'SELECT count(*)::int AS count FROM outbox WHERE published_at IS NULL',
    );
    return row.count;
  }

  it('publishes rows in insert order, in batches, and marks them published', async () => {
    const broker = new RecordingBroker();
    const envelopes = [];
    for (let i = 0; i < 25; i++) envelopes.push(await settings(i));
    await relay(broker, { batchSize: 10 }).start();
    await eventually(async () => broker.published.length === 25 && (await unpublished()) === 0);
    expect(broker.published.map((record) => record.envelope.id)).toEqual(
      envelopes.map((envelope) => envelope.id),
    );
    expect(broker.published[0]).toEqual({
      topic: 'diagnostics.ping',
      key: 'site',
      envelope: envelopes[0],
    });
    expect(broker.batches).toBe(3);
  });

  it('wakes on the outbox trigger rather than waiting for its poll', async () => {
    const broker = new RecordingBroker();
    const slow = new OutboxRelay({ dataSource, broker, pollIntervalMs: 60_000 });
    relays.push(slow);
    await slow.start();
    const envelope = await settings(1);
    await eventually(async () => broker.published.some((r) => r.envelope.id === envelope.id), {
      timeoutMs: 5_000,
    });
  });

  it('keeps a row unpublished while the broker fails, and publishes it once it recovers', async () => {
    const broker = new RecordingBroker();
    broker.failNext = 2;
    const envelope = await settings(1);
    await relay(broker).start();
    await eventually(async () => broker.published.length === 1, { timeoutMs: 10_000 });
    expect(broker.published[0].envelope.id).toBe(envelope.id);
    expect(await unpublished()).toBe(0);
  });

  it('lets one relay per database publish at a time, and another take over when it stops', async () => {
    const first = new RecordingBroker();
    const second = new RecordingBroker();
    const leader = relay(first);
    await leader.start();
    await settings(1);
    await eventually(async () => first.published.length === 1);
    await relay(second).start();
    for (let i = 0; i < 5; i++) await settings(i);
    await eventually(async () => first.published.length === 6);
    expect(second.published).toEqual([]);

    await leader.stop();
    await settings(99);
    await eventually(async () => second.published.length === 1, { timeoutMs: 10_000 });
    expect(first.published).toHaveLength(6);
  });

  it('deletes published rows and handled inbox entries past their retention, and nothing else', async () => {
    const [old, recent] = [await settings(1), await settings(2)];
    const pending = await settings(3);
    await dataSource.query(
      `UPDATE outbox SET published_at = now() - interval '8 days' WHERE id = $1`,
      [old.id],
    );
    await dataSource.query(
      `UPDATE outbox SET published_at = now() - interval '1 hour' WHERE id = $1`,
      [recent.id],
    );
    const [oldEntry, recentEntry] = [randomUUID(), randomUUID()];
    await dataSource.query(
      `INSERT INTO inbox (consumer_group, event_id, handled_at)
       VALUES ('retention', $1, now() - interval '31 days'), ('retention', $2, now() - interval '1 day')`,
      [oldEntry, recentEntry],
    );

    const broker = new RecordingBroker();
    await relay(broker).start();
    await eventually(async () => (await unpublished()) === 0 || undefined);

    const ids = async (sql: string) =>
      ((await dataSource.query(sql)) as { id: string }[]).map((row) => row.id).sort();
    await eventually(
      async () =>
        (await ids('SELECT id FROM outbox')).length === 2 &&
        (await ids(`SELECT event_id AS id FROM inbox WHERE consumer_group = 'retention'`))
          .length === 1,
    );
    expect(await ids('SELECT id FROM outbox')).toEqual([recent.id, pending.id].sort());
    expect(
      await ids(`SELECT event_id AS id FROM inbox WHERE consumer_group = 'retention'`),
    ).toEqual([recentEntry]);
    expect(broker.published.map((record) => record.envelope.id)).toEqual([pending.id]);
  });

  it('reports the outbox backlog and how long its oldest row has waited', async () => {
    const metrics = new EventMetrics(new Registry());
    const broker = new RecordingBroker();
    broker.failNext = Number.MAX_SAFE_INTEGER;
    await settings(1);
    await settings(2);
    await relay(broker, { metrics }).start();
    await eventually(async () => (await metrics.outboxBacklog.get()).values[0]?.value === 2);
    const age = async () => (await metrics.outboxOldestAge.get()).values[0]?.value ?? -1;
    await eventually(async () => (await age()) > 0);
    broker.failNext = 0;
    await eventually(async () => (await metrics.outboxBacklog.get()).values[0]?.value === 0, {
      timeoutMs: 10_000,
    });
    await eventually(async () => (await age()) === 0);
  });

  it('refuses to enqueue outside a transaction', async () => {
    await expect(
      enqueue(
        dataSource.manager,
        'diagnostics.ping',
        { sentAt: new Date().toISOString() },
        {
          source: 'jibs/identity',
          subject: 'site',
        },
      ),
    ).rejects.toThrow('must run inside the transaction');
    expect(await unpublished()).toBe(0);
  });

  it('refuses invalid data without writing anything', async () => {
    await expect(
      dataSource.transaction((manager) =>
        enqueue(
          manager,
          'user.registered',
          {
            userId: randomUUID(),
            email: 'x',
            firstName: 'x',
            lastName: 'x',
            role: 'root' as 'admin',
          },
          { source: 'jibs/identity', subject: 'x' },
        ),
      ),
    ).rejects.toThrow('Invalid data for event "user.registered"');
    expect(await unpublished()).toBe(0);
  });
});
