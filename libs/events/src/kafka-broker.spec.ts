import { randomUUID } from 'node:crypto';
import { eventually } from '@jibs/testing';
import type { EachMessagePayload, KafkaConfig, logLevel as LogLevel } from 'kafkajs';
import { testEnvelope } from './broker-contract';
import type { EventEnvelope } from './event-envelope';
import type { EventLogger } from './event-logger';
import { KafkaBroker } from './kafka-broker';

// kafkajs replaced by an in-memory double: these tests pin how the adapter drives the client
// (what it sends, when it commits); the contract suite checks real Kafka when one is available.
jest.mock('kafkajs', () => {
  const actual = jest.requireActual('kafkajs');
  const state = {
    configs: [] as unknown[],
    topics: new Set<string>(),
    created: [] as unknown[],
    producerConfigs: [] as unknown[],
    sent: [] as unknown[],
    consumers: [] as unknown[],
    failSends: 0,
  };
  class FakeKafka {
    constructor(config: unknown) {
      state.configs.push(config);
    }
    admin() {
      return {
        connect: async () => undefined,
        disconnect: async () => undefined,
        listTopics: async () => [...state.topics],
        createTopics: async ({ topics }: { topics: { topic: string }[] }) => {
          state.created.push(...topics);
          topics.forEach((t) => state.topics.add(t.topic));
          return true;
        },
        describeCluster: async () => ({ brokers: [], controller: 1, clusterId: 'fake' }),
        // Every partition has a leader at once (a real broker takes a moment).
        fetchTopicMetadata: async ({ topics }: { topics: string[] }) => ({
          topics: topics.map((name) => ({ name, partitions: [{ partitionId: 0, leader: 1 }] })),
        }),
      };
    }
    producer(config: unknown) {
      state.producerConfigs.push(config);
      return {
        connect: async () => undefined,
        disconnect: async () => undefined,
        sendBatch: async (batch: unknown) => {
          if (state.failSends > 0) {
            state.failSends--;
            throw new Error('The broker received an out of order sequence number');
          }
          state.sent.push(batch);
        },
      };
    }
    consumer(config: unknown) {
      const consumer = {
        config,
        subscribed: undefined as unknown,
        runConfig: undefined as undefined | { eachMessage: (p: unknown) => Promise<void> },
        commits: [] as unknown[],
        disconnected: false,
        crashListeners: [] as Array<(event: unknown) => void>,
        connect: async () => undefined,
        subscribe: async (options: unknown) => void (consumer.subscribed = options),
        run: async (options: { eachMessage: (p: unknown) => Promise<void> }) =>
          void (consumer.runConfig = options),
        commitOffsets: async (offsets: unknown[]) => void consumer.commits.push(...offsets),
        disconnect: async () => void (consumer.disconnected = true),
        events: { CRASH: 'consumer.crash' },
        on: (_event: string, listener: (event: unknown) => void) => {
          consumer.crashListeners.push(listener);
          return () => undefined;
        },
      };
      state.consumers.push(consumer);
      return consumer;
    }
  }
  return { ...actual, Kafka: FakeKafka, __state: state };
});

interface FakeConsumer {
  config: { groupId: string };
  subscribed: { topics: string[]; fromBeginning: boolean };
  runConfig: {
    autoCommit: boolean;
    partitionsConsumedConcurrently: number;
    eachMessage(payload: EachMessagePayload): Promise<void>;
  };
  commits: Array<{ topic: string; partition: number; offset: string }>;
  disconnected: boolean;
  crashListeners: Array<(event: { payload: { error: Error; restart: boolean } }) => void>;
}

interface FakeState {
  configs: KafkaConfig[];
  topics: Set<string>;
  created: Array<{ topic: string; numPartitions: number }>;
  producerConfigs: Array<Record<string, unknown>>;
  sent: Array<{
    acks: number;
    topicMessages: Array<{
      topic: string;
      messages: Array<{ key: string; value: string; headers: Record<string, string> }>;
    }>;
  }>;
  consumers: FakeConsumer[];
  failSends: number;
}

