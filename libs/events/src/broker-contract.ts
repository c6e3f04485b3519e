import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { eventMigrations } from './event-tables';
import { deadLetterTopic, type DeadLetterEnvelope } from './dead-letter';
import { enqueue } from './enqueue';
import type { EventBroker, SubscribeOptions, Subscription } from './event-broker';
import type { EventData } from './event-catalog';
import type { EventEnvelope } from './event-envelope';
import type { EventLogger } from './event-logger';
import { EventMetrics } from './event-metrics';
import { idempotent } from './idempotent';
import { InboxEntity } from './inbox.entity';
import { OutboxEntity } from './outbox.entity';
import { OutboxRelay } from './outbox-relay';

export interface BrokerClientOptions {
  metrics?: EventMetrics;
  logger?: EventLogger;
  /** Distinguishes simulated processes (connection names, Kafka client ids). */
  clientId?: string;
}

export interface BrokerContractTarget {
  /** Runs once before the suite (e.g. starts a container); returns a factory of broker clients. */
  setup(): Promise<(options: BrokerClientOptions) => EventBroker>;
  teardown?(): Promise<void>;
  /** Budget of one test; brokers with slow group joins need more (default 30 s). */
  timeoutMs?: number;
  /** When set, the suite is registered as skipped and the reason is part of its name. */
  skip?: string;
  /**
   * Runs every test with batch handlers: each test's `handle` is given as a `handleBatch` that
   * handles the batch's events in order, so the same promises hold for batched consumers.
   */
  batch?: boolean;
}

type TestData = { key: string; n: number };

/** An event outside the catalog, so each test can own a fresh topic. */
export function testEnvelope(topic: string, key: string, n: number): EventEnvelope<TestData> {
  return {
    specversion: '1.0',
    id: randomUUID(),
    source: 'jibs/broker-contract',
    type: topic,
    subject: key,
    time: new Date().toISOString(),
    datacontenttype: 'application/json',
    dataschema: `urn:jibs:events:${topic}:v1`,
    dataversion: 1,
    data: { key, n },
  };
}

export function uniqueName(label: string): string {
  return `contract.${label}.${randomUUID().slice(0, 8)}`;
}

/**
 * What every EventBroker must do, run against each implementation. A consumer-side database with
 * the outbox migration stands in for a service.
 */
