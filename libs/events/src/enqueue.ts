import type { EntityManager } from 'typeorm';
import type { EventData, EventType } from './event-catalog';
import { buildEnvelope, type EnvelopeOptions, type EventEnvelope } from './event-envelope';

/**
 * Writes an event to this service's outbox inside the caller's transaction, so it is published
 * if and only if the state change commits (no dual write). The relay publishes it afterwards.
 * Throws when the manager is not in a transaction: outside one the event and the change it
 * reports could part ways.
 */
export async function enqueue<T extends EventType>(
  manager: EntityManager,
  type: T,
  data: EventData<T>,
  opts: EnvelopeOptions,
): Promise<EventEnvelope<EventData<T>>> {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(
      `enqueue("${type}") must run inside the transaction that makes the change (dataSource.transaction(...))`,
    );
  }
  const envelope = buildEnvelope(type, data, opts);
  await manager.query(
    'INSERT INTO outbox (id, topic, key, envelope) VALUES ($1, $2, $3, $4::jsonb)',
    [envelope.id, envelope.type, envelope.subject, JSON.stringify(envelope)],
  );
  return envelope;
}
