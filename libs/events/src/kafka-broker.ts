import type { ConnectionOptions } from 'node:tls';
import {
  Kafka,
  Partitioners,
  logLevel,
  type Admin,
  type IHeaders,
  type Producer,
  type SASLOptions,
  type logCreator,
} from 'kafkajs';
import { DEFAULT_KAFKA_PARTITIONS } from '@jibs/config';
import type { DeadLetterEnvelope, StoredDeadLetter } from './dead-letter';
import {
  assertHandler,
  type ConsumerLag,
  type EventBroker,
  type OutgoingRecord,
  type SubscribeOptions,
  type Subscription,
} from './event-broker';
import { validateEnvelope, type EventEnvelope } from './event-envelope';
import { silentLogger, type EventLogger } from './event-logger';
import { trackSubscription, type EventMetrics } from './event-metrics';
import { readKafkaConsumerLag, readKafkaDeadLetters } from './kafka-dead-letters';
import { KafkaSubscription } from './kafka-subscription';

export interface KafkaBrokerOptions {
  brokers: string[];
  clientId: string;
  logger?: EventLogger;
  metrics?: EventMetrics;
  /** Partitions of topics this broker creates (default 8); existing topics keep theirs. */
  partitions?: number;
  /** Replication of topics this broker creates (default: the cluster's default). */
  replicationFactor?: number;
  /** Authentication: PLAIN or SCRAM (SHA-256, SHA-512) with a username and password. */
  sasl?: KafkaSasl;
  /** TLS to the brokers: true verifies against the system CAs; options give the CA, mTLS. */
  ssl?: boolean | ConnectionOptions;
  /**
   * Put before every topic and consumer group on the cluster ('staging.'), so environments can
   * share one; the rest of the code, the envelopes and the metrics never see it.
   */
  topicPrefix?: string;
  /** Consumer group session timeout (default 30 s). */
  sessionTimeoutMs?: number;
  /** How often subscriptions report consumer lag when metrics are on (default 10 s). */
  lagIntervalMs?: number;
}

