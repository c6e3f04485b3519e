import { delay } from './bounded-wait';
import { deadLetterEnvelope, deadLetterTopic, type DeadLetterEnvelope } from './dead-letter';
import {
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_RETRY_BACKOFF_MS,
  MAX_RETRY_BACKOFF_MS,
  type SubscribeOptions,
} from './event-broker';
import { readEnvelope, type Catalog, type EventEnvelope } from './event-envelope';
import { errorFields, type EventLogger } from './event-logger';
import { inRequestOf, inTraceOf } from './event-request';
import type { EventMetrics } from './event-metrics';
import { InvalidEventError } from './invalid-event.error';

export interface DeliveryContext {
  topic: string;
  key: string;
  options: SubscribeOptions;
  /** Aborts on stop or when the partition is taken away: no further tries, no commit. */
  signal: AbortSignal;
  /** Appends the dead letter to `<topic>.dlq`; a failure here leaves the event uncommitted. */
  deadLetter(record: { topic: string; key: string; envelope: DeadLetterEnvelope }): Promise<void>;
  /** Kafka's heartbeat between tries, so a long backoff does not cost the partition. */
  beforeRetry?(): Promise<void>;
  logger: EventLogger;
  metrics?: EventMetrics;
  /** The versions this consumer reads: the service's catalog unless a test says otherwise. */
  catalog?: Catalog;
}

/** `handled` and `dead-lettered` may be committed; `abandoned` must not be. */
export type DeliveryOutcome = 'handled' | 'dead-lettered' | 'abandoned';

export function retryDelayMs(attempt: number, baseMs = DEFAULT_RETRY_BACKOFF_MS): number {
  return Math.min(baseMs * 2 ** (attempt - 1), MAX_RETRY_BACKOFF_MS);
}

/**
 * Gives one consumed value to the handler: validates it, tries up to maxAttempts times with
 * exponential backoff, then dead-letters it. The same path for every broker.
 */
export async function deliverEvent(value: unknown, ctx: DeliveryContext): Promise<DeliveryOutcome> {
  let read: ReturnType<typeof readEnvelope>;
  try {
    read = readEnvelope(value, ctx.catalog);
  } catch (error) {
    return deadLetter(ctx, value, error, 1);
  }
  if (read.action === 'twin') return passOver(ctx, read.envelope);
  return deliverValid(read.envelope, value, ctx);
}

/**
 * Gives consecutive values of one partition to `handleBatch` at once. Invalid ones are
 * dead-lettered first; the valid rest go in one call, tried once. When that fails, each is
 * delivered alone (a batch of one) with the full retries and dead letter, in order, so a poison
 * event costs only itself. `handled` means every value was handled or dead-lettered.
 */
export async function deliverBatch(
  items: { value: unknown; key: string }[],
  ctx: DeliveryContext,
): Promise<DeliveryOutcome> {
  const { topic, options, signal, metrics } = ctx;
  const valid: { envelope: EventEnvelope; value: unknown; key: string }[] = [];
  for (const { value, key } of items) {
    try {
      const read = readEnvelope(value, ctx.catalog);
      if (read.action === 'twin') passOver({ ...ctx, key }, read.envelope);
      else valid.push({ envelope: read.envelope, value, key });
    } catch (error) {
      await deadLetter({ ...ctx, key }, value, error, 1);
    }
  }
  if (valid.length === 0) return 'handled';
  if (valid.length > 1) {
    if (signal.aborted) return 'abandoned';
    try {
      await handlerOf(options)(valid.map((item) => item.envelope));
      for (const { envelope } of valid) succeeded(ctx, envelope);
      return 'handled';
    } catch (error) {
      metrics?.handled.inc({ topic, group: options.group, outcome: 'failure' }, valid.length);
      ctx.logger.warn(
        { ...errorFields(error), topic, group: options.group, events: valid.length },
        'event batch failed; retrying its events one at a time',
      );
    }
  }
  for (const { envelope, value, key } of valid) {
    const outcome = await deliverValid(envelope, value, { ...ctx, key });
    if (outcome === 'abandoned') return outcome;
  }
  return 'handled';
}

