import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import type { DeadLetterEnvelope } from './dead-letter';
import { currentRequestId, currentRequestIds } from '@jibs/observability';
import { deliverBatch, deliverEvent, retryDelayMs, type DeliveryContext } from './deliver-event';
import type { SubscribeOptions } from './event-broker';
import { buildEnvelope } from './event-envelope';
import { silentLogger } from './event-logger';
import { EventMetrics } from './event-metrics';
import { InvalidEventError } from './invalid-event.error';

const userId = randomUUID();
const envelope = buildEnvelope(
  'user.registered',
  { userId, email: 'a@example.com', firstName: 'A', lastName: 'B', role: 'member' },
  { source: 'jibs/identity', subject: userId },
);

function context(
  handle: SubscribeOptions['handle'],
  overrides: Partial<SubscribeOptions> = {},
  signal = new AbortController().signal,
) {
  const deadLetters: Array<{ topic: string; key: string; envelope: DeadLetterEnvelope }> = [];
  const metrics = new EventMetrics(new Registry());
  const ctx: DeliveryContext = {
    topic: 'user.registered',
    key: userId,
    options: { group: 'g', topics: ['user.registered'], retryBackoffMs: 1, handle, ...overrides },
    signal,
    deadLetter: async (record) => void deadLetters.push(record),
    logger: silentLogger,
    metrics,
  };
  return { ctx, deadLetters, metrics };
}

async function counter(metrics: EventMetrics, outcome: string): Promise<number> {
  const { values } = await metrics.handled.get();
  return values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
}

describe('deliverEvent', () => {
  it('hands a valid envelope to the handler once', async () => {
    const handle = jest.fn(async () => undefined);
    const { ctx, deadLetters, metrics } = context(handle);
    await expect(deliverEvent(JSON.parse(JSON.stringify(envelope)), ctx)).resolves.toBe('handled');
    expect(handle).toHaveBeenCalledWith(envelope);
    expect(deadLetters).toEqual([]);
    expect(await counter(metrics, 'success')).toBe(1);
    expect((await metrics.deliveryLatency.get()).values.length).toBeGreaterThan(0);
  });

  it('retries a failing handler and stops retrying once it succeeds', async () => {
    const handle = jest
      .fn<Promise<void>, []>()
      .mockRejectedValueOnce(new Error('db busy'))
      .mockRejectedValueOnce(new Error('db busy'))
      .mockResolvedValue(undefined);
    const { ctx, deadLetters, metrics } = context(handle);
    await expect(deliverEvent(envelope, ctx)).resolves.toBe('handled');
    expect(handle).toHaveBeenCalledTimes(3);
    expect(deadLetters).toEqual([]);
    expect(await counter(metrics, 'failure')).toBe(2);
  });

  it('dead-letters after maxAttempts with the error and the number of tries', async () => {
    const handle = jest.fn(async () => {
      throw new Error('always broken');
    });
    const { ctx, deadLetters, metrics } = context(handle, { maxAttempts: 4 });
    await expect(deliverEvent(envelope, ctx)).resolves.toBe('dead-lettered');
    expect(handle).toHaveBeenCalledTimes(4);
    expect(deadLetters).toEqual([
      {
        topic: 'user.registered.dlq',
        key: userId,
        envelope: {
          ...envelope,
          deadlettertopic: 'user.registered',
          deadlettergroup: 'g',
          deadlettererror: 'always broken',
          deadletterattempts: 4,
          deadlettertime: expect.any(String),
        },
      },
    ]);
    expect((await metrics.deadLetters.get()).values).toEqual([
      { labels: { topic: 'user.registered', group: 'g' }, value: 1 },
    ]);
  });

  it('dead-letters an invalid event at once, without calling the handler', async () => {
    const handle = jest.fn(async () => undefined);
    const { ctx, deadLetters } = context(handle);
    await expect(deliverEvent('not even json', ctx)).resolves.toBe('dead-lettered');
    expect(handle).not.toHaveBeenCalled();
    expect(deadLetters[0].envelope).toMatchObject({
      data: 'not even json',
      deadletterattempts: 1,
      deadlettererror: expect.stringContaining('Invalid event envelope'),
    });
  });

  it('dead-letters at once when the handler says the event itself is invalid', async () => {
    const handle = jest.fn(async () => {
      throw new InvalidEventError('no such member');
    });
    const { ctx, deadLetters } = context(handle, { maxAttempts: 5 });
    await expect(deliverEvent(envelope, ctx)).resolves.toBe('dead-lettered');
    expect(handle).toHaveBeenCalledTimes(1);
    expect(deadLetters).toHaveLength(1);
  });

  it('abandons (no commit, no dead letter) when stopped during a backoff', async () => {
    const abort = new AbortController();
    const handle = jest.fn(async () => {
      abort.abort();
      throw new Error('failing while we stop');
    });
    const { ctx, deadLetters } = context(handle, { retryBackoffMs: 60_000 }, abort.signal);
    await expect(deliverEvent(envelope, ctx)).resolves.toBe('abandoned');
    expect(handle).toHaveBeenCalledTimes(1);
    expect(deadLetters).toEqual([]);
  });

  it('lets a failed dead-letter write surface, so the event stays uncommitted', async () => {
    const { ctx } = context(
      async () => {
        throw new Error('broken');
      },
      { maxAttempts: 1 },
    );
    ctx.deadLetter = async () => {
      throw new Error('broker down');
    };
    await expect(deliverEvent(envelope, ctx)).rejects.toThrow('broker down');
  });

  it('calls beforeRetry between tries (the Kafka heartbeat)', async () => {
    const beforeRetry = jest.fn(async () => undefined);
    const { ctx } = context(
      jest.fn<Promise<void>, []>().mockRejectedValueOnce(new Error('x')).mockResolvedValue(),
    );
    ctx.beforeRetry = beforeRetry;
    await deliverEvent(envelope, ctx);
    expect(beforeRetry).toHaveBeenCalledTimes(1);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base and is capped at 5 s', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 100))).toEqual([100, 200, 400, 800]);
    expect(retryDelayMs(20, 100)).toBe(5_000);
    expect(retryDelayMs(1)).toBe(100);
  });
});

