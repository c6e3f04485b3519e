import type { Consumer, EachBatchPayload, EachMessagePayload, KafkaMessage } from 'kafkajs';
import { settlesWithin } from './bounded-wait';
import { deliverBatch, deliverEvent, retryDelayMs } from './deliver-event';
import {
  DEFAULT_MAX_BATCH_SIZE,
  DEFAULT_STOP_TIMEOUT_MS,
  type SubscribeOptions,
} from './event-broker';
import { errorFields } from './event-logger';
import type { KafkaBroker } from './kafka-broker';

/**
 * One consumer-group member on Kafka. Partitions are consumed concurrently, each in order;
 * kafkajs never commits on its own (autoCommit off): the offset after an event is committed only
 * once the event was handled or dead-lettered.
 */
export class KafkaSubscription {
  private consumer: Consumer;
  private crashes = 0;
  private readonly abort = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private stopping = false;
  private abandoned = false;
  private lagTimer?: NodeJS.Timeout;
  private stopped?: Promise<void>;

  constructor(
    private readonly broker: KafkaBroker,
    private readonly options: SubscribeOptions,
  ) {
    this.consumer = this.createConsumer();
  }

  private createConsumer(): Consumer {
    const consumer = this.broker.kafka.consumer({
      groupId: this.broker.groupId(this.options.group),
      sessionTimeout: this.broker.sessionTimeoutMs,
      allowAutoTopicCreation: false,
    });
    // kafkajs restarts a consumer that crashed on a retriable error but leaves it dead after a
    // non-retriable one, such as KafkaJSGroupCoordinatorNotFound from a broker still electing
    // its group coordinators (just started or restarted): the group would consume nothing, for
    // good, while the service looks healthy. Such a crash gets a new consumer instead.
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || this.stopping || consumer !== this.consumer) return;
      void this.replaceAfterCrash(payload.error);
    });
    return consumer;
  }

  private async replaceAfterCrash(error: unknown): Promise<void> {
    this.crashes++;
    const delayMs = retryDelayMs(this.crashes, 1_000);
    this.broker.logger.error(
      { ...errorFields(error), group: this.options.group, delayMs },
      'Kafka consumer crashed; starting a new one',
    );
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (this.stopping) return;
    this.consumer = this.createConsumer();
    try {
      await this.start();
    } catch (startError) {
      await this.consumer.disconnect().catch(() => undefined);
      if (!this.stopping) void this.replaceAfterCrash(startError);
    }
  }

  async start(): Promise<void> {
    await this.consumer.connect();
    // A new group starts at the beginning: nothing published before it existed is lost.
    await this.consumer.subscribe({
      topics: this.options.topics.map((topic) => this.broker.topicName(topic)),
      fromBeginning: true,
    });
    await this.consumer.run(
      this.options.handleBatch
        ? {
            autoCommit: false,
            eachBatchAutoResolve: false,
            partitionsConsumedConcurrently: this.broker.partitions,
            eachBatch: (payload) => this.track(this.handleBatch(payload)),
          }
        : {
            autoCommit: false,
            partitionsConsumedConcurrently: this.broker.partitions,
            eachMessage: (payload) => this.onMessage(payload),
          },
    );
    if (this.broker.metrics && !this.lagTimer) {
      this.lagTimer = setInterval(() => void this.reportLag(), this.broker.lagIntervalMs);
      this.lagTimer.unref();
    }
  }

  stop(): Promise<void> {
    this.stopped ??= this.shutdown();
    return this.stopped;
  }

  private async onMessage(payload: EachMessagePayload): Promise<void> {
    // Once stopping, later messages are left uncommitted for the next owner.
    if (this.stopping) return;
    await this.track(this.handle(payload));
  }

  private async track(work: Promise<void>): Promise<void> {
    this.inFlight.add(work);
    try {
      await work;
    } finally {
      this.inFlight.delete(work);
    }
  }

  /**
   * eachBatch: a fetched partition batch goes to the handler in chunks of maxBatchSize, in offset
   * order; each chunk's offset is resolved and committed once it was handled or dead-lettered.
   */
  private async handleBatch({
    batch,
    resolveOffset,
    heartbeat,
    isRunning,
    isStale,
  }: EachBatchPayload): Promise<void> {
    const limit = Math.max(1, this.options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE);
    const { partition } = batch;
    const topic = this.broker.unprefixed(batch.topic);
    for (let i = 0; i < batch.messages.length; i += limit) {
      if (this.stopping || !isRunning() || isStale()) return;
      const chunk = batch.messages.slice(i, i + limit);
      const outcome = await deliverBatch(
        chunk.map((message) => ({
          value: decode(message),
          key: message.key?.toString('utf8') ?? '',
        })),
        {
          topic,
          key: '',
          options: this.options,
          signal: this.abort.signal,
          deadLetter: (record) => this.broker.send([record]),
          beforeRetry: heartbeat,
          logger: this.broker.logger,
          metrics: this.broker.metrics,
        },
      );
      if (outcome === 'abandoned' || this.abandoned) return;
      const last = chunk[chunk.length - 1].offset;
      resolveOffset(last);
      await this.consumer.commitOffsets([
        { topic: batch.topic, partition, offset: (BigInt(last) + 1n).toString() },
      ]);
      await heartbeat();
    }
  }

  private async handle({
    topic,
    partition,
    message,
    heartbeat,
  }: EachMessagePayload): Promise<void> {
    const outcome = await deliverEvent(decode(message), {
      topic: this.broker.unprefixed(topic),
      key: message.key?.toString('utf8') ?? '',
      options: this.options,
      signal: this.abort.signal,
      deadLetter: (record) => this.broker.send([record]),
      beforeRetry: heartbeat,
      logger: this.broker.logger,
      metrics: this.broker.metrics,
    });
    if (outcome === 'abandoned' || this.abandoned) return;
    await this.consumer.commitOffsets([
      { topic, partition, offset: (BigInt(message.offset) + 1n).toString() },
    ]);
  }

  private async shutdown(): Promise<void> {
    this.stopping = true;
    this.abort.abort();
    if (this.lagTimer) clearInterval(this.lagTimer);
    const timeoutMs = this.options.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
    const finished = await settlesWithin(Promise.all([...this.inFlight]), timeoutMs);
    if (!finished) {
      this.abandoned = true;
      this.broker.logger.warn(
        { group: this.options.group, timeoutMs },
        'event handler still running at stop; abandoned without commit',
      );
    }
    // kafkajs' disconnect waits for the running handler; an abandoned one may never return,
    // so the group is left in the background once it does.
    const disconnected = this.consumer.disconnect().catch((error: unknown) => {
      this.broker.logger.warn(errorFields(error), 'Kafka consumer did not disconnect cleanly');
    });
    if (finished) await settlesWithin(disconnected, timeoutMs + this.broker.sessionTimeoutMs);
  }

  private async reportLag(): Promise<void> {
    try {
      const admin = await this.broker.connectedAdmin();
      for (const topic of this.options.topics) {
        const [ends, committed] = await Promise.all([
          admin.fetchTopicOffsets(this.broker.topicName(topic)),
          admin.fetchOffsets({
            groupId: this.broker.groupId(this.options.group),
            topics: [this.broker.topicName(topic)],
          }),
        ]);
        const done = new Map(
          (committed[0]?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]),
        );
        const lag = ends.reduce((sum, end) => {
          const next = done.get(end.partition) ?? -1;
          return sum + Number(end.high) - (next >= 0 ? next : Number(end.low));
        }, 0);
        this.broker.metrics?.consumerLag.set({ group: this.options.group, topic }, lag);
      }
    } catch (error) {
      this.broker.logger.warn(errorFields(error), 'could not read Kafka consumer lag');
    }
  }
}

/** The message's JSON; text that is not JSON fails validation and is dead-lettered as it came. */
function decode(message: KafkaMessage): unknown {
  const raw = message.value?.toString('utf8') ?? null;
  if (raw === null) return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
