import { EventCatalog, dataSchemaUrn, type EventType } from './event-catalog';
import { dataJsonSchema } from './schema-compatibility';

/**
 * The catalog as an AsyncAPI 3.0 document for downstream consumers: one channel per topic, the
 * message being the CloudEvents envelope with the event's data schema (JSON Schema draft-07,
 * generated from the zod schema). Input-side schemas: consumers must tolerate added fields.
 */
export function asyncApiDocument(): Record<string, unknown> {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};

  for (const type of Object.keys(EventCatalog) as EventType[]) {
    const { version, description } = EventCatalog[type];
    const id = identifier(type);
    const schemaId = `${id}V${version}`;
    schemas[schemaId] = dataJsonSchema(EventCatalog[type]);
    messages[id] = {
      name: type,
      title: type,
      summary: description,
      contentType: 'application/cloudevents+json',
      payload: envelopeSchema(type, version, `#/components/schemas/${schemaId}`),
      bindings: {
        kafka: {
          key: { type: 'string', description: 'The subject: the user or aggregate id' },
          bindingVersion: '0.5.0',
        },
      },
    };
    channels[id] = {
      address: type,
      title: type,
      description: description,
      messages: { [id]: { $ref: `#/components/messages/${id}` } },
    };
    operations[`publish${capitalize(id)}`] = {
      action: 'send',
      channel: { $ref: `#/channels/${id}` },
      messages: [{ $ref: `#/channels/${id}/messages/${id}` }],
    };
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'JIBS events',
      version: '1.0.0',
      description:
        'Events published by the JIBS services. Topic = event type; key = the user or aggregate ' +
        'id, so one key is delivered in order. Delivery is at least once: consumers deduplicate ' +
        'on the envelope id. Events a consumer gives up on go to `<topic>.dlq`.',
    },
    defaultContentType: 'application/cloudevents+json',
    channels,
    operations,
    components: { messages, schemas },
  };
}

function envelopeSchema(type: string, version: number, dataRef: string): Record<string, unknown> {
  return {
    type: 'object',
    required: [
      'specversion',
      'id',
      'source',
      'type',
      'subject',
      'time',
      'datacontenttype',
      'dataschema',
      'dataversion',
      'data',
    ],
    properties: {
      specversion: { const: '1.0' },
      id: { type: 'string', format: 'uuid' },
      source: { type: 'string', description: 'The producing service, e.g. jibs/identity' },
      type: { const: type },
      subject: { type: 'string', description: 'The key: the user or aggregate id' },
      time: { type: 'string', format: 'date-time' },
      datacontenttype: { const: 'application/json' },
      dataschema: { const: dataSchemaUrn(type, version) },
      dataversion: { const: version },
      requestid: { type: 'string', description: 'The request that caused the event' },
      data: { $ref: dataRef },
    },
  };
}

/** `membership.status_changed` -> `membershipStatusChanged` (AsyncAPI component keys). */
function identifier(type: string): string {
  return type
    .split(/[._-]/)
    .map((part, index) => (index === 0 ? part : capitalize(part)))
    .join('');
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
