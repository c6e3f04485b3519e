import type { IncomingMessage } from 'node:http';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';
import { PrivateSpanExporter } from './private-span-exporter';
import { markTracingOn } from './trace-context';

/** What startTracing() started: flushes and stops the exporter (a graceful stop calls it). */
export interface Tracing {
  readonly service: string;
  /** Exports the spans ended so far. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/**
 * Whether this process exports traces: only when asked with the standard
 * `OTEL_TRACES_EXPORTER=otlp` (off by default, unlike the SDK's own default), and never with
 * `OTEL_SDK_DISABLED=true`.
 */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .some((name) => name.trim().toLowerCase() === 'otlp');
}

/** Paths every probe and scraper calls: their spans would only bury the requests' traces. */
const UNTRACED_PATHS = /^\/(?:health\/|metrics(?:$|[/?]))/;

let started: Tracing | undefined;

/**
 * Starts OpenTelemetry tracing for this process when tracingRequested(), first thing in a
 * service's main.ts (before the modules that load `pg` and `http`, which the instrumentations
 * hook as they are required). Spans of incoming and outgoing HTTP, of Postgres queries made
 * within a traced request or event, and of the event bus (trace-context.ts), exported over
 * OTLP/HTTP (JSON) to `OTEL_EXPORTER_OTLP_ENDPOINT` (default http://localhost:4318) with the
 * other standard OTEL_* settings, through PrivateSpanExporter (no personal data leaves). `env`
 * decides whether and under which name; the exporter and the batching read their OTEL_* settings
 * from the process's environment, as the SDK does (OTEL_EXPORTER_OTLP_PROTOCOL is not read: the
 * export is always HTTP with JSON bodies).
 *
 * Off, it does nothing at all: the SDK is not even loaded, no provider, propagator, context
 * manager or instrumentation is registered, and the helpers in trace-context.ts call straight
 * through.
 */
export function startTracing(
  service: string,
  env: NodeJS.ProcessEnv = process.env,
  /** Tests: where spans go instead of OTLP. */
  exporter?: SpanExporter,
): Tracing | undefined {
  if (started) return started;
  if (!tracingRequested(env)) return undefined;
  // Required here rather than imported, so that a process with tracing off never loads them.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeTracerProvider, BatchSpanProcessor } =
    require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } =
    require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { registerInstrumentations } =
    require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  /* eslint-enable @typescript-eslint/no-require-imports */

  const name = env.OTEL_SERVICE_NAME?.trim() || service;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': name, 'service.namespace': 'jibs' }),
    spanProcessors: [
      new BatchSpanProcessor(new PrivateSpanExporter(exporter ?? new OTLPTraceExporter())),
    ],
  });
  // The global provider, the AsyncLocalStorage context manager and the W3C trace context
  // propagator (traceparent/tracestate on HTTP; trace-context.ts carries it in events).
  provider.register();
  const instrumentations: Instrumentation[] = [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request: IncomingMessage) =>
        UNTRACED_PATHS.test(request.url ?? ''),
      // A service's own background calls (none in a request or an event) start no trace.
      requireParentforOutgoingSpans: true,
    }),
    // Only queries within a request or an event: the relay's and the bus's polling start none.
    // Statements only, never their parameters (enhancedDatabaseReporting stays off).
    new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
  ];
  const unregister = registerInstrumentations({ tracerProvider: provider, instrumentations });
  markTracingOn(true);
  // A service that stops gracefully runs out of work: its last spans go out before it ends.
  process.once('beforeExit', () => void started?.shutdown());
  started = {
    service: name,
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      unregister();
      markTracingOn(false);
      started = undefined;
      await provider.shutdown();
    },
  };
  return started;
}

/** The running tracing, if startTracing() started it (a graceful stop flushes it). */
export function runningTracing(): Tracing | undefined {
  return started;
}
