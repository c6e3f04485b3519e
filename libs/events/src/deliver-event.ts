import { delay } from './bounded-wait';
import { deadLetterEnvelope, deadLetterTopic, type DeadLetterEnvelope } from './dead-letter';
import {
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_RETRY_BACKOFF_MS,
  MAX_RETRY_BACKOFF_MS,
  type SubscribeOptions,
} from './event-broker';
import { validateEnvelope, type EventEnvelope } from './event-envelope';
import { errorFields, type EventLogger } from './event-logger';
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
  const { topic, options, signal, logger, metrics } = ctx;
  const group = options.group;
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const baseMs = options.retryBackoffMs ?? DEFAULT_RETRY_BACKOFF_MS;

  let envelope: EventEnvelope;
  try {
    envelope = validateEnvelope(value);
  } catch (error) {
    return deadLetter(ctx, value, error, 1);
  }

  let lastError: unknown;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (signal.aborted) return 'abandoned';
    try {
      await options.handle(envelope);
      metrics?.handled.inc({ topic, group, outcome: 'success' });
      const age = (Date.now() - Date.parse(envelope.time)) / 1000;
      if (age >= 0) metrics?.deliveryLatency.observe({ topic, group }, age);
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
