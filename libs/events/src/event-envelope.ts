import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { TraceContextFields } from '@jibs/observability';
import {
  EventCatalog,
  dataSchemaUrn,
  type EventData,
  type EventDefinition,
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
  /**
   * The W3C trace context of the request that wrote the event (CloudEvents distributed tracing
   * extension), when it was traced: the consumer's span continues that trace.
   */
  traceparent?: string;
  tracestate?: string;
  /**
   * Every version this event was published in (CloudEvents extension), when more than one: the
   * same id in each, so a consumer handles the newest it knows and passes over the others.
   */
  dataversions?: number[];
  data: T;
}

/** A catalog to read events with: the service's own, or in tests one that knows other versions. */
export type Catalog = Readonly<Record<string, EventDefinition>>;

export interface EnvelopeOptions extends TraceContextFields {
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
    traceparent: z.string().min(1).optional(),
    tracestate: z.string().optional(),
    dataversions: z.array(z.number().int().positive()).min(1).optional(),
    data: z.unknown(),
  })
  .refine((envelope) => envelope.data !== undefined, { path: ['data'], message: 'Required' });

/** A new envelope for a catalog event; throws InvalidEventError when the data does not match. */
export function buildEnvelope<T extends EventType>(
  type: T,
  data: EventData<T>,
  opts: EnvelopeOptions,
): EventEnvelope<EventData<T>> {
  return buildEnvelopes(type, data, opts)[0] as EventEnvelope<EventData<T>>;
}

/**
 * The envelopes one event is published in: the current version first, then each earlier version
 * still in its deprecation period, all with the same id, time and `dataversions`.
 */
export function buildEnvelopes(
  type: string,
  data: unknown,
  opts: EnvelopeOptions,
  catalog: Catalog = EventCatalog,
): EventEnvelope[] {
  if (!Object.hasOwn(catalog, type)) throw new InvalidEventError(`Unknown event type "${type}"`);
  if (!opts.source) throw new InvalidEventError(`Event "${type}" needs a source`);
  if (!opts.subject) throw new InvalidEventError(`Event "${type}" needs a subject (its key)`);
  const definition = catalog[type];
  const parsed = definition.schema.safeParse(data);
  if (!parsed.success) {
    throw InvalidEventError.fromZod(`Invalid data for event "${type}"`, parsed.error);
  }
  const earlier = definition.earlier ?? [];
  const first: EventEnvelope = {
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
    ...(opts.traceparent ? { traceparent: opts.traceparent } : {}),
    ...(opts.tracestate ? { tracestate: opts.tracestate } : {}),
    ...(earlier.length > 0
      ? { dataversions: [definition.version, ...earlier.map((old) => old.version)] }
      : {}),
    // The parsed value: fields the schema does not name never leave the service.
    data: parsed.data,
  };
  const twins = earlier.map((old): EventEnvelope => {
    const downgraded = old.schema.safeParse(old.downgrade(parsed.data));
    if (!downgraded.success) {
      throw InvalidEventError.fromZod(
        `Invalid data for event "${type}" version ${old.version}`,
        downgraded.error,
      );
    }
    return {
      ...first,
      dataschema: dataSchemaUrn(type, old.version),
      dataversion: old.version,
      data: downgraded.data,
    };
  });
  return [first, ...twins];
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
 * the data against the schema of the version it declares (the current one or an earlier one still
 * published). Types outside the catalog pass with their data unchecked, so a service can relay
 * events it does not know.
 */
export function validateEnvelope(value: unknown, catalog: Catalog = EventCatalog): EventEnvelope {
  const parsed = envelopeSchema.safeParse(value);
  if (!parsed.success) throw InvalidEventError.fromZod('Invalid event envelope', parsed.error);
  const envelope = parsed.data as EventEnvelope;
  if (!Object.hasOwn(catalog, envelope.type)) return envelope;
  const definition = catalog[envelope.type];
  const schema =
    envelope.dataversion === definition.version
      ? definition.schema
      : definition.earlier?.find((old) => old.version === envelope.dataversion)?.schema;
  if (!schema) {
    throw new InvalidEventError(
      `Event "${envelope.type}" has data version ${envelope.dataversion}; this service knows ${knownVersions(definition).join(', ')}`,
    );
  }
  const data = schema.safeParse(envelope.data);
  if (!data.success) {
    throw InvalidEventError.fromZod(`Invalid data for event "${envelope.type}"`, data.error);
  }
  return { ...envelope, data: data.data };
}

/**
 * What a consumer does with a delivered value: `handle` it, with the data in the current version
 * (an earlier version published alone, by a producer not yet upgraded, is upgraded), or pass over a
 * `twin`: the same event in another version, when a version it prefers was published too.
 * Throws InvalidEventError when the value is not an event it can read.
 */
export function readEnvelope(
  value: unknown,
  catalog: Catalog = EventCatalog,
): { action: 'handle' | 'twin'; envelope: EventEnvelope } {
  const parsed = envelopeSchema.safeParse(value);
  if (!parsed.success) throw InvalidEventError.fromZod('Invalid event envelope', parsed.error);
  const raw = parsed.data as EventEnvelope;
  if (!Object.hasOwn(catalog, raw.type)) return { action: 'handle', envelope: raw };
  const definition = catalog[raw.type];
  const known = knownVersions(definition);
  const published = raw.dataversions ?? [raw.dataversion];
  const preferred = known.find((version) => published.includes(version));
  if (preferred !== undefined && preferred !== raw.dataversion) {
    return { action: 'twin', envelope: raw };
  }
  const envelope = validateEnvelope(value, catalog);
  if (envelope.dataversion === definition.version) return { action: 'handle', envelope };
  const old = definition.earlier?.find((version) => version.version === envelope.dataversion);
  const upgraded = definition.schema.safeParse(old?.upgrade(envelope.data));
  if (!upgraded.success) {
    throw InvalidEventError.fromZod(
      `Event "${envelope.type}" version ${envelope.dataversion} does not upgrade to version ${definition.version}`,
      upgraded.error,
    );
  }
  return {
    action: 'handle',
    envelope: {
      ...envelope,
      dataschema: dataSchemaUrn(envelope.type, definition.version),
      dataversion: definition.version,
      data: upgraded.data,
    },
  };
}

/** The versions of an event this build reads, newest first. */
function knownVersions(definition: EventDefinition): number[] {
  return [definition.version, ...(definition.earlier ?? []).map((old) => old.version)];
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