const state = (jest.requireMock('kafkajs') as { __state: FakeState }).__state;

function message(envelope: EventEnvelope | string, offset: string, topic: string) {
  const value = typeof envelope === 'string' ? envelope : JSON.stringify(envelope);
  return {
    topic,
    partition: 2,
    heartbeat: jest.fn(async () => undefined),
    pause: () => () => undefined,
    message: {
      key: Buffer.from(typeof envelope === 'string' ? 'k' : envelope.subject),
      value: Buffer.from(value),
      offset,
      timestamp: '0',
      attributes: 0,
      headers: {},
      size: 0,
    },
  } as unknown as EachMessagePayload & { heartbeat: jest.Mock };
}

describe('KafkaBroker (with kafkajs replaced)', () => {
  let broker: KafkaBroker;

  beforeEach(() => {
    for (const list of Object.values(state)) {
      if (Array.isArray(list)) list.length = 0;
    }
    state.topics.clear();
    state.failSends = 0;
    broker = new KafkaBroker({ brokers: ['kafka:9092'], clientId: 'identity' });
  });

  afterEach(() => broker.close());

  it('publishes the JSON envelope keyed by subject with ce_ headers, creating topics once', async () => {
    const event = testEnvelope('user.things', randomUUID(), 1);
    await broker.publish([{ topic: 'user.things', key: event.subject, envelope: event }]);
    await broker.publish([{ topic: 'user.things', key: event.subject, envelope: event }]);

    expect(state.created).toEqual([{ topic: 'user.things', numPartitions: 8 }]);
    expect(state.producerConfigs).toEqual([
      expect.objectContaining({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
      }),
    ]);
    expect(state.sent[0]).toEqual({
      acks: -1,
      topicMessages: [
        {
          topic: 'user.things',
          messages: [
            {
              key: event.subject,
              value: JSON.stringify(event),
              headers: {
                'content-type': 'application/cloudevents+json; charset=utf-8',
                ce_specversion: '1.0',
                ce_id: event.id,
                ce_source: event.source,
                ce_type: event.type,
                ce_subject: event.subject,
                ce_time: event.time,
                ce_datacontenttype: 'application/json',
                ce_dataschema: event.dataschema,
                ce_dataversion: '1',
              },
            },
          ],
        },
      ],
    });
  });

  it('sends nothing when a record is not a valid event', async () => {
    const event = { ...testEnvelope('t', 'k', 1), specversion: '0.3' } as unknown as EventEnvelope;
    await expect(broker.publish([{ topic: 't', key: 'k', envelope: event }])).rejects.toThrow(
      'Invalid event envelope',
    );
    expect(state.sent).toEqual([]);
  });

  it('consumes from the beginning, commits only by hand, and creates the dead-letter topics', async () => {
    await broker.subscribe({ group: 'g', topics: ['a.b'], handle: async () => undefined });
    const [consumer] = state.consumers;
    expect(consumer.config).toMatchObject({ groupId: 'g', allowAutoTopicCreation: false });
    expect(consumer.subscribed).toEqual({ topics: ['a.b'], fromBeginning: true });
    expect(consumer.runConfig).toMatchObject({
      autoCommit: false,
      partitionsConsumedConcurrently: 8,
    });
    expect([...state.topics].sort()).toEqual(['a.b', 'a.b.dlq']);
  });

  it('hands batch handlers what eachBatch fetched, in chunks, committing after each chunk', async () => {
    const batches: string[][] = [];
    await broker.subscribe({
      group: 'g',
      topics: ['t'],
      maxBatchSize: 2,
      handleBatch: async (envelopes) => void batches.push(envelopes.map((e) => e.id)),
    });
    const [consumer] = state.consumers;
    const runConfig = consumer.runConfig as unknown as {
      eachMessage?: unknown;
      eachBatchAutoResolve: boolean;
      eachBatch(payload: unknown): Promise<void>;
    };
    expect(runConfig.eachMessage).toBeUndefined();
    expect(runConfig).toMatchObject({ autoCommit: false, eachBatchAutoResolve: false });
    const events = [1, 2, 3].map((i) => testEnvelope('t', 'k', i));
    const resolved: string[] = [];
    await runConfig.eachBatch({
      batch: {
        topic: 't',
        partition: 2,
        messages: events.map((event, i) => message(event, String(10 + i), 't').message),
      },
      resolveOffset: (offset: string) => void resolved.push(offset),
      heartbeat: async () => undefined,
      isRunning: () => true,
      isStale: () => false,
    });
    expect(batches).toEqual([[events[0]!.id, events[1]!.id], [events[2]!.id]]);
    expect(resolved).toEqual(['11', '12']);
    expect(consumer.commits).toEqual([
      { topic: 't', partition: 2, offset: '12' },
      { topic: 't', partition: 2, offset: '13' },
    ]);
  });

  it('commits the next offset once the handler succeeded', async () => {
    const handled: string[] = [];
    await broker.subscribe({
      group: 'g',
      topics: ['t'],
      handle: async (envelope) => void handled.push(envelope.id),
    });
    const event = testEnvelope('t', 'k', 1);
    await state.consumers[0].runConfig.eachMessage(message(event, '41', 't'));
    expect(handled).toEqual([event.id]);
    expect(state.consumers[0].commits).toEqual([{ topic: 't', partition: 2, offset: '42' }]);
  });

  it('retries with a heartbeat between tries, then dead-letters and commits', async () => {
    const handle = jest.fn(async () => {
      throw new Error('nope');
    });
    await broker.subscribe({
      group: 'g',
      topics: ['t'],
      handle,
      maxAttempts: 3,
      retryBackoffMs: 1,
    });
    const event = testEnvelope('t', 'k', 1);
    const payload = message(event, '7', 't');
    await state.consumers[0].runConfig.eachMessage(payload);

    expect(handle).toHaveBeenCalledTimes(3);
    expect(payload.heartbeat).toHaveBeenCalledTimes(2);
    const dead = state.sent.at(-1)!.topicMessages[0];
    expect(dead.topic).toBe('t.dlq');
    expect(dead.messages[0].key).toBe('k');
    expect(JSON.parse(dead.messages[0].value)).toMatchObject({
      id: event.id,
      deadlettergroup: 'g',
      deadletterattempts: 3,
      deadlettererror: 'nope',
    });
    expect(dead.messages[0].headers).toMatchObject({ ce_id: event.id, ce_deadlettergroup: 'g' });
    expect(state.consumers[0].commits).toEqual([{ topic: 't', partition: 2, offset: '8' }]);
  });

  it('dead-letters a value that is not JSON as it came', async () => {
    const handle = jest.fn(async () => undefined);
    await broker.subscribe({ group: 'g', topics: ['t'], handle });
    await state.consumers[0].runConfig.eachMessage(message('garbage{', '0', 't'));
    expect(handle).not.toHaveBeenCalled();
    expect(JSON.parse(state.sent.at(-1)!.topicMessages[0].messages[0].value)).toMatchObject({
      data: 'garbage{',
      deadletterattempts: 1,
    });
    expect(state.consumers[0].commits).toEqual([{ topic: 't', partition: 2, offset: '1' }]);
  });

  it('abandons a handler still running at stop: no commit, and nothing new is handled', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handle = jest.fn(() => gate);
    const subscription = await broker.subscribe({
      group: 'g',
      topics: ['t'],
      handle,
      stopTimeoutMs: 20,
    });
    const [consumer] = state.consumers;
    const running = consumer.runConfig.eachMessage(message(testEnvelope('t', 'k', 1), '5', 't'));
    await subscription.stop();
    expect(consumer.disconnected).toBe(true);
    release();
    await running;
    await consumer.runConfig.eachMessage(message(testEnvelope('t', 'k', 2), '6', 't'));
    expect(handle).toHaveBeenCalledTimes(1);
    expect(consumer.commits).toEqual([]);
  });

  it('lets a handler that finishes within the stop timeout commit', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const subscription = await broker.subscribe({
      group: 'g',
      topics: ['t'],
      handle: () => gate,
      stopTimeoutMs: 5_000,
    });
    const [consumer] = state.consumers;
    const running = consumer.runConfig.eachMessage(message(testEnvelope('t', 'k', 1), '5', 't'));
    const stopping = subscription.stop();
    release();
    await Promise.all([running, stopping]);
    expect(consumer.commits).toEqual([{ topic: 't', partition: 2, offset: '6' }]);
  });

  it('sends on a new producer after a failed send (kafkajs may never recover its sequence numbers)', async () => {
    const event = testEnvelope('user.things', randomUUID(), 1);
    const record = { topic: 'user.things', key: event.subject, envelope: event };
    state.failSends = 1;
    await expect(broker.publish([record])).rejects.toThrow('out of order sequence number');
    await broker.publish([record]);
    expect(state.producerConfigs).toHaveLength(2);
    expect(state.sent).toHaveLength(1);
  });

  it('replaces a consumer that kafkajs left dead after a crash, not one it restarts itself', async () => {
    await broker.subscribe({ group: 'g', topics: ['a.b'], handle: async () => undefined });
    const [first] = state.consumers;
    const crash = (restart: boolean) =>
      first.crashListeners.forEach((listener) =>
        listener({ payload: { error: new Error('Failed to find group coordinator'), restart } }),
      );
    crash(true);
    crash(false);
    // One new consumer, after a second's pause, subscribed and running like the first.
    await eventually(async () => state.consumers[1]?.runConfig, { message: 'a new consumer' });
    expect(state.consumers).toHaveLength(2);
    expect(state.consumers[1].subscribed).toEqual({ topics: ['a.b'], fromBeginning: true });
    expect(state.consumers[1].runConfig).toBeDefined();
  });

  it('logs kafkajs through the service logger', () => {
    const logger: EventLogger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    new KafkaBroker({ brokers: ['kafka:9092'], clientId: 'x', logger });
    const { logLevel } = jest.requireActual('kafkajs') as { logLevel: typeof LogLevel };
    const log = state.configs.at(-1)!.logCreator!(logLevel.INFO);
    log({
      namespace: 'Consumer',
      level: logLevel.ERROR,
      label: 'ERROR',
      log: { timestamp: 'now', message: 'Crash', groupId: 'g' },
    });
    log({
      namespace: 'Consumer',
      level: logLevel.DEBUG,
      label: 'DEBUG',
      log: { timestamp: 'now', message: 'x' },
    });
    expect(logger.error).toHaveBeenCalledWith(
      { kafka: { namespace: 'Consumer', groupId: 'g' } },
      'Crash',
    );
    expect(logger.info).not.toHaveBeenCalled();
  });

  it('logs the broker answers kafkajs retries (a topic another service just created, a coordinator not yet elected) as info, every other error as an error', () => {
    const logger: EventLogger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    new KafkaBroker({ brokers: ['kafka:9092'], clientId: 'x', logger });
    const { logLevel } = jest.requireActual('kafkajs') as { logLevel: typeof LogLevel };
    const log = state.configs.at(-1)!.logCreator!(logLevel.INFO);
    const response = (error: string, message = 'Response Metadata(key: 3, version: 6)') =>
      log({
        namespace: 'Connection',
        level: logLevel.ERROR,
        label: 'ERROR',
        log: { timestamp: 'now', message, error, correlationId: 1 },
      });
    response('This server does not host this topic-partition');
    response(
      'The group coordinator is not available',
      'Response GroupCoordinator(key: 10, version: 2)',
    );
    response('Topic creation errors', 'Response CreateTopics(key: 19, version: 3)');
    response('SASL PLAIN authentication failed');
    expect(logger.info).toHaveBeenCalledTimes(3);
    expect(logger.info).toHaveBeenCalledWith(
      {
        kafka: {
          namespace: 'Connection',
          error: 'This server does not host this topic-partition',
          correlationId: 1,
        },
      },
      'Response Metadata(key: 3, version: 6) (retried)',
    );
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({
        kafka: expect.objectContaining({ error: 'SASL PLAIN authentication failed' }),
      }),
      'Response Metadata(key: 3, version: 6)',
    );
  });
});
