import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { eventually } from '@jibs/testing';
import { describeBrokerContract, testEnvelope, uniqueName } from './broker-contract';
import { createBroker, type KafkaSettings } from './create-broker';
import { deadLetterTopic, type DeadLetterEnvelope } from './dead-letter';
import type { EventBroker } from './event-broker';
import type { EventEnvelope } from './event-envelope';
import { EventMetrics } from './event-metrics';
import { InvalidEventError } from './invalid-event.error';
import { KafkaBroker, type KafkaSasl } from './kafka-broker';
import { createCertificateAuthority, startLocalKafka, type LocalKafka } from './local-kafka';

/**
 * The production settings on a real broker: the local Kafka with a SASL_SSL listener (a CA made
 * at start), reached through the same createBroker the services use (KAFKA_* in libs/config).
 */
const USER = { username: 'jibs', password: 'local-kafka-password-1' };
const MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;
const TIMEOUT_MS = 90_000;

// One broker for the file, started by the first suite that needs it.
let kafka: Promise<LocalKafka> | undefined;
const localKafka = () => (kafka ??= startLocalKafka({ saslSsl: { users: [USER] } }));
afterAll(async () => {
  await (await kafka)?.stop();
}, 60_000);

const sasl = (mechanism: KafkaSasl['mechanism'], password = USER.password): KafkaSasl => ({
  mechanism,
  username: USER.username,
  password,
});

async function secureBroker(
  settings: KafkaSettings,
  extra: { clientId?: string; metrics?: EventMetrics } = {},
): Promise<EventBroker> {
  const { brokers, caFile } = await localKafka();
  return createBroker({
    kind: 'kafka',
    kafkaBrokers: brokers,
    kafka: { tls: { caFile }, ...settings },
    clientId: extra.clientId ?? 'security',
    metrics: extra.metrics,
  });
}

// The whole contract over TLS with SASL/PLAIN, and a topic prefix the suite never sees.
describeBrokerContract('kafka broker (local KRaft, SASL_SSL PLAIN, topic prefix)', {
  timeoutMs: TIMEOUT_MS,
  setup: async () => {
    const { brokers, caFile } = await localKafka();
    return ({ metrics, logger, clientId }) =>
      createBroker({
        kind: 'kafka',
        kafkaBrokers: brokers,
        kafka: { sasl: sasl('plain'), tls: { caFile }, topicPrefix: 'contract-env.' },
        clientId: clientId ?? 'contract',
        metrics,
        logger,
      });
  },
});

