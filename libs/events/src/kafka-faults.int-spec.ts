import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, type EntityManager } from 'typeorm';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { testEnvelope, uniqueName } from './broker-contract';
import { eventMigrations } from './event-tables';
import { deadLetterTopic, type DeadLetterEnvelope } from './dead-letter';
import type { SubscribeOptions, Subscription } from './event-broker';
import type { EventType } from './event-catalog';
import type { EventEnvelope } from './event-envelope';
import { inboxBatchHandler } from './event-handlers';
import { idempotent } from './idempotent';
import { InboxEntity } from './inbox.entity';
import { KafkaBroker } from './kafka-broker';
import { startLocalKafka, type LocalKafka } from './local-kafka';
import { OutboxEntity } from './outbox.entity';
import { OutboxRelay } from './outbox-relay';

/**
 * Faults on a real Kafka broker, judged by their effects in Postgres (one row per applied event)
 * rather than by logs: the broker killed and restarted under a relay and a consumer; a group's
 * replicas, one dying mid-batch and a new one joining while events flow, with a poison event
 * among them. Always the local broker (never JIBS_TEST_KAFKA_BROKERS): the tests kill it.
 */
const TIMEOUT_MS = 150_000;
const wait = <T>(probe: () => Promise<T | undefined | null | false>, message: string) =>
  eventually(probe, { timeoutMs: 120_000, intervalMs: 50, message });

type TestData = { key: string; n: number };

