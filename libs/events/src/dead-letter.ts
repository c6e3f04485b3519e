import type { EventEnvelope } from './event-envelope';

/**
 * What lands on `<topic>.dlq`: the original envelope, unchanged, plus CloudEvents extension
 * attributes saying who gave up on it and why.
 */
export interface DeadLetterEnvelope<T = unknown> extends EventEnvelope<T> {
  deadlettertopic: string;
  deadlettergroup: string;
  deadlettererror: string;
  deadletterattempts: number;
  deadlettertime: string;
}

export interface DeadLetterInfo {
  topic: string;
  group: string;
  error: string;
  attempts: number;
}

export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}

export function isDeadLetterTopic(topic: string): boolean {
  return topic.endsWith('.dlq');
}

/**
 * Wraps whatever was consumed. A value that is not even an object (bytes a foreign producer
 * wrote to Kafka) is kept whole under `data` so nothing is lost.
 */
export function deadLetterEnvelope(original: unknown, info: DeadLetterInfo): DeadLetterEnvelope {
  const base =
    original !== null && typeof original === 'object' && !Array.isArray(original)
      ? (original as EventEnvelope)
      : ({ data: original } as EventEnvelope);
  return {
    ...base,
    deadlettertopic: info.topic,
    deadlettergroup: info.group,
    deadlettererror: info.error.slice(0, 4_000),
    deadletterattempts: info.attempts,
    deadlettertime: new Date().toISOString(),
  };
}

/** One message of a `<topic>.dlq` as the broker keeps it. */
export interface StoredDeadLetter {
  /** `<topic>.dlq:<partition>:<offset>`: the same shape on both brokers, stable for good. */
  id: string;
  key: string;
  /** What was written: a DeadLetterEnvelope, or whatever a foreign producer wrote. */
  value: unknown;
}

export function deadLetterId(dlqTopic: string, partition: number, offset: string | number): string {
  return `${dlqTopic}:${partition}:${offset}`;
}