function handlerOf(options: SubscribeOptions): (envelopes: EventEnvelope[]) => Promise<void> {
  if (options.handleBatch) {
    const handleBatch = options.handleBatch.bind(options);
    return (envelopes) =>
      inRequestOf(envelopes, () =>
        inTraceOf(options.group, envelopes, () => handleBatch(envelopes)),
      );
  }
  const handle = options.handle;
  if (!handle) throw new Error(`Subscription "${options.group}" has no handler`);
  return async (envelopes) => {
    for (const envelope of envelopes)
      await inRequestOf([envelope], () =>
        inTraceOf(options.group, [envelope], () => handle.call(options, envelope)),
      );
  };
}

/**
 * The same event in a version this consumer does not prefer: the one it prefers was published
 * too, with the same id. Nothing to do, and committed like a handled event.
 */
function passOver(ctx: DeliveryContext, envelope: EventEnvelope): 'handled' {
  const { topic, options, metrics, logger } = ctx;
  metrics?.handled.inc({ topic, group: options.group, outcome: 'twin' });
  logger.info(
    { topic, group: options.group, eventId: envelope.id, dataversion: envelope.dataversion },
    'event version passed over: its twin in a preferred version is handled',
  );
  return 'handled';
}

function succeeded(ctx: DeliveryContext, envelope: EventEnvelope): void {
  const { topic, options, metrics } = ctx;
  metrics?.handled.inc({ topic, group: options.group, outcome: 'success' });
  const age = (Date.now() - Date.parse(envelope.time)) / 1000;
  if (age >= 0) metrics?.deliveryLatency.observe({ topic, group: options.group }, age);
}

async function deliverValid(
  envelope: EventEnvelope,
  value: unknown,
  ctx: DeliveryContext,
): Promise<DeliveryOutcome> {
  const { topic, options, signal, logger, metrics } = ctx;
  const group = options.group;
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const baseMs = options.retryBackoffMs ?? DEFAULT_RETRY_BACKOFF_MS;
  const handle = handlerOf(options);

  let lastError: unknown;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (signal.aborted) return 'abandoned';
    try {
      await handle([envelope]);
      succeeded(ctx, envelope);
      return 'handled';
    } catch (error) {
      lastError = error;
      metrics?.handled.inc({ topic, group, outcome: 'failure' });
      if (error instanceof InvalidEventError) return deadLetter(ctx, value, error, attempt);
      if (attempt === maxAttempts) break;
      logger.warn(
        { ...errorFields(error), topic, group, eventId: envelope.id, attempt, maxAttempts },
        'event handler failed; retrying',
      );
      await delay(retryDelayMs(attempt, baseMs), signal);
      if (signal.aborted) return 'abandoned';
      await ctx.beforeRetry?.();
    }
  }
  return deadLetter(ctx, value, lastError, maxAttempts);
}

async function deadLetter(
  ctx: DeliveryContext,
  value: unknown,
  error: unknown,
  attempts: number,
): Promise<DeliveryOutcome> {
  const { topic, key, options, logger, metrics } = ctx;
  const group = options.group;
  const message = error instanceof Error ? error.message : String(error);
  const envelope = deadLetterEnvelope(value, { topic, group, error: message, attempts });
  await ctx.deadLetter({ topic: deadLetterTopic(topic), key, envelope });
  metrics?.handled.inc({ topic, group, outcome: 'dead_letter' });
  metrics?.deadLetters.inc({ topic, group });
  logger.error(
    {
      ...errorFields(error),
      topic,
      group,
      eventId: envelope.id,
      attempts,
      dlq: deadLetterTopic(topic),
    },
    'event dead-lettered',
  );
  return 'dead-lettered';
}
