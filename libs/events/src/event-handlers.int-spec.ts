import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { eventMigrations } from './event-tables';
import type { Subscription } from './event-broker';
import { buildEnvelope, type EventEnvelope } from './event-envelope';
import {
  AfterEvents,
  OnEvent,
  OnEvents,
  subscribeEventHandlers,
  type EventOf,
} from './event-handlers';
import { InboxEntity } from './inbox.entity';
import { OutboxEntity } from './outbox.entity';
import { PostgresBroker } from './postgres-broker';

/**
 * The typed handlers on the embedded bus, and exactly-once effects when a consumer dies in the
 * middle of a batch: before its transaction commits, or after it but before the offset commit.
 */
describe('typed event handlers', () => {
  jest.setTimeout(20_000);
  let serviceDb: TestDatabase;
  let eventlog: TestDatabase;
  let dataSource: DataSource;
  let broker: PostgresBroker;
  let admin: Client;
  const subscriptions: Subscription[] = [];

  beforeAll(async () => {
    [serviceDb, eventlog] = await Promise.all([
      createTestDatabase('event_handlers_service'),
      createTestDatabase('event_handlers_eventlog'),
    ]);
    dataSource = new DataSource({
      type: 'postgres',
      url: serviceDb.url,
      entities: [OutboxEntity, InboxEntity],
      migrations: eventMigrations,
      logging: false,
      extra: { max: 10 },
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
    // No unique constraint: a second application of an effect would show as a second row.
    await dataSource.query(
      'CREATE TABLE effects (seq bigserial, event_id uuid NOT NULL, group_id text NOT NULL)',
    );
    broker = new PostgresBroker({
      url: eventlog.url,
      clientId: 'handlers',
      pollIntervalMs: 50,
      heartbeatIntervalMs: 50,
    });
    admin = new Client({ connectionString: eventlog.url });
    await admin.connect();
  });

  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
  });

  afterAll(async () => {
    await broker?.close();
    await admin?.end();
    await dataSource?.destroy();
    await Promise.all([serviceDb?.drop(), eventlog?.drop()]);
  });

  const registered = (key: string): EventEnvelope => {
    const userId = randomUUID();
    return buildEnvelope(
      'user.registered',
      { userId, email: `${userId}@example.com`, firstName: 'A', lastName: 'B', role: 'member' },
      { source: 'jibs/identity', subject: key },
    );
  };

  const applied = async (group: string): Promise<{ event_id: string; times: number }[]> =>
    dataSource.query(
      `SELECT event_id, count(*)::int AS times FROM effects WHERE group_id = $1
        GROUP BY event_id ORDER BY min(seq)`,
      [group],
    );

  const record = (manager: EntityManager, group: string, events: EventEnvelope[]) =>
    manager.query(
      `INSERT INTO effects (event_id, group_id)
       SELECT id, $2 FROM unnest($1::uuid[]) WITH ORDINALITY AS e(id, n) ORDER BY n`,
      [events.map((event) => event.id), group],
    );

  /** Ends the group member's eventlog connection, as a crash of its process would. */
  const killConsumerConnection = async (group: string) => {
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $1`,
      [`handlers:${group}`],
    );
  };

  it('hands a batch handler the new events of a key in order, each applied once', async () => {
    const group = 'batch-order';
    const key = randomUUID();
    const events = Array.from({ length: 30 }, () => registered(key));
    // Delivered twice: the second copies are dropped by the inbox.
    await broker.publish(
      [...events, ...events].map((envelope) => ({ topic: 'user.registered', key, envelope })),
    );
    const batches: number[] = [];
    class Handlers {
      @OnEvents('user.registered', { group, batch: true })
      async apply(batch: EventOf<'user.registered'>[], manager: EntityManager): Promise<void> {
        batches.push(batch.length);
        await record(manager, group, batch);
      }
    }
    subscriptions.push(...(await subscribeEventHandlers(broker, dataSource, new Handlers())));
    await eventually(async () => (await applied(group)).length === events.length);
    const rows = await applied(group);
    expect(rows.map((row) => row.event_id)).toEqual(events.map((event) => event.id));
    expect(rows.every((row) => row.times === 1)).toBe(true);
    // Fewer transactions than events: they came in batches.
    expect(batches.length).toBeLessThan(events.length);
  });

  it('applies a batch once when the consumer dies after the commit and before the offset', async () => {
    const group = 'killed-after-commit';
    const key = randomUUID();
    const events = Array.from({ length: 20 }, () => registered(key));
    let killed = false;
    const delivered = new Map<string, number>();
    class Handlers {
      @OnEvents('user.registered', { group, batch: true })
      async apply(batch: EventOf<'user.registered'>[], manager: EntityManager): Promise<void> {
        await record(manager, group, batch);
        // A new group starts at the beginning of the log: earlier tests' events come first.
        if (!killed && batch.some((event) => event.id === events[0].id)) {
          killed = true;
          // The effect still commits; the offset commit that follows cannot.
          await killConsumerConnection(group);
        }
      }

      @AfterEvents('user.registered', { group })
      async count(batch: EventOf<'user.registered'>[]): Promise<void> {
        for (const event of batch) delivered.set(event.id, (delivered.get(event.id) ?? 0) + 1);
      }
    }
    subscriptions.push(...(await subscribeEventHandlers(broker, dataSource, new Handlers())));
    // Published once subscribed, so the first batch holds them all.
    await broker.publish(events.map((envelope) => ({ topic: 'user.registered', key, envelope })));
    // Redelivered from the last committed offset after the member rejoined.
    await eventually(async () => events.every((event) => (delivered.get(event.id) ?? 0) >= 2), {
      message: 'the batch redelivered',
    });
    const rows = (await applied(group)).filter((row) => events.some((e) => e.id === row.event_id));
    expect(killed).toBe(true);
    expect(rows.map((row) => row.event_id)).toEqual(events.map((event) => event.id));
    expect(rows.every((row) => row.times === 1)).toBe(true);
    // Every earlier event too: none applied twice.
    expect((await applied(group)).every((row) => row.times === 1)).toBe(true);
  });

  it('applies a batch once when its transaction dies half-way', async () => {
    const group = 'killed-mid-transaction';
    const key = randomUUID();
    const events = Array.from({ length: 20 }, () => registered(key));
    let killed = false;
    class Handlers {
      @OnEvent('user.registered', { group, retryBackoffMs: 10 })
      async apply(event: EventOf<'user.registered'>, manager: EntityManager): Promise<void> {
        await record(manager, group, [event]);
        if (!killed && event.id === events[10].id) {
          killed = true;
          // Half the batch's effects are written; its connection dies before the commit.
          await manager.query('SELECT pg_terminate_backend(pg_backend_pid())');
        }
      }
    }
    subscriptions.push(...(await subscribeEventHandlers(broker, dataSource, new Handlers())));
    await broker.publish(events.map((envelope) => ({ topic: 'user.registered', key, envelope })));
    const mine = async () =>
      (await applied(group)).filter((row) => events.some((e) => e.id === row.event_id));
    await eventually(async () => (await mine()).length === events.length);
    const rows = await mine();
    expect(killed).toBe(true);
    expect(rows.map((row) => row.event_id)).toEqual(events.map((event) => event.id));
    expect(rows.every((row) => row.times === 1)).toBe(true);
    expect((await applied(group)).every((row) => row.times === 1)).toBe(true);
  });

  it('refuses two handler methods for one group, which would reorder a key', async () => {
    class Handlers {
      @OnEvent('user.registered', { group: 'twice' })
      async one(): Promise<void> {}

      @OnEvent('user.verified', { group: 'twice' })
      async two(): Promise<void> {}
    }
    await expect(subscribeEventHandlers(broker, dataSource, new Handlers())).rejects.toThrow(
      'more than one event handler method',
    );
  });

  it('types the handler argument from the catalog', () => {
    class Handlers {
      // @ts-expect-error: a user.verified handler cannot subscribe to user.registered.
      @OnEvent('user.registered', { group: 'typed' })
      async wrong(_event: EventOf<'user.verified'>): Promise<void> {}

      @OnEvent(['user.registered', 'user.verified'], { group: 'typed-union' })
      async right(event: EventOf<'user.registered' | 'user.verified'>): Promise<void> {
        // Narrowed by type: no cast needed for either event's data.
        const detail: string =
          event.type === 'user.registered' ? event.data.email : event.data.method;
        void detail;
      }
    }
    expect(new Handlers()).toBeDefined();
  });
});