describe('Kafka production settings (local KRaft, SASL_SSL)', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  const track = (broker: EventBroker) => {
    cleanups.push(() => broker.close());
    return broker;
  };
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  }, 60_000);

  beforeAll(async () => {
    await localKafka();
  }, 180_000);

  const records = (events: EventEnvelope[]) =>
    events.map((envelope) => ({ topic: envelope.type, key: envelope.subject, envelope }));

  it.each(MECHANISMS)(
    'publishes, consumes and dead-letters with SASL %s over TLS verified against the CA',
    async (mechanism) => {
      const broker = track(await secureBroker({ sasl: sasl(mechanism) }));
      const topic = uniqueName(`sasl-${mechanism}`);
      const [good, poison] = [testEnvelope(topic, 'k-1', 1), testEnvelope(topic, 'k-2', 2)];
      await broker.publish(records([good, poison]));
      const handled: string[] = [];
      const parked: DeadLetterEnvelope[] = [];
      await broker.subscribe({
        group: uniqueName('sasl-group'),
        topics: [topic],
        handle: async (envelope) => {
          if (envelope.id === poison.id) throw new InvalidEventError('not for this test');
          handled.push(envelope.id);
        },
      });
      await broker.subscribe({
        group: uniqueName('sasl-dlq'),
        topics: [deadLetterTopic(topic)],
        handle: async (envelope) => {
          parked.push(envelope as unknown as DeadLetterEnvelope);
        },
      });
      await eventually(async () => handled.length === 1 && parked.length === 1, {
        timeoutMs: 60_000,
        message: 'the event handled and the poison one dead-lettered',
      });
      expect(handled).toEqual([good.id]);
      expect(parked[0]).toMatchObject({ id: poison.id, deadlettertopic: topic });
    },
    TIMEOUT_MS,
  );

  it.each(['plain', 'scram-sha-256'] as const)(
    'refuses a wrong password with SASL %s at once, with an authentication error',
    async (mechanism) => {
      const broker = track(await secureBroker({ sasl: sasl(mechanism, 'wrong-password') }));
      const started = Date.now();
      await expect(broker.health()).rejects.toThrow(/SASL .*authentication failed/i);
      await expect(
        broker.publish(records([testEnvelope(uniqueName('refused'), 'k', 1)])),
      ).rejects.toThrow(/authentication failed/i);
      // Not retried for a minute: the error is not one kafkajs retries.
      expect(Date.now() - started).toBeLessThan(10_000);
    },
    30_000,
  );

  it('refuses a broker whose certificate another CA signed (bounded, a TLS error)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jibs-other-ca-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const other = createCertificateAuthority(dir, 'Some other CA');
    const broker = track(
      await secureBroker({ sasl: sasl('plain'), tls: { caFile: other.caFile } }),
    );
    const started = Date.now();
    await expect(broker.health()).rejects.toThrow(/certificate/i);
    expect(Date.now() - started).toBeLessThan(45_000);
  }, 60_000);

  it(
    'reaches a listener that requires client certificates with the TLS cert and key files',
    async () => {
      const { caFile, mtls } = await localKafka();
      const mutual = (certificate: { certFile?: string; keyFile?: string }) =>
        track(
          createBroker({
            kind: 'kafka',
            kafkaBrokers: mtls!.brokers,
            kafka: { tls: { caFile, ...certificate } },
            clientId: 'mtls',
          }),
        );
      const broker = mutual({ certFile: mtls!.certFile, keyFile: mtls!.keyFile });
      const topic = uniqueName('mtls');
      const event = testEnvelope(topic, 'k', 1);
      await broker.publish(records([event]));
      const seen: string[] = [];
      await broker.subscribe({
        group: uniqueName('mtls-group'),
        topics: [topic],
        handle: async (envelope) => {
          seen.push(envelope.id);
        },
      });
      await eventually(async () => seen.length === 1, { timeoutMs: 60_000, message: 'the event' });
      expect(seen).toEqual([event.id]);

      // Without a certificate the broker ends the handshake (TLS alert 42): a bounded error.
      const started = Date.now();
      await expect(mutual({}).health()).rejects.toThrow(/alert bad certificate/);
      expect(Date.now() - started).toBeLessThan(45_000);
    },
    TIMEOUT_MS,
  );

  it(
    'keeps environments with different topic prefixes apart on one cluster',
    async () => {
      const topic = uniqueName('prefixed');
      const group = uniqueName('prefixed-group');
      const registry = new Registry();
      const metrics = new EventMetrics(registry);
      const blue = track(
        await secureBroker(
          { sasl: sasl('scram-sha-256'), topicPrefix: 'blue.' },
          { clientId: 'blue', metrics },
        ),
      );
      const green = track(
        await secureBroker(
          { sasl: sasl('scram-sha-512'), topicPrefix: 'green.' },
          { clientId: 'green' },
        ),
      );
      const seen = { blue: [] as string[], green: [] as string[] };
      // The same topic and group names in both: only the prefix tells them apart.
      for (const [name, broker] of [
        ['blue', blue],
        ['green', green],
      ] as const)
        await broker.subscribe({
          group,
          topics: [topic],
          handle: async (envelope) => {
            seen[name].push(envelope.id);
          },
        });
      const [forBlue, forGreen] = [testEnvelope(topic, 'k', 1), testEnvelope(topic, 'k', 2)];
      await blue.publish(records([forBlue]));
      await green.publish(records([forGreen]));
      await eventually(async () => seen.blue.length > 0 && seen.green.length > 0, {
        timeoutMs: 60_000,
        message: 'each environment to get its event',
      });
      // A later event of the other environment would have arrived with its own by now.
      await blue.publish(records([testEnvelope(topic, 'k', 3)]));
      await eventually(async () => seen.blue.length === 2, {
        timeoutMs: 30_000,
        message: "blue's second event",
      });
      expect(seen.green).toEqual([forGreen.id]);
      expect(seen.blue[0]).toBe(forBlue.id);

      const admin = await (blue as KafkaBroker).connectedAdmin();
      const topics = await admin.listTopics();
      expect(topics).toEqual(
        expect.arrayContaining([
          `blue.${topic}`,
          `blue.${topic}.dlq`,
          `green.${topic}`,
          `green.${topic}.dlq`,
        ]),
      );
      expect(topics).not.toContain(topic);
      const { groups } = await admin.listGroups();
      expect(groups.map((g) => g.groupId)).toEqual(
        expect.arrayContaining([`blue.${group}`, `green.${group}`]),
      );
      expect(groups.map((g) => g.groupId)).not.toContain(group);
      // The code and the metrics keep the topic's own name.
      const published = await registry.getSingleMetric('events_published_total')?.get();
      expect(published?.values.map((value) => value.labels['topic'])).toEqual([topic]);
    },
    TIMEOUT_MS,
  );

  it(
    'creates topics with the configured partitions',
    async () => {
      const broker = track(
        await secureBroker({ sasl: sasl('plain'), topicPrefix: 'sized.', partitions: 3 }),
      );
      const topic = uniqueName('sized');
      await broker.publish(records([testEnvelope(topic, 'k', 1)]));
      const admin = await (broker as KafkaBroker).connectedAdmin();
      const { topics } = await admin.fetchTopicMetadata({ topics: [`sized.${topic}`] });
      expect(topics[0].partitions).toHaveLength(3);
    },
    TIMEOUT_MS,
  );
});