describe('Kafka faults (local KRaft broker, real Postgres)', () => {
  let kafka: LocalKafka;
  // Its own data folder, kept by stop() (a temporary one would go with it) for the restart.
  const kafkaData = mkdtempSync(join(tmpdir(), 'jibs-kafka-faults-'));
  let db: TestDatabase;
  let dataSource: DataSource;
  let cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    [kafka, db] = await Promise.all([
      startLocalKafka({ dataDir: kafkaData }),
      createTestDatabase('kafka_faults'),
    ]);
    dataSource = new DataSource({
      type: 'postgres',
      url: db.url,
      entities: [OutboxEntity, InboxEntity],
      migrations: eventMigrations,
      logging: false,
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
    // One row per applied effect, in the order they were applied.
    await dataSource.query(
      `CREATE TABLE fault_effects (
         seq bigserial PRIMARY KEY, event_id uuid NOT NULL, group_id text NOT NULL,
         member text NOT NULL, key text NOT NULL, n int NOT NULL)`,
    );
  }, 180_000);

  afterEach(async () => {
    const pending = cleanups.reverse();
    cleanups = [];
    for (const cleanup of pending) await cleanup();
  }, 90_000);

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
    await kafka?.stop();
    rmSync(kafkaData, { recursive: true, force: true });
  }, 90_000);

  function broker(clientId: string): KafkaBroker {
    const client = new KafkaBroker({
      brokers: kafka.brokers,
      clientId,
      // The broker's minimum: a member that left without a goodbye is replaced quickly.
      sessionTimeoutMs: 6_000,
    });
    cleanups.push(() => client.close());
    return client;
  }

  async function subscribe(client: KafkaBroker, options: SubscribeOptions): Promise<Subscription> {
    const subscription = await client.subscribe(options);
    cleanups.push(() => subscription.stop());
    return subscription;
  }

  /** A handler that applies its effect once per event (the inbox), recording who applied it. */
  function applyOnce(group: string, member: string) {
    return idempotent(dataSource, group, (envelope, manager) =>
      recordEffect(manager, envelope, group, member),
    );
  }

  async function recordEffect(
    manager: EntityManager,
    envelope: EventEnvelope,
    group: string,
    member: string,
  ): Promise<void> {
    const { key, n } = envelope.data as TestData;
    await manager.query(
      'INSERT INTO fault_effects (event_id, group_id, member, key, n) VALUES ($1, $2, $3, $4, $5)',
      [envelope.id, group, member, key, n],
    );
  }

  async function effects(
    group: string,
  ): Promise<{ event_id: string; member: string; key: string; n: number }[]> {
    return dataSource.query(
      'SELECT event_id, member, key, n FROM fault_effects WHERE group_id = $1 ORDER BY seq',
      [group],
    );
  }

  /** Writes events to the outbox in one transaction, as a service's state change would. */
  async function writeOutbox(events: EventEnvelope[]): Promise<void> {
    await dataSource.transaction((manager) =>
      manager.query(
        `INSERT INTO outbox (id, version, topic, key, envelope)
         SELECT id, version, topic, key, envelope
           FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::jsonb[])
           WITH ORDINALITY AS e(id, version, topic, key, envelope, n) ORDER BY n`,
        [
          events.map((event) => event.id),
          events.map((event) => event.dataversion),
          events.map((event) => event.type),
          events.map((event) => event.subject),
          events.map((event) => JSON.stringify(event)),
        ],
      ),
    );
  }

  async function unpublished(topic: string): Promise<number> {
    const [row]: { count: number }[] = await dataSource.query(
      'SELECT count(*)::int AS count FROM outbox WHERE topic = $1 AND published_at IS NULL',
      [topic],
    );
    return row.count;
  }

  /** Every event applied exactly once, and each key's events first applied in publish order. */
  function expectEachAppliedOnceInOrder(
    applied: { event_id: string; key: string; n: number }[],
    events: EventEnvelope[],
  ): void {
    expect(applied.map((row) => row.event_id).sort()).toEqual(
      events.map((event) => event.id).sort(),
    );
    const byKey = new Map<string, number[]>();
    for (const row of applied) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row.n]);
    for (const ns of byKey.values()) expect(ns).toEqual([...ns].sort((a, b) => a - b));
  }

  // Killed (a crash: no goodbye, unflushed state lost) and stopped cleanly (producer state kept
  // in its snapshot, which a client must still agree with after the restart).
  it.each(['killed', 'stopped'] as const)(
    'relays every outbox event across the broker %s and restarted, and each is applied once',
    async (fault) => {
      const topic = uniqueName('crash');
      const group = uniqueName('crash-group');
      const keys = Array.from({ length: 8 }, () => randomUUID());
      let n = 0;
      const next = (count: number) =>
        Array.from({ length: count }, () => {
          const i = n++;
          return testEnvelope(topic, keys[i % keys.length], i);
        });
      const deliveries = new Map<string, number>();
      const apply = applyOnce(group, 'consumer');
      await subscribe(broker('faults-consumer'), {
        group,
        topics: [topic],
        handle: async (envelope) => {
          deliveries.set(envelope.id, (deliveries.get(envelope.id) ?? 0) + 1);
          await apply(envelope);
        },
      });
      const relay = new OutboxRelay({
        dataSource,
        broker: broker('faults-relay'),
        pollIntervalMs: 250,
      });
      await relay.start();
      cleanups.push(() => relay.stop());

      const before = next(40);
      for (let i = 0; i < before.length; i += 4) await writeOutbox(before.slice(i, i + 4));
      await wait(async () => (await effects(group)).length >= 10, 'the first events applied');

      await (fault === 'killed' ? kafka.kill() : kafka.stop());
      // Committed while the broker is down: they wait in the outbox.
      const during = next(40);
      for (let i = 0; i < during.length; i += 4) await writeOutbox(during.slice(i, i + 4));
      expect(await unpublished(topic)).toBeGreaterThan(0);
      await kafka.restart();
      const after = next(40);
      for (let i = 0; i < after.length; i += 4) await writeOutbox(after.slice(i, i + 4));

      const events = [...before, ...during, ...after];
      await wait(
        async () =>
          (await unpublished(topic)) === 0 && (await effects(group)).length >= events.length,
        `all ${events.length} events relayed and applied`,
      );
      expectEachAppliedOnceInOrder(await effects(group), events);
      // Every event reached the consumer; a redelivered one changed nothing.
      expect(events.filter((event) => !deliveries.has(event.id))).toEqual([]);
    },
    TIMEOUT_MS,
  );

  // Per-event handlers behind idempotent(), and the services' own batch path (one inbox
  // transaction per batch, which a poison event rolls back whole before it is tried alone).
  it.each(['one event at a time', 'in batches like a service'])(
    'shares a group between replicas stopped and started mid-stream (%s): each event applied once, a poison event dead-lettered once',
    async (mode) => {
      const topic = uniqueName('replicas');
      const group = uniqueName('replicas-group');
      const poisonKey = randomUUID();
      const poison = testEnvelope(topic, poisonKey, -1);
      const replicas = new Map<string, Subscription>();
      const deliveries = new Map<string, number>();
      const count = (envelopes: EventEnvelope[]) => {
        for (const { id } of envelopes) deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
      };
      // Replica a, told to, hangs after an effect committed and before its offset did: then it
      // is stopped without waiting, as a process dies mid-batch, and its batch goes to another.
      let stall = false;
      let stalledOn: EventEnvelope[] | undefined;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      cleanups.push(async () => release());
      const afterEffect = async (name: string, envelopes: EventEnvelope[]) => {
        if (name !== 'a' || !stall || stalledOn) return;
        stalledOn = envelopes;
        await gate;
      };
      const startReplica = async (name: string) => {
        const refuse = (envelope: EventEnvelope) => {
          if (envelope.id === poison.id) throw new Error('cannot handle this one');
        };
        const apply = applyOnce(group, name);
        const applyBatch = inboxBatchHandler(dataSource, {
          group,
          types: [topic as EventType],
          handle: async (envelopes, manager) => {
            for (const envelope of envelopes) {
              refuse(envelope);
              await recordEffect(manager, envelope, group, name);
            }
          },
        });
        const handler: Pick<SubscribeOptions, 'handle' | 'handleBatch'> =
          mode === 'one event at a time'
            ? {
                handle: async (envelope) => {
                  count([envelope]);
                  refuse(envelope);
                  await apply(envelope);
                  await afterEffect(name, [envelope]);
                },
              }
            : {
                handleBatch: async (envelopes) => {
                  count(envelopes);
                  await applyBatch(envelopes);
                  await afterEffect(name, envelopes);
                },
              };
        replicas.set(
          name,
          await subscribe(broker(`faults-${name}`), {
            group,
            topics: [topic],
            maxAttempts: 3,
            retryBackoffMs: 20,
            stopTimeoutMs: 200,
            ...handler,
          }),
        );
      };
      const dead: DeadLetterEnvelope[] = [];
      await subscribe(broker('faults-dlq-reader'), {
        group: `${group}.dlq-reader`,
        topics: [deadLetterTopic(topic)],
        handle: async (envelope) => {
          dead.push(envelope as DeadLetterEnvelope);
        },
      });
      const appliedBy = async (member: string) =>
        (await effects(group)).filter((row) => row.member === member).length;

      // Events keep flowing (new keys, so every partition gets some) through every step.
      const publisher = broker('faults-publisher');
      const published: EventEnvelope[] = [];
      let flowing = true;
      let n = 0;
      const flow = (async () => {
        while (flowing) {
          const round = Array.from({ length: 8 }, () => testEnvelope(topic, randomUUID(), n++));
          await publisher.publish(
            round.map((envelope) => ({ topic, key: envelope.subject, envelope })),
          );
          published.push(...round);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      cleanups.push(async () => {
        flowing = false;
        await flow.catch(() => undefined);
      });

      await startReplica('a');
      await startReplica('b');
      await wait(
        async () => (await appliedBy('a')) > 0 && (await appliedBy('b')) > 0,
        'both replicas to apply events',
      );
      await publisher.publish([{ topic, key: poisonKey, envelope: poison }]);
      // Replica a dies mid-batch: b takes its partitions and gets that batch again.
      stall = true;
      await wait(async () => stalledOn, 'replica a to hang after an effect');
      await replicas.get('a')!.stop();
      release();
      const bBefore = await appliedBy('b');
      await wait(async () => (await appliedBy('b')) > bBefore + 16, 'b to carry on alone');
      // A new replica joins: the group rebalances again and c gets partitions.
      await startReplica('c');
      await wait(async () => (await appliedBy('c')) > 0, 'the new replica to apply events');
      flowing = false;
      await flow;

      await wait(
        async () => (await effects(group)).length >= published.length && dead.length >= 1,
        `all ${published.length} events applied and the poison dead-lettered`,
      );
      expectEachAppliedOnceInOrder(await effects(group), published);
      // The batch a died in was delivered again, and its effects were not applied twice.
      expect(Math.min(...stalledOn!.map(({ id }) => deliveries.get(id) ?? 0))).toBeGreaterThan(1);
      expect(dead.map((letter) => letter.id)).toEqual([poison.id]);
      expect(dead[0]).toMatchObject({ deadlettergroup: group, deadletterattempts: 3 });
      // The dead-letter topic itself holds that one message, not a copy per rebalance.
      const admin = await publisher.connectedAdmin();
      const ends = await admin.fetchTopicOffsets(deadLetterTopic(topic));
      expect(ends.reduce((sum, end) => sum + Number(end.high) - Number(end.low), 0)).toBe(1);
    },
    TIMEOUT_MS,
  );
});
