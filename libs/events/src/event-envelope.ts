import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  EventCatalog,
  dataSchemaUrn,
  isEventType,
  type EventData,
  type EventType,
} from './event-catalog';
import { InvalidEventError } from './invalid-event.error';

/** A CloudEvents 1.0 event in structured JSON mode, as stored in outboxes and carried by brokers. */
export interface EventEnvelope<T = unknown> {
  specversion: '1.0';
  id: string;
  /** The producing service, e.g. `jibs/identity`. */
  source: string;
  /** The event type, which is also the topic, e.g. `user.registered`. */
  type: string;
  /** The partition key: the user or aggregate id the event is about. */
  subject: string;
  time: string;
  datacontenttype: 'application/json';
  dataschema: string;
  dataversion: number;
  /** The request that caused the event, carried into consumers' logs. */
  requestid?: string;
  data: T;
}

export interface EnvelopeOptions {
  source: string;
  subject: string;
  requestId?: string;
}

// Loose: CloudEvents consumers must accept extension attributes they do not know (the
// dead-letter attributes are such extensions).
const envelopeSchema = z
  .looseObject({
    specversion: z.literal('1.0'),
    id: z.string().uuid(),
    source: z.string().min(1),
    type: z.string().min(1),
    subject: z.string().min(1),
    time: z.iso.datetime({ offset: true }),
    datacontenttype: z.literal('application/json'),
    dataschema: z.string().min(1),
    dataversion: z.number().int().positive(),
    requestid: z.string().min(1).optional(),
    data: z.unknown(),
  })
  .refine((envelope) => envelope.data !== undefined, { path: ['data'], message: 'Required' });

/** A new envelope for a catalog event; throws InvalidEventError when the data does not match. */
export function buildEnvelope<T extends EventType>(
  type: T,
  data: EventData<T>,
  opts: EnvelopeOptions,
): EventEnvelope<EventData<T>> {
  if (!isEventType(type)) throw new InvalidEventError(`Unknown event type "${String(type)}"`);
  if (!opts.source) throw new InvalidEventError(`Event "${type}" needs a source`);
  if (!opts.subject) throw new InvalidEventError(`Event "${type}" needs a subject (its key)`);
  const definition = EventCatalog[type];
  const parsed = definition.schema.safeParse(data);
  if (!parsed.success) {
    throw InvalidEventError.fromZod(`Invalid data for event "${type}"`, parsed.error);
  }
  return {
    specversion: '1.0',
    id: randomUUID(),
    source: opts.source,
    type,
    subject: opts.subject,
    time: new Date().toISOString(),
    datacontenttype: 'application/json',
    dataschema: dataSchemaUrn(type, definition.version),
    dataversion: definition.version,
    ...(opts.requestId ? { requestid: opts.requestId } : {}),
    // The parsed value: fields the schema does not name never leave the service.
    data: parsed.data as EventData<T>,
  };
}

/** Reads an envelope off the wire; throws InvalidEventError when it is not a valid event. */
export function parseEnvelope(raw: string | Buffer): EventEnvelope {
  let value: unknown;
  try {
    value = JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8'));
  } catch {
    throw new InvalidEventError('Event is not JSON');
  }
  return validateEnvelope(value);
}

/**
 * Checks an already-decoded envelope: the CloudEvents attributes always, and for catalog types
 * the data against the schema of the version it declares. Types outside the catalog pass with
 * their data unchecked, so a service can relay events it does not know.
 */
export function validateEnvelope(value: unknown): EventEnvelope {
  const parsed = envelopeSchema.safeParse(value);
  if (!parsed.success) throw InvalidEventError.fromZod('Invalid event envelope', parsed.error);
  const envelope = parsed.data as EventEnvelope;
  if (!isEventType(envelope.type)) return envelope;
  const definition = EventCatalog[envelope.type];
  if (envelope.dataversion !== definition.version) {
    throw new InvalidEventError(
      `Event "${envelope.type}" has data version ${envelope.dataversion}; this service knows version ${definition.version}`,
    );
  }
  const data = definition.schema.safeParse(envelope.data);
  if (!data.success) {
    throw InvalidEventError.fromZod(`Invalid data for event "${envelope.type}"`, data.error);
  }
  return { ...envelope, data: data.data };
}

/**
 * Narrows a consumed envelope to a catalog type. Sound because consumers validate the data of
 * catalog types before a handler sees it.
 */
export function isEventOf<T extends EventType>(
  envelope: EventEnvelope,
  type: T,
): envelope is EventEnvelope<EventData<T>> {
  return envelope.type === type;
}
