import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { asyncApiDocument } from './asyncapi-document';
import { DEFAULT_KAFKA_PARTITIONS } from '@jibs/config';
import { deadLetterEnvelope } from './dead-letter';
import { EventCatalog, type EventType } from './event-catalog';
import { EVENT_EXAMPLES as samples } from './event-examples';
import { buildEnvelope } from './event-envelope';

type Doc = {
  asyncapi: string;
  servers: Record<string, { protocol: string; security: unknown[]; description: string }>;
  channels: Record<
    string,
    {
      address: string;
      messages: Record<string, { $ref: string }>;
      bindings: { kafka: { partitions: number } };
    }
  >;
  operations: Record<string, { action: string; channel: { $ref: string } }>;
  components: {
    messages: Record<
      string,
      {
        name: string;
        payload: Record<string, unknown>;
        examples?: { payload: unknown }[];
        bindings: { kafka: { key: unknown } };
      }
    >;
    schemas: Record<string, Record<string, unknown>>;
  };
};

describe('asyncApiDocument', () => {
  const doc = asyncApiDocument() as Doc;
  const ajv = new Ajv({ strict: false });
  addFormats(ajv);
  for (const [id, schema] of Object.entries(doc.components.schemas)) {
    ajv.addSchema(schema, `#/components/schemas/${id}`);
  }

  it('is an AsyncAPI 3 document with a channel per event type and per dead-letter topic', () => {
    expect(doc.asyncapi).toBe('3.0.0');
    const addresses = Object.values(doc.channels).map((channel) => channel.address);
    expect(addresses.sort()).toEqual(
      Object.keys(EventCatalog)
        .flatMap((type) => [type, `${type}.dlq`])
        .sort(),
    );
    expect(Object.keys(doc.operations)).toHaveLength(Object.keys(EventCatalog).length);
    expect(Object.values(doc.operations).every((operation) => operation.action === 'send')).toBe(
      true,
    );
    for (const key of [
      ...Object.keys(doc.channels),
      ...Object.keys(doc.components.messages),
      ...Object.keys(doc.components.schemas),
    ]) {
      expect(key).toMatch(/^[a-zA-Z0-9.\-_]+$/);
    }
  });

  it.each(Object.keys(EventCatalog) as EventType[])(
    'describes %s so that a real envelope validates and a wrong one does not',
    (type) => {
      const message = Object.values(doc.components.messages).find((m) => m.name === type);
      expect(message).toBeDefined();
      const validate = ajv.compile(message!.payload);
      const envelope = buildEnvelope(type, samples[type] as never, {
        source: 'jibs/test',
        subject: 'a-subject',
      });
      expect(validate(JSON.parse(JSON.stringify(envelope)))).toBe(true);
      expect(validate({ ...envelope, data: {} })).toBe(false);
      expect(validate({ ...envelope, type: 'other.type' })).toBe(false);
    },
  );

  it('gives every message its key and an example a consumer can validate', () => {
    for (const type of Object.keys(EventCatalog) as EventType[]) {
      const message = Object.values(doc.components.messages).find((m) => m.name === type)!;
      expect(message.bindings.kafka.key).toBeDefined();
      expect(message.examples).toHaveLength(1);
      expect(ajv.compile(message.payload)(message.examples![0].payload)).toBe(true);
    }
  });

  it('names the Kafka server with its security and the partitions the services create', () => {
    expect(doc.servers['kafka'].protocol).toBe('kafka-secure');
    expect(doc.servers['kafka'].security).toHaveLength(3);
    expect(doc.servers['kafka'].description).toContain('KAFKA_SASL_MECHANISM');
    for (const channel of Object.values(doc.channels)) {
      expect(channel.bindings.kafka.partitions).toBe(DEFAULT_KAFKA_PARTITIONS);
    }
  });

  it('describes a dead letter as the services write it', () => {
    const letter = deadLetterEnvelope(
      buildEnvelope('payment.failed', samples['payment.failed'], {
        source: 'jibs/billing',
        subject: 'a-subject',
      }),
      { topic: 'payment.failed', group: 'notifications.billing', error: 'boom', attempts: 5 },
    );
    const validate = ajv.compile(doc.components.messages['deadLetter'].payload);
    expect(validate(JSON.parse(JSON.stringify(letter)))).toBe(true);
    expect(validate({ ...letter, deadletterattempts: undefined })).toBe(false);
  });
});
