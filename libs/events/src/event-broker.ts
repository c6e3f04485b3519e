import type { StoredDeadLetter } from './dead-letter';
import type { EventEnvelope } from './event-envelope';

export interface OutgoingRecord {
  topic: string;
  key: string;
  envelope: EventEnvelope;
}

export interface SubscribeOptions {
  /** Consumer group: every group gets every event; members of one group share the partitions. */
  group: string;
  topics: string[];
  /**
   * Throw to have the event retried; it is committed only after this resolves. Give this or
   * `handleBatch`.
   */
  handle?(envelope: EventEnvelope): Promise<void>;
  /**
   * Takes up to `maxBatchSize` events at once, each partition's in offset order (so each key
   * stays in order): on Kafka one partition's (eachBatch), on the Postgres bus those of every
   * partition of the topic the member owns, read together. Their offsets are committed once,
   * after this resolves. When a batch
   * fails, its events are retried one at a time (a batch of one each) with the usual retries and
   * dead letters, so one bad event cannot hold the others back.
   */
  handleBatch?(envelopes: EventEnvelope[]): Promise<void>;
  /** Most events per `handleBatch` call (default 100). */
  maxBatchSize?: number;
  /** Tries before the event goes to `<topic>.dlq` and consumption moves on (default 5). */
  maxAttempts?: number;
  /** Base of the exponential backoff between tries (default 100 ms, capped at 5 s). */
  retryBackoffMs?: number;
  /**
   * How long stop() waits for in-flight handlers (default 5 s). A handler still running then is
   * abandoned: its event is not committed and is delivered again later.
   */
  stopTimeoutMs?: number;
}

export interface Subscription {
  /** Stops fetching; an in-flight handler finishes or is abandoned without commit. */
  stop(): Promise<void>;
}

/** The event-bus port: Kafka at scale, a Postgres-backed log embedded. */
export interface EventBroker {
  readonly kind: 'postgres' | 'kafka';
  /** Appends records in order; records with one key keep their order for every consumer. */
  publish(records: OutgoingRecord[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Throws when the broker cannot be reached. */
  health(): Promise<void>;
  /** Stops every subscription made through this broker and releases its connections. */
  close(): Promise<void>;
  /**
   * Deletes consumed events past the retention, when the broker keeps its own log (Postgres;
   * Kafka's topics have their own retention): a scheduled job calls it. Returns how many.
   */
  pruneLog?(): Promise<number>;
  /**
   * Every message of the dead-letter topics (`<topic>.dlq`), oldest first: both brokers read
   * them (the operations page, the `events dlq` command).
   */
  readDeadLetters?(): Promise<StoredDeadLetter[]>;
  /**
   * Each consumer group's events published but not yet committed, per topic, from the offsets
   * the broker keeps (so a group whose consumers are all down still shows its lag).
   */
  consumerLag?(): Promise<ConsumerLag[]>;
}

export interface ConsumerLag {
  group: string;
  topic: string;
  lag: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_MAX_BATCH_SIZE = 100;
export const DEFAULT_RETRY_BACKOFF_MS = 100;
export const MAX_RETRY_BACKOFF_MS = 5_000;
export const DEFAULT_STOP_TIMEOUT_MS = 5_000;

/** Checks that a subscription says how to handle what it consumes. */
export function assertHandler(options: SubscribeOptions): void {
  if (!options.handle && !options.handleBatch) {
    throw new Error(`Subscription "${options.group}" needs handle or handleBatch`);
  }
}
