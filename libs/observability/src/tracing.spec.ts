import { SpanKind, trace } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';
import { currentTraceContext, inConsumerSpan, inProducerSpan, tracingOn } from './trace-context';
import { startTracing, type Tracing } from './tracing';

const loaded: string[] = [];
for (const name of ['@opentelemetry/sdk-trace-node', '@opentelemetry/instrumentation-pg']) {
  jest.doMock(name, () => {
    loaded.push(name);
    return jest.requireActual(name);
  });
}

/** Keeps what it is given (the SDK's in-memory exporter forgets everything at shutdown). */
class CollectingExporter implements SpanExporter {
  readonly spans: ReadableSpan[] = [];
  export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]): void {
    this.spans.push(...spans);
    done({ code: 0 });
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

describe('tracing on (OTEL_TRACES_EXPORTER=otlp)', () => {
  const exporter = new CollectingExporter();
  let tracing: Tracing;

  beforeAll(() => {
    tracing = startTracing('notifications', { OTEL_TRACES_EXPORTER: 'otlp' }, exporter)!;
  });
  afterAll(() => tracing.shutdown());

  // Its hooks on http and pg work on Node's own require, which jest replaces: the end-to-end
  // test (apps/e2e/src/traces.e2e-spec.ts) shows their spans.
  it('loads the SDK and names the service', () => {
    expect(tracing.service).toBe('notifications');
    expect(tracingOn()).toBe(true);
    expect(loaded).toEqual(
      expect.arrayContaining([
        '@opentelemetry/sdk-trace-node',
        '@opentelemetry/instrumentation-pg',
      ]),
    );
  });

  it("continues the producer's trace in the consumer's span, through the envelope's fields", async () => {
    const carried = await inProducerSpan(
      'send user.registered',
      { 'messaging.destination.name': 'user.registered' },
      async () => currentTraceContext(),
    );
    expect(carried.traceparent).toMatch(/^00-[\da-f]{32}-[\da-f]{16}-01$/);
    // What the consumer does happens in a span that is a child of the producer's.
    await inConsumerSpan('process user.registered', [carried], {}, async () => {
      trace.getTracer('test').startSpan('send welcome').end();
    });
    await tracing.flush();

    const producer = exporter.spans.find((span) => span.name === 'send user.registered')!;
    const consumer = exporter.spans.find((span) => span.name === 'process user.registered')!;
    const inner = exporter.spans.find((span) => span.name === 'send welcome')!;
    expect(producer.kind).toBe(SpanKind.PRODUCER);
    expect(consumer.kind).toBe(SpanKind.CONSUMER);
    const traceId = producer.spanContext().traceId;
    expect(carried.traceparent).toContain(traceId);
    expect(consumer.spanContext().traceId).toBe(traceId);
    expect(consumer.parentSpanContext?.spanId).toBe(producer.spanContext().spanId);
    expect(inner.parentSpanContext?.spanId).toBe(consumer.spanContext().spanId);
  });

  it('links a batch from several traces instead of choosing one parent', async () => {
    const first = await inProducerSpan('send a', {}, async () => currentTraceContext());
    const second = await inProducerSpan('send b', {}, async () => currentTraceContext());
    await inConsumerSpan('process a b', [first, second], {}, async () => undefined);
    await tracing.flush();
    const batch = exporter.spans.find((span) => span.name === 'process a b')!;
    expect(batch.parentSpanContext).toBeUndefined();
    expect(batch.links.map((link) => link.context.traceId).sort()).toEqual(
      [first, second].map((fields) => fields.traceparent!.split('-')[1]).sort(),
    );
  });

  it('marks a failed handler as an error, by its kind and not its message', async () => {
    const failing = inConsumerSpan('process fails', [], {}, () =>
      Promise.reject(new TypeError('no account for amina@example.org')),
    );
    await expect(failing).rejects.toThrow(TypeError);
    await tracing.flush();
    const span = exporter.spans.find((candidate) => candidate.name === 'process fails')!;
    expect(span.status.code).toBe(2);
    expect(span.attributes['error.type']).toBe('TypeError');
    expect(JSON.stringify(span.attributes)).not.toContain('amina');
  });
});
