import { DEFAULT_KAFKA_PARTITIONS } from '@jibs/config';
import { deadLetterTopic } from './dead-letter';
import { EventCatalog, dataSchemaUrn, type EventType } from './event-catalog';
import { EVENT_EXAMPLES } from './event-examples';
import { dataJsonSchema } from './schema-compatibility';

const KEY_BINDING = {
  kafka: {
    key: { type: 'string', description: 'The subject: the user or aggregate id' },
    bindingVersion: '0.5.0',
  },
};

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
    const { version, description, earlier = [], personalData } = EventCatalog[type];
    const id = identifier(type);
    const channelMessages: Record<string, { $ref: string }> = {};
    const example = EVENT_EXAMPLES[type];
    const versions = [
      {
        version,
        schema: EventCatalog[type].schema,
        messageId: id,
        summary: description,
        personalData,
        example,
      },
      ...earlier.map((old) => ({
        version: old.version,
        schema: old.schema,
        messageId: `${id}V${old.version}`,
        summary: `Deprecated: version ${old.version}, published beside version ${version} (the same event id) until ${old.deprecatedUntil}. ${description}`,
        personalData: old.personalData,
        example: old.downgrade(example as never),
      })),
    ];
    for (const { version: dataVersion, schema, messageId, summary, ...rest } of versions) {
      const schemaId = `${id}V${dataVersion}`;
      schemas[schemaId] = dataJsonSchema({ schema });
      messages[messageId] = {
        name: type,
        title: dataVersion === version ? type : `${type} v${dataVersion}`,
        summary,
        contentType: 'application/cloudevents+json',
        payload: envelopeSchema(type, dataVersion, `#/components/schemas/${schemaId}`),
        bindings: KEY_BINDING,
        examples: [{ name: 'example', payload: exampleEnvelope(type, dataVersion, rest.example) }],
        // Which fields are personal data and why the event carries them (a specification extension).
        ...(rest.personalData ? { 'x-personal-data': rest.personalData } : {}),
      };
      channelMessages[messageId] = { $ref: `#/components/messages/${messageId}` };
    }
    channels[id] = {
      address: type,
      title: type,
      description: personalData
        ? `${description} Personal data: ${Object.entries(personalData)
            .map(([field, why]) => `\`${field}\` (${why})`)
            .join('; ')}.`
        : description,
      messages: channelMessages,
      bindings: topicBinding(type),
    };
    operations[`publish${capitalize(id)}`] = {
      action: 'send',
      channel: { $ref: `#/channels/${id}` },
      messages: Object.keys(channelMessages).map((messageId) => ({
        $ref: `#/channels/${id}/messages/${messageId}`,
      })),
    };

    const dlqId = `${id}Dlq`;
    channels[dlqId] = {
      address: deadLetterTopic(type),
      title: deadLetterTopic(type),
      description: `Events of \`${type}\` a consumer group gave up on after its retries (or could not read), with why: the original envelope unchanged plus the deadletter* attributes. Replayed by operators; consumers deduplicate on the envelope id.`,
      messages: { deadLetter: { $ref: '#/components/messages/deadLetter' } },
      bindings: topicBinding(deadLetterTopic(type)),
    };
  }
  messages['deadLetter'] = {
    name: 'dead letter',
    title: 'Dead letter',
    summary: 'An event a consumer group gave up on, and why.',
    contentType: 'application/cloudevents+json',
    payload: deadLetterSchema(),
    bindings: KEY_BINDING,
  };

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
    servers: {
      kafka: {
        host: 'kafka:9092',
        protocol: 'kafka-secure',
        description:
          'The Kafka cluster (3.9, KRaft) the services publish to when EVENT_BROKER=kafka. Brokers from KAFKA_BROKERS; ' +
          'SASL (PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512) with KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME and ' +
          'KAFKA_SASL_PASSWORD; TLS with KAFKA_TLS=true, verified against KAFKA_TLS_CA_FILE, and mutual TLS with ' +
          'KAFKA_TLS_CERT_FILE and KAFKA_TLS_KEY_FILE. Topic and group names start with KAFKA_TOPIC_PREFIX ' +
          `(e.g. 'staging.'); topics are created with KAFKA_PARTITIONS partitions (${DEFAULT_KAFKA_PARTITIONS} unless set).`,
        security: [
          { $ref: '#/components/securitySchemes/saslScram' },
          { $ref: '#/components/securitySchemes/saslPlain' },
          { $ref: '#/components/securitySchemes/mutualTls' },
        ],
        bindings: { kafka: { bindingVersion: '0.5.0' } },
      },
    },
    channels,
    operations,
    components: {
      messages,
      schemas,
      securitySchemes: {
        saslScram: {
          type: 'scramSha512',
          description:
            'SASL/SCRAM over TLS (KAFKA_SASL_MECHANISM=scram-sha-512; scram-sha-256 alike).',
        },
        saslPlain: {
          type: 'plain',
          description: 'SASL/PLAIN over TLS (KAFKA_SASL_MECHANISM=plain).',
        },
        mutualTls: {
          type: 'X509',
          description: 'A client certificate (KAFKA_TLS_CERT_FILE, KAFKA_TLS_KEY_FILE).',
        },
      },
    },
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
      traceparent: {
        type: 'string',
        description:
          'W3C trace context of the request that caused the event, when it was traced (CloudEvents distributed tracing extension)',
      },
      tracestate: { type: 'string', description: 'W3C trace state, with traceparent' },
      dataversions: {
        type: 'array',
        items: { type: 'integer' },
        description:
          'Every version this event was published in, when more than one (a deprecation period): the same id in each; handle the newest version you know and pass over the others.',
      },
      data: { $ref: dataRef },
    },
  };
}

/** Key: the user or aggregate id; the partitions the services create the topic with. */
function topicBinding(topic: string): Record<string, unknown> {
  return {
    kafka: {
      topic,
      partitions: DEFAULT_KAFKA_PARTITIONS,
      bindingVersion: '0.5.0',
    },
  };
}

/** A complete envelope around the catalog's example data, as a consumer receives it. */
function exampleEnvelope(
  type: EventType,
  version: number,
  example: unknown,
): Record<string, unknown> {
  const data = example as { userId?: string };
  return {
    specversion: '1.0',
    id: '6f1d7a52-4c1e-4b8a-9d33-2a7b9e0c5f11',
    source: 'jibs/example',
    type,
    subject: data.userId ?? '6d7e8f90-0112-43c4-95e6-f708192a3b4c',
    time: '2026-03-06T18:30:00.000Z',
    datacontenttype: 'application/json',
    dataschema: dataSchemaUrn(type, version),
    dataversion: version,
    data,
  };
}

function deadLetterSchema(): Record<string, unknown> {
  return {
    type: 'object',
    description: 'The original envelope, unchanged, plus these CloudEvents extension attributes.',
    required: [
      'deadlettertopic',
      'deadlettergroup',
      'deadlettererror',
      'deadletterattempts',
      'deadlettertime',
    ],
    properties: {
      deadlettertopic: { type: 'string', description: 'The topic it was consumed from' },
      deadlettergroup: { type: 'string', description: 'The consumer group that gave up' },
      deadlettererror: { type: 'string', description: 'The last error, at most 4,000 characters' },
      deadletterattempts: { type: 'integer', minimum: 1 },
      deadlettertime: { type: 'string', format: 'date-time' },
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
