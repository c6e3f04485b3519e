import * as http from 'node:http';
import { context, createContextKey, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { currentTraceContext, inConsumerSpan, inProducerSpan, tracingOn } from './trace-context';
import { startTracing, tracingRequested } from './tracing';

const SDK_PACKAGES = [
  '@opentelemetry/sdk-trace-node',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/resources',
  '@opentelemetry/instrumentation',
  '@opentelemetry/instrumentation-http',
  '@opentelemetry/instrumentation-pg',
];

// The real packages, noting which get loaded.
const loaded: string[] = [];
for (const name of SDK_PACKAGES) {
  jest.doMock(name, () => {
    loaded.push(name);
    return jest.requireActual(name);
  });
}

describe('tracing off (the default)', () => {
  it('is off unless OTEL_TRACES_EXPORTER names otlp, and OTEL_SDK_DISABLED wins', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'console' })).toBe(false);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'console, OTLP' })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'true' })).toBe(
      false,
    );
  });

  it('loads no SDK and registers no provider, propagator, context manager or instrumentation', async () => {
    const request = http.request;
    const emit = http.Server.prototype.emit;

    expect(startTracing('identity', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1' })).toBe(
      undefined,
    );

    expect(loaded).toEqual([]);
    expect(tracingOn()).toBe(false);
    // The API's no-op provider: spans record nothing and have no trace id.
    const span = trace.getTracer('probe').startSpan('probe');
    expect(span.isRecording()).toBe(false);
    expect(trace.isSpanContextValid(span.spanContext())).toBe(false);
    span.end();
    // No propagator: nothing would be read from or written to a request or an event.
    expect(propagation.fields()).toEqual([]);
    // No context manager: a context set is not seen inside.
    const key = createContextKey('probe');
    expect(context.with(ROOT_CONTEXT.setValue(key, 1), () => context.active().getValue(key))).toBe(
      undefined,
    );
    // http left as Node made it (the instrumentation wraps these).
    expect(http.request).toBe(request);
    expect(http.Server.prototype.emit).toBe(emit);
    expect((http.request as { __wrapped?: boolean }).__wrapped).toBeUndefined();
  });

  it('carries no trace context in events and calls the bus helpers straight through', async () => {
    expect(currentTraceContext()).toEqual({});
    const spanInside = () => Promise.resolve(trace.getActiveSpan());
    await expect(inProducerSpan('send user.registered', {}, spanInside)).resolves.toBeUndefined();
    await expect(
      inConsumerSpan(
        'process user.registered',
        [{ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }],
        {},
        spanInside,
      ),
    ).resolves.toBeUndefined();
  });
});
