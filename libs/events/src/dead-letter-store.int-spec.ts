import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DeadLetterMessages, ErrorCode } from '@jibs/domain';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { testEnvelope, uniqueName } from './broker-contract';
import { DeadLetterActionEntity } from './dead-letter-action.entity';
import { DeadLetterStore, groupsOfService } from './dead-letter-store';
import type { EventBroker, Subscription } from './event-broker';
import type { EventEnvelope } from './event-envelope';
import { eventMigrations } from './event-tables';
import { idempotent } from './idempotent';
import { InboxEntity } from './inbox.entity';
import { KafkaBroker } from './kafka-broker';
import { startLocalKafka, type LocalKafka } from './local-kafka';
import { OutboxEntity } from './outbox.entity';
import { PostgresBroker } from './postgres-broker';

/**
 * The dead-letter store on both brokers, judged by effects: a service's consumer group (behind
 * its inbox) that fails an event until it is "fixed", another group of the service that handles
 * everything, and another service's failing group whose dead letters this service never sees.
 */
function describeDeadLetterStore(
  name: string,
  setup: () => Promise<{ broker: () => EventBroker; teardown(): Promise<void> }>,
  timeoutMs: number,
): void {
  describe(`dead-letter store (${name})`, () => {
    let serviceDb: TestDatabase;
    let dataSource: DataSource;
    let broker: EventBroker;
    let store: DeadLetterStore;
    let teardown: () => Promise<void>;
    const subscriptions: Subscription[] = [];
    const failing = new Set<string>();
    const service = `svc${randomUUID().slice(0, 6)}`;
    const failingGroup = `${service}.welcome`;
    const otherGroup = `${service}.audit`;
    const foreignGroup = `other${randomUUID().slice(0, 6)}.welcome`;
    let topic: string;
    const wait = <T>(probe: () => Promise<T | undefined | null | false>, message: string) =>
      eventually(probe, { timeoutMs, intervalMs: 250, message });

    const effects = async (eventId: string, group: string): Promise<number> => {
      const rows: { n: number }[] = await dataSource.query(
        'SELECT count(*)::int AS n FROM effects WHERE event_id = $1 AND group_id = $2',
        [eventId, group],
      );
      return rows[0]!.n;
    };

    const subscribe = async (group: string, fails: boolean) => {
      const effect = idempotent(dataSource, group, async (envelope, manager) => {
        if (fails && failing.has(envelope.id)) throw new Error(`cannot handle ${envelope.id}`);
        await manager.query('INSERT INTO effects (event_id, group_id) VALUES ($1, $2)', [
          envelope.id,
          group,
        ]);
      });
      subscriptions.push(
        await broker.subscribe({
          group,
          topics: [topic],
          handle: effect,
          maxAttempts: 2,
          retryBackoffMs: 10,
        }),
      );
    };

    const publish = (...envelopes: EventEnvelope[]) =>
      broker.publish(envelopes.map((envelope) => ({ topic, key: envelope.subject!, envelope })));

    /** A poison event: fails in the service's group (and the foreign one) until fixed. */
    const poison = async () => {
      const envelope = testEnvelope(topic, randomUUID(), 0);
      failing.add(envelope.id);
      await publish(envelope);
      const letter = await wait(
        async () => (await store.list()).find((candidate) => candidate.event['id'] === envelope.id),
        `the dead letter of ${envelope.id}`,
      );
      return { envelope, letter };
    };

    const actionRows = async (id: string) =>
      dataSource.getRepository(DeadLetterActionEntity).findBy({ deadLetterId: id });

    beforeAll(async () => {
      const made = await setup();
      teardown = made.teardown;
      broker = made.broker();
      topic = uniqueName('dlq-store');
      serviceDb = await createTestDatabase('dead_letter_store');
      dataSource = new DataSource({
        type: 'postgres',
        url: serviceDb.url,
        entities: [OutboxEntity, InboxEntity, DeadLetterActionEntity],
        migrations: eventMigrations,
        logging: false,
      });
      await dataSource.initialize();
      await dataSource.runMigrations();
      await dataSource.query(
        'CREATE TABLE effects (event_id uuid NOT NULL, group_id text NOT NULL)',
      );
      store = new DeadLetterStore(broker, dataSource, groupsOfService(service));
      await subscribe(failingGroup, true);
      await subscribe(otherGroup, false);
      await subscribe(foreignGroup, true);
    }, timeoutMs * 2);

    afterAll(async () => {
      for (const subscription of subscriptions) await subscription.stop();
      await broker?.close();
      await dataSource?.destroy();
      await serviceDb?.drop();
      await teardown?.();
    }, timeoutMs);

    it(
      "lists the service's dead letter with the original event, error, attempts, group and time; not another service's",
      async () => {
        const { envelope, letter } = await poison();
        expect(letter).toMatchObject({
          topic,
          group: failingGroup,
          attempts: 2,
          error: `cannot handle ${envelope.id}`,
          key: envelope.subject,
          event: { ...envelope },
        });
        expect(letter.id).toMatch(new RegExp(`^${topic.replace(/\./g, '\\.')}\\.dlq:\\d+:\\d+$`));
        expect(Date.parse(letter.deadLetteredAt)).not.toBeNaN();
        // The foreign group failed it too; that dead letter is the other service's.
        await wait(
          async () =>
            (await broker.readDeadLetters!()).filter(
              (stored) => (stored.value as { id?: string }).id === envelope.id,
            ).length === 2,
          'the foreign dead letter too',
        );
        expect((await store.list()).filter((l) => l.event['id'] === envelope.id)).toHaveLength(1);
        expect(await store.list({ topic: 'user.registered' })).toEqual([]);
        // The group that could handle it did, once.
        expect(await effects(envelope.id, otherGroup)).toBe(1);
      },
      timeoutMs * 2,
    );

    it(
      'replays once, concurrently or twice: the failed group handles it once, the others not again, and it is listed no more',
      async () => {
        const { envelope, letter } = await poison();
        failing.delete(envelope.id);
        const results = await Promise.allSettled([
          store.replay(letter.id, 'admin-1'),
          store.replay(letter.id, 'admin-2'),
        ]);
        const fulfilled = results.filter((result) => result.status === 'fulfilled');
        const rejected = results.filter((result) => result.status === 'rejected');
        expect(fulfilled).toHaveLength(1);
        expect(rejected).toHaveLength(1);
        expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({
          code: ErrorCode.Conflict,
          message: DeadLetterMessages.alreadyHandled,
        });
        await wait(
          async () => (await effects(envelope.id, failingGroup)) === 1,
          'the replay handled',
        );
        await expect(store.replay(letter.id, 'admin-1')).rejects.toMatchObject({
          code: ErrorCode.Conflict,
        });
        expect((await store.list()).map((l) => l.id)).not.toContain(letter.id);
        const [action] = await actionRows(letter.id);
        expect(action).toMatchObject({
          action: 'replayed',
          topic,
          consumerGroup: failingGroup,
          eventId: envelope.id,
          reason: null,
        });
        expect(['admin-1', 'admin-2']).toContain(action!.actor);
        // Give a duplicate delivery its chance, then: one effect per group.
        const marker = testEnvelope(topic, envelope.subject!, 1);
        await publish(marker);
        await wait(async () => (await effects(marker.id, failingGroup)) === 1, 'a later event');
        expect(await effects(envelope.id, failingGroup)).toBe(1);
        expect(await effects(envelope.id, otherGroup)).toBe(1);
      },
      timeoutMs * 3,
    );

    it(
      'discards with a reason (required, checked first, nothing written); the event is never handled',
      async () => {
        const { envelope, letter } = await poison();
        await expect(store.discard(letter.id, 'admin-1', '   ')).rejects.toMatchObject({
          code: ErrorCode.BadUserInput,
          fieldErrors: { reason: DeadLetterMessages.reasonRequired },
        });
        await expect(store.discard(letter.id, 'admin-1', 'x'.repeat(501))).rejects.toMatchObject({
          code: ErrorCode.BadUserInput,
          fieldErrors: { reason: DeadLetterMessages.reasonTooLong },
        });
        expect(await actionRows(letter.id)).toEqual([]);
        expect((await store.list()).map((l) => l.id)).toContain(letter.id);

        await store.discard(letter.id, 'admin-1', '  a test sign-up  ');
        expect((await store.list()).map((l) => l.id)).not.toContain(letter.id);
        expect(await actionRows(letter.id)).toMatchObject([
          { action: 'discarded', actor: 'admin-1', reason: 'a test sign-up' },
        ]);
        await expect(store.replay(letter.id, 'admin-1')).rejects.toMatchObject({
          code: ErrorCode.Conflict,
        });
        expect(await effects(envelope.id, failingGroup)).toBe(0);
      },
      timeoutMs * 2,
    );

    it(
      "refuses an unknown, a malformed and another service's dead letter id as not found",
      async () => {
        const { envelope } = await poison();
        const foreign = (await broker.readDeadLetters!()).find(
          (stored) =>
            (stored.value as { id?: string; deadlettergroup?: string }).id === envelope.id &&
            (stored.value as { deadlettergroup?: string }).deadlettergroup === foreignGroup,
        );
        expect(foreign).toBeDefined();
        for (const id of ['nonsense', `${topic}.dlq:0:999999`, foreign!.id]) {
          await expect(store.replay(id, 'admin-1')).rejects.toMatchObject({
            code: ErrorCode.NotFound,
            message: DeadLetterMessages.notFound,
          });
          await expect(store.discard(id, 'admin-1', 'why')).rejects.toMatchObject({
            code: ErrorCode.NotFound,
          });
        }
        expect(await actionRows(foreign!.id)).toEqual([]);
      },
      timeoutMs * 2,
    );

    it(
      'replays all of a topic: each once, and a second replay-all finds none',
      async () => {
        const first = await poison();
        const second = await poison();
        // Every cause fixed (earlier tests' dead letters of the topic are replayed too).
        failing.clear();
        const pending = (await store.list({ topic })).length;
        expect(pending).toBeGreaterThanOrEqual(2);
        expect(await store.replayAll('admin-1', { topic: 'user.registered' })).toBe(0);
        expect(await store.replayAll('admin-1', { topic })).toBe(pending);
        expect(await store.replayAll('admin-1', { topic })).toBe(0);
        for (const { envelope } of [first, second])
          await wait(
            async () => (await effects(envelope.id, failingGroup)) === 1,
            `the replay of ${envelope.id}`,
          );
        expect(await store.list({ topic })).toEqual([]);
      },
      timeoutMs * 3,
    );
  });
}

describeDeadLetterStore(
  'postgres broker',
  async () => {
    const eventlog = await createTestDatabase('dead_letter_eventlog');
    return {
      broker: () => new PostgresBroker({ url: eventlog.url, clientId: 'dead-letters' }),
      teardown: () => eventlog.drop(),
    };
  },
  20_000,
);

// A running Kafka (compose, a CI service) may be named instead of starting the local broker.
const external = process.env.JIBS_TEST_KAFKA_BROKERS?.split(',').filter(Boolean);
let kafka: LocalKafka | undefined;
describeDeadLetterStore(
  external ? 'kafka broker, external' : 'kafka broker, local KRaft',
  async () => {
    const brokers = external ?? (kafka = await startLocalKafka()).brokers;
    return {
      broker: () => new KafkaBroker({ brokers, clientId: 'dead-letters', sessionTimeoutMs: 6_000 }),
      teardown: async () => {
        await kafka?.stop();
      },
    };
  },
  90_000,
);