describe('the request that caused an event', () => {
  const fromRequest = (requestId?: string) =>
    buildEnvelope(
      'user.registered',
      { userId, email: 'a@example.com', firstName: 'A', lastName: 'B', role: 'member' },
      { source: 'jibs/identity', subject: userId, ...(requestId ? { requestId } : {}) },
    );

  it("is the handler's request id (its log lines and the events it publishes carry it)", async () => {
    const seen: Array<string | undefined> = [];
    const { ctx } = context(async () => void seen.push(currentRequestId()));
    await deliverEvent(fromRequest('req-1234-abcd'), ctx);
    await deliverEvent(fromRequest(), ctx);
    expect(seen).toEqual(['req-1234-abcd', undefined]);
  });

  it("is a batch's when every event of it has the same; all of them, listed, when they differ", async () => {
    const seen: Array<[string | undefined, readonly string[] | undefined]> = [];
    const { ctx } = context(undefined, {
      handle: undefined,
      handleBatch: async () => void seen.push([currentRequestId(), currentRequestIds()]),
    });
    const item = (requestId: string) => ({ value: fromRequest(requestId), key: userId });
    await deliverBatch([item('req-same-0001'), item('req-same-0001')], ctx);
    await deliverBatch([item('req-aaaa-0001'), item('req-bbbb-0002')], ctx);
    expect(seen).toEqual([
      ['req-same-0001', undefined],
      // Several requests: no one id to publish with; the log lines name them all.
      [undefined, ['req-aaaa-0001', 'req-bbbb-0002']],
    ]);
  });
});