export function describeBrokerContract(name: string, target: BrokerContractTarget): void {
  const timeoutMs = target.timeoutMs ?? 30_000;
  const register = target.skip ? describe.skip : describe;
  const title = target.skip ? `${name} — skipped: ${target.skip}` : name;

  register(`${title}: event broker contract`, () => {
    let makeBroker: (options: BrokerClientOptions) => EventBroker;
    let serviceDb: TestDatabase;
    let dataSource: DataSource;
    let cleanups: Array<() => Promise<void>> = [];

    const wait = <T>(probe: () => Promise<T | undefined | null | false>, message: string) =>
      eventually(probe, { timeoutMs, intervalMs: 20, message });

    function broker(options: BrokerClientOptions = {}): EventBroker {
      const client = makeBroker(options);
      cleanups.push(() => client.close());
      return client;
    }

    async function subscribe(
      client: EventBroker,
      options: SubscribeOptions,
    ): Promise<Subscription> {
      const { handle, ...rest } = options;
      const subscription = await client.subscribe(
        target.batch && handle
          ? {
              ...rest,
              handleBatch: async (envelopes) => {
                for (const envelope of envelopes) await handle.call(options, envelope);
              },
            }
          : options,
      );
      cleanups.push(() => subscription.stop());
      return subscription;
    }

    const records = (events: EventEnvelope[]) =>
      events.map((envelope) => ({ topic: envelope.type, key: envelope.subject, envelope }));

    beforeAll(async () => {
      makeBroker = await target.setup();
      serviceDb = await createTestDatabase('contract_service');
      dataSource = new DataSource({
        type: 'postgres',
        url: serviceDb.url,
        entities: [OutboxEntity, InboxEntity],
        migrations: eventMigrations,
        logging: false,
      });
      await dataSource.initialize();
      await dataSource.runMigrations();
      await dataSource.query(
        'CREATE TABLE contract_effects (event_id uuid NOT NULL, group_id text NOT NULL)',
      );
    }, timeoutMs * 4);

    afterEach(async () => {
      const pending = cleanups.reverse();
      cleanups = [];
      for (const cleanup of pending) await cleanup();
    }, timeoutMs);

    afterAll(async () => {
      await dataSource?.destroy();
      await serviceDb?.drop();
      await target.teardown?.();
    }, timeoutMs);

    it(
      'delivers the events of each key in publish order',
      async () => {
        const topic = uniqueName('order');
        const client = broker();
        const keys = Array.from({ length: 12 }, (_, i) => `key-${i}-${randomUUID()}`);
        const events: EventEnvelope<TestData>[] = [];
        for (let n = 0; n < 15; n++)
          for (const key of keys) events.push(testEnvelope(topic, key, n));
        const received = new Map<string, number[]>(keys.map((key) => [key, []]));
        let count = 0;

        // Half before anyone listens (catch-up), half while consuming (wake-up), in batches
        // and one by one.
        const half = events.length / 2;
        for (let i = 0; i < half; i += 7)
          await client.publish(records(events.slice(i, Math.min(i + 7, half))));
        await subscribe(client, {
          group: uniqueName('order-group'),
          topics: [topic],
          handle: async (envelope) => {
            const data = envelope.data as TestData;
            received.get(data.key)?.push(data.n);
            count++;
          },
        });
        for (const event of events.slice(half)) await client.publish(records([event]));

        await wait(async () => count >= events.length, `${events.length} events`);
        for (const key of keys) {
          expect(received.get(key)).toEqual(Array.from({ length: 15 }, (_, n) => n));
        }
      },
      timeoutMs,
    );

    it(
      'gives every event to each consumer group',
      async () => {
        const topic = uniqueName('fanout');
        const publisher = broker();
        const events = Array.from({ length: 30 }, (_, i) => testEnvelope(topic, `k${i % 6}`, i));
        const seen = { a: [] as string[], b: [] as string[] };
        for (const group of ['a', 'b'] as const) {
          await subscribe(broker(), {
            group: uniqueName(`fanout-${group}`),
            topics: [topic],
            handle: async (envelope) => {
              seen[group].push(envelope.id);
            },
          });
        }
        await publisher.publish(records(events));

        await wait(
          async () => seen.a.length >= events.length && seen.b.length >= events.length,
          'both groups to get every event',
        );
        const ids = events.map((event) => event.id).sort();
        expect([...seen.a].sort()).toEqual(ids);
        expect([...seen.b].sort()).toEqual(ids);
      },
      timeoutMs,
    );

    it(
      'shares the work among the members of one group',
      async () => {
        const topic = uniqueName('share');
        const group = uniqueName('share-group');
        const handledBy = { first: [] as string[], second: [] as string[] };
        for (const member of ['first', 'second'] as const) {
          await subscribe(broker({ clientId: `contract-${member}` }), {
            group,
            topics: [topic],
            handle: async (envelope) => {
              handledBy[member].push(envelope.id);
            },
          });
        }
        const publisher = broker();
        const published: string[] = [];
        // Keep publishing (new keys, so every partition gets some) until both members have
        // handled something: a rebalance takes as long as it takes, not a fixed sleep.
        await eventually(
          async () => {
            const batch = Array.from({ length: 8 }, (_, i) => testEnvelope(topic, randomUUID(), i));
            await publisher.publish(records(batch));
            published.push(...batch.map((event) => event.id));
            return handledBy.first.length > 0 && handledBy.second.length > 0;
          },
          { timeoutMs, intervalMs: 100, message: 'both members to handle events' },
        );
        await wait(
          async () => handledBy.first.length + handledBy.second.length >= published.length,
          'every published event',
        );
        const all = [...handledBy.first, ...handledBy.second];
        expect(new Set(all).size).toBe(all.length);
        expect([...all].sort()).toEqual([...published].sort());
      },
      timeoutMs * 2,
    );

    it(
      'never publishes an event whose transaction rolled back',
      async () => {
        const client = broker();
        const relay = new OutboxRelay({ dataSource, broker: client, pollIntervalMs: 250 });
        await relay.start();
        cleanups.push(() => relay.stop());
        const userId = randomUUID();
        const seen: EventEnvelope[] = [];
        await subscribe(client, {
          group: uniqueName('rollback-group'),
          topics: ['user.registered'],
          handle: async (envelope) => {
            if (envelope.subject === userId) seen.push(envelope);
          },
        });
        const data = (email: string): EventData<'user.registered'> => ({
          userId,
          email,
          firstName: 'Amina',
          lastName: 'Yusuf',
          role: 'member',
        });
        const source = 'jibs/broker-contract';

        await expect(
          dataSource.transaction(async (manager) => {
            await enqueue(manager, 'user.registered', data('rolled-back@example.com'), {
              source,
              subject: userId,
            });
            throw new Error('the state change failed');
          }),
        ).rejects.toThrow('the state change failed');
        const committed = await dataSource.transaction((manager) =>
          enqueue(manager, 'user.registered', data('committed@example.com'), {
            source,
            subject: userId,
          }),
        );

        // Same key, so a leaked rolled-back event would have arrived first.
        await wait(
          async () => seen.some((event) => event.id === committed.id),
          'the committed event',
        );
        expect(seen.map((event) => (event.data as { email: string }).email)).toEqual([
          'committed@example.com',
        ]);
        // The relay marks a row published after the broker took it, so a consumer may see the
        // event a moment before the mark: wait for it, then check that only the committed row is there.
        const outboxRows = () =>
          dataSource.query(
            `SELECT envelope->'data'->>'email' AS email, published_at IS NOT NULL AS published
               FROM outbox WHERE key = $1`,
            [userId],
          ) as Promise<{ email: string; published: boolean }[]>;
        await wait(
          async () => (await outboxRows()).every((row) => row.published),
          'the committed row marked published',
        );
        expect(await outboxRows()).toEqual([{ email: 'committed@example.com', published: true }]);
      },
      timeoutMs,
    );

    it(
      'redelivers the events of a consumer stopped mid-batch, and idempotent() applies each once',
      async () => {
        const topic = uniqueName('redeliver');
        const group = uniqueName('redeliver-group');
        const key = randomUUID();
        const events = Array.from({ length: 10 }, (_, n) => testEnvelope(topic, key, n));
        const blockAt = events[3];
        await broker().publish(records(events));

        const deliveries = new Map<string, number>();
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        cleanups.push(async () => release());
        let blocked = false;
        const apply = idempotent(dataSource, group, async (envelope, manager) => {
          await manager.query('INSERT INTO contract_effects (event_id, group_id) VALUES ($1, $2)', [
            envelope.id,
            group,
          ]);
        });
        const handle = async (envelope: EventEnvelope) => {
          deliveries.set(envelope.id, (deliveries.get(envelope.id) ?? 0) + 1);
          await apply(envelope);
          // Effect committed, offset not yet: the worst moment to die.
          if (envelope.id === blockAt.id && !blocked) {
            blocked = true;
            await gate;
          }
        };

        const first = await subscribe(broker({ clientId: 'contract-first' }), {
          group,
          topics: [topic],
          handle,
          stopTimeoutMs: 200,
        });
        await wait(async () => blocked, 'the handler to block');
        await first.stop();
        release();
        await subscribe(broker({ clientId: 'contract-second' }), {
          group,
          topics: [topic],
          handle,
        });

        await wait(
          async () =>
            (deliveries.get(blockAt.id) ?? 0) >= 2 &&
            deliveries.has(events[events.length - 1].id) &&
            (await countEffects(group)) >= events.length,
          'the second consumer to finish the batch',
        );
        const effects: { event_id: string; applied: number }[] = await dataSource.query(
          `SELECT event_id, count(*)::int AS applied FROM contract_effects
            WHERE group_id = $1 GROUP BY event_id`,
          [group],
        );
        expect(effects.map((row) => row.applied)).toEqual(events.map(() => 1));
        expect(effects.map((row) => row.event_id).sort()).toEqual(
          events.map((event) => event.id).sort(),
        );
      },
      timeoutMs * 2,
    );

    it(
      'moves a poison event to <topic>.dlq after maxAttempts while the others flow on',
      async () => {
        const topic = uniqueName('poison');
        const group = uniqueName('poison-group');
        const registry = new Registry();
        const metrics = new EventMetrics(registry);
        const client = broker({ metrics });
        const poisonKey = randomUUID();
        const poison = testEnvelope(topic, poisonKey, 0);
        const after = testEnvelope(topic, poisonKey, 1);
        const others = Array.from({ length: 8 }, (_, i) =>
          testEnvelope(topic, `other-${i % 4}`, i),
        );
        const tries = new Map<string, number>();
        const handled: string[] = [];
        await subscribe(client, {
          group,
          topics: [topic],
          maxAttempts: 3,
          retryBackoffMs: 20,
          handle: async (envelope) => {
            tries.set(envelope.id, (tries.get(envelope.id) ?? 0) + 1);
            if (envelope.id === poison.id) throw new Error('cannot handle this one');
            handled.push(envelope.id);
          },
        });
        const dead: DeadLetterEnvelope[] = [];
        await subscribe(client, {
          group: `${group}.dlq-reader`,
          topics: [deadLetterTopic(topic)],
          handle: async (envelope) => {
            dead.push(envelope as DeadLetterEnvelope);
          },
        });
        await client.publish(records([poison, after, ...others]));

        await wait(
          async () => handled.length >= others.length + 1 && dead.length >= 1,
          'the others handled and the poison dead-lettered',
        );
        // Batch handlers: the poison's batch is tried once as a whole first (a real handler's
        // transaction rolls it all back), then each of its events alone, with the retries.
        expect(tries.get(poison.id)).toBe(target.batch ? 1 + 3 : 3);
        expect([...(target.batch ? new Set(handled) : handled)].sort()).toEqual(
          [after, ...others].map((event) => event.id).sort(),
        );
        expect(dead).toHaveLength(1);
        expect(dead[0]).toMatchObject({
          id: poison.id,
          type: topic,
          subject: poisonKey,
          data: poison.data,
          deadlettertopic: topic,
          deadlettergroup: group,
          deadletterattempts: 3,
          deadlettererror: 'cannot handle this one',
        });
        const deadLetters = await metrics.deadLetters.get();
        expect(deadLetters.values).toContainEqual(
          expect.objectContaining({ labels: { topic, group }, value: 1 }),
        );
      },
      timeoutMs,
    );

    async function countEffects(group: string): Promise<number> {
      const [row]: { count: number }[] = await dataSource.query(
        'SELECT count(*)::int AS count FROM contract_effects WHERE group_id = $1',
        [group],
      );
      return row.count;
    }
  });
}