export type KafkaSasl = Extract<
  SASLOptions,
  { mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512' }
>;

/**
 * The event bus at scale. Structured CloudEvents: the value is the JSON envelope, the key is the
 * subject (so one key keeps its partition and order), and the attributes are repeated as `ce_`
 * headers for tools that route on headers. The producer is idempotent; consumers commit an
 * offset only after the handler succeeded or the event was dead-lettered.
 */
export class KafkaBroker implements EventBroker {
  readonly kind = 'kafka' as const;
  readonly kafka: Kafka;
  readonly logger: EventLogger;
  readonly metrics?: EventMetrics;
  readonly partitions: number;
  readonly sessionTimeoutMs: number;
  readonly lagIntervalMs: number;
  readonly topicPrefix: string;
  private readonly replicationFactor?: number;
  private readonly knownTopics = new Set<string>();
  private readonly subscriptions = new Set<KafkaSubscription>();
  private producer?: Promise<Producer>;
  private admin?: Promise<Admin>;
  private closed = false;

  constructor(opts: KafkaBrokerOptions) {
    if (opts.brokers.length === 0)
      throw new Error('The Kafka broker needs at least one broker address');
    this.logger = opts.logger ?? silentLogger;
    this.metrics = opts.metrics;
    this.partitions = opts.partitions ?? DEFAULT_KAFKA_PARTITIONS;
    this.replicationFactor = opts.replicationFactor;
    this.sessionTimeoutMs = opts.sessionTimeoutMs ?? 30_000;
    this.lagIntervalMs = opts.lagIntervalMs ?? 10_000;
    this.topicPrefix = opts.topicPrefix ?? '';
    this.kafka = new Kafka({
      clientId: opts.clientId,
      brokers: opts.brokers,
      ...(opts.ssl ? { ssl: opts.ssl } : {}),
      ...(opts.sasl ? { sasl: opts.sasl } : {}),
      logLevel: logLevel.INFO,
      logCreator: kafkaLogCreator(this.logger),
    });
  }

  async publish(records: OutgoingRecord[]): Promise<void> {
    this.assertOpen();
    for (const record of records) {
      if (!record.topic) throw new Error('An event record needs a topic');
      if (!record.key) throw new Error(`An event record for "${record.topic}" needs a key`);
      validateEnvelope(record.envelope);
    }
    await this.send(records);
    for (const record of records) this.metrics?.published.inc({ topic: record.topic });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    assertHandler(options);
    if (!options.group) throw new Error('A subscription needs a group');
    if (options.topics.length === 0) throw new Error('A subscription needs at least one topic');
    trackSubscription(this.metrics, options.group, options.topics);
    // The dead-letter topics too, so a poison event can always be parked.
    await this.ensureTopics(options.topics.flatMap((topic) => [topic, `${topic}.dlq`]));
    const subscription = new KafkaSubscription(this, options);
    this.subscriptions.add(subscription);
    try {
      await subscription.start();
    } catch (error) {
      this.subscriptions.delete(subscription);
      await subscription.stop();
      throw error;
    }
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  /** A topic's name on the cluster (with the prefix). */
  topicName(topic: string): string {
    return this.topicPrefix + topic;
  }

  /** A topic's name in the code, from its name on the cluster. */
  unprefixed(topicName: string): string {
    return topicName.startsWith(this.topicPrefix)
      ? topicName.slice(this.topicPrefix.length)
      : topicName;
  }

  /** A consumer group's id on the cluster (with the prefix). */
  groupId(group: string): string {
    return this.topicPrefix + group;
  }

  async health(): Promise<void> {
    const admin = await this.connectedAdmin();
    await admin.describeCluster();
  }

  /** Every message of this environment's dead-letter topics (a throwaway reader group). */
  readDeadLetters(): Promise<StoredDeadLetter[]> {
    this.assertOpen();
    return readKafkaDeadLetters(this);
  }

  /** Every group's lag on this environment's topics, from the committed offsets. */
  consumerLag(): Promise<ConsumerLag[]> {
    this.assertOpen();
    return readKafkaConsumerLag(this);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const subscriptions = [...this.subscriptions];
    this.subscriptions.clear();
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    const [producer, admin] = [this.producer, this.admin];
    this.producer = undefined;
    this.admin = undefined;
    await Promise.all([
      producer?.then((p) => p.disconnect()).catch(() => undefined),
      admin?.then((a) => a.disconnect()).catch(() => undefined),
    ]);
  }

  /**
   * Sends without validation (dead letters keep whatever was consumed), in record order. Still
   * open while close() waits for the handlers, so their dead letters get written.
   */
  async send(records: Array<OutgoingRecord | DeadLetterRecord>): Promise<void> {
    if (records.length === 0) return;
    await this.ensureTopics([...new Set(records.map((record) => record.topic))]);
    const byTopic = new Map<string, Array<{ key: string; value: string; headers: IHeaders }>>();
    for (const record of records) {
      const messages = byTopic.get(record.topic) ?? [];
      messages.push({
        key: record.key,
        value: JSON.stringify(record.envelope),
        headers: cloudEventHeaders(record.envelope),
      });
      byTopic.set(record.topic, messages);
    }
    const pending = this.connectedProducer();
    const producer = await pending;
    try {
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, messages]) => ({
          topic: this.topicName(topic),
          messages,
        })),
      });
    } catch (error) {
      // A failed send can leave the idempotent producer's sequence numbers out of step with the
      // broker: after a broker restart it answered OUT_OF_ORDER_SEQUENCE_NUMBER to every later
      // send, for good. The caller's retry gets a new producer (a new producer id); a record the
      // broker did take is then sent twice, which consumers' inboxes absorb.
      if (this.producer === pending) this.producer = undefined;
      void producer.disconnect().catch(() => undefined);
      throw error;
    }
  }

  async connectedAdmin(): Promise<Admin> {
    this.admin ??= connect(this.kafka.admin(), () => (this.admin = undefined));
    return this.admin;
  }

  private connectedProducer(): Promise<Producer> {
    this.producer ??= connect(
      this.kafka.producer({
        idempotent: true,
        // One request in flight keeps order across retries; publishes are sequential anyway.
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
      }),
      () => (this.producer = undefined),
    );
    return this.producer;
  }

  /** Creates the topics (names in the code, without the prefix) that do not exist yet. */
  private async ensureTopics(topics: string[]): Promise<void> {
    const missing = topics
      .filter((topic) => !this.knownTopics.has(topic))
      .map((topic) => this.topicName(topic));
    if (missing.length === 0) return;
    const admin = await this.connectedAdmin();
    const existing = new Set(await admin.listTopics());
    const toCreate = missing.filter((topic) => !existing.has(topic));
    if (toCreate.length > 0) {
      await admin.createTopics({
        // kafkajs's own wait retries only LEADER_NOT_AVAILABLE; a KRaft broker answers
        // UNKNOWN_TOPIC_OR_PARTITION until its metadata has caught up, so wait here instead.
        waitForLeaders: false,
        topics: toCreate.map((topic) => ({
          topic,
          numPartitions: this.partitions,
          ...(this.replicationFactor ? { replicationFactor: this.replicationFactor } : {}),
        })),
      });
      this.logger.info({ topics: toCreate }, 'created Kafka topics');
    }
    await this.waitForLeaders(admin, missing);
    for (const topic of missing) this.knownTopics.add(this.unprefixed(topic));
  }

  /** Until every partition of the topics has a leader (30 s at most). */
  private async waitForLeaders(admin: Admin, topics: string[]): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (let delay = 20; ; delay = Math.min(delay * 2, 500)) {
      try {
        const { topics: found } = await admin.fetchTopicMetadata({ topics });
        const led = found.every(
          (topic) =>
            topic.partitions.length > 0 &&
            topic.partitions.every((partition) => partition.leader >= 0),
        );
        if (led && found.length === topics.length) return;
      } catch (error) {
        const type = (error as { type?: string }).type;
        if (type !== 'UNKNOWN_TOPIC_OR_PARTITION' && type !== 'LEADER_NOT_AVAILABLE') throw error;
      }
      if (Date.now() > deadline)
        throw new Error(`Kafka topics without leaders: ${topics.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event broker is closed');
  }
}

export interface DeadLetterRecord {
  topic: string;
  key: string;
  envelope: DeadLetterEnvelope;
}

/** Connects once; a failed connect is forgotten so the next call tries again. */
function connect<T extends { connect(): Promise<void> }>(
  client: T,
  forget: () => void,
): Promise<T> {
  return client.connect().then(
    () => client,
    (error: unknown) => {
      forget();
      throw error;
    },
  );
}

function cloudEventHeaders(envelope: EventEnvelope | DeadLetterEnvelope): IHeaders {
  const headers: IHeaders = { 'content-type': 'application/cloudevents+json; charset=utf-8' };
  for (const [name, value] of Object.entries(envelope)) {
    if (name === 'data' || value === undefined || value === null) continue;
    if (typeof value === 'object') continue;
    headers[`ce_${name}`] = String(value);
  }
  return headers;
}

/** kafkajs logs through the service logger instead of the console. */
/**
 * Answers kafkajs's connection logs as errors although it retries them, as every client sees
 * them while a broker starts or several services create the same topics at once: not an
 * operator's concern unless the retries run out, and then the call that gave up says so.
 * ('Topic creation errors' is mostly a topic another service created first, which kafkajs's
 * createTopics accepts; any other creation error it throws to ensureTopics' caller.)
 */
const RETRIED_RESPONSE_ERRORS = new Set([
  'Topic creation errors',
  'This server does not host this topic-partition',
  'There is no leader for this topic-partition as we are in the middle of a leadership election',
  'The group coordinator is not available',
  "The coordinator is loading and hence can't process requests",
  'This is not the correct coordinator for this group',
]);

function kafkaLogCreator(logger: EventLogger): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, timestamp: _timestamp, logger: _logger, ...extra } = log;
      const fields = { kafka: { namespace, ...extra } };
      const retried =
        namespace === 'Connection' &&
        message.startsWith('Response ') &&
        RETRIED_RESPONSE_ERRORS.has(String(extra['error']));
      if (level === logLevel.ERROR && retried) logger.info(fields, `${message} (retried)`);
      else if (level === logLevel.ERROR) logger.error(fields, message);
      else if (level === logLevel.WARN) logger.warn(fields, message);
      else if (level === logLevel.INFO) logger.info(fields, message);
    };
}
