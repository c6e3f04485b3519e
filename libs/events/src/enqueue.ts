import type { EntityManager } from 'typeorm';
import { currentTraceContext, inProducerSpan, tracingOn } from '@jibs/observability';
import type { EventData, EventType } from './event-catalog';
import { buildEnvelopes, type EnvelopeOptions, type EventEnvelope } from './event-envelope';

/**
 * Writes an event to this service's outbox inside the caller's transaction, so it is published
 * if and only if the state change commits (no dual write). The relay publishes it afterwards.
 * Throws when the manager is not in a transaction: outside one the event and the change it
 * reports could part ways. Internal to this library (its tests and EventPublisher): services
 * publish through EventPublisher, which fills in their source and request id.
 */
export async function enqueue<T extends EventType>(
  manager: EntityManager,
  type: T,
  data: EventData<T>,
  opts: EnvelopeOptions,
): Promise<EventEnvelope<EventData<T>>> {
  // TypeScript cannot correlate a generic T with the union; the call site checked the pair.
  const [envelope] = await enqueueAll(manager, [{ type, data, ...opts } as OutgoingEvent]);
  return envelope as EventEnvelope<EventData<T>>;
}

/** One event to enqueue: its type, its typed data and its envelope options. */
export type OutgoingEvent = {
  [K in EventType]: { type: K; data: EventData<K> } & EnvelopeOptions;
}[EventType];

/** Several events in one statement, in the given order; the same rules as enqueue(). */
export async function enqueueAll(
  manager: EntityManager,
  events: readonly OutgoingEvent[],
): Promise<EventEnvelope[]> {
  if (!manager.queryRunner?.isTransactionActive) {
    const types = [...new Set(events.map((event) => event.type))].join('", "');
    throw new Error(
      `enqueue("${types}") must run inside the transaction that makes the change (dataSource.transaction(...))`,
    );
  }
  if (events.length === 0) return [];
  if (!tracingOn()) return writeOutbox(manager, events);
  const topics = [...new Set(events.map((event) => event.type))];
  return inProducerSpan(
    `send ${topics.join(' ')}`,
    {
      'messaging.system': 'jibs',
      'messaging.operation.type': 'send',
      'messaging.destination.name': topics.join(' '),
      'messaging.batch.message_count': events.length,
    },
    () => writeOutbox(manager, events),
  );
}

async function writeOutbox(
  manager: EntityManager,
  events: readonly OutgoingEvent[],
): Promise<EventEnvelope[]> {
  // Within the producer span: the consumers' spans become its children.
  const traceContext = currentTraceContext();
  // Each event in its current version, then any earlier versions still published (same id).
  const published = events.map(({ type, data, ...opts }) =>
    buildEnvelopes(type, data, { ...traceContext, ...opts }),
  );
  const rows = published.flat();
  // WITH ORDINALITY keeps the given order in seq, which is the relay's publish order.
  await manager.query(
    `INSERT INTO outbox (id, version, topic, key, envelope)
     SELECT id, version, topic, key, envelope
       FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::jsonb[])
       WITH ORDINALITY AS e(id, version, topic, key, envelope, n) ORDER BY n`,
    [
      rows.map((envelope) => envelope.id),
      rows.map((envelope) => envelope.dataversion),
      rows.map((envelope) => envelope.type),
      rows.map((envelope) => envelope.subject),
      rows.map((envelope) => JSON.stringify(envelope)),
    ],
  );
  return published.map(([current]) => current);
}
