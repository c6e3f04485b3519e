import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Link,
  type Span,
} from '@opentelemetry/api';

/**
 * The W3C trace context (https://www.w3.org/TR/trace-context/) as CloudEvents' distributed
 * tracing extension carries it in an event envelope.
 */
export interface TraceContextFields {
  traceparent?: string;
  tracestate?: string;
}

const TRACER = '@jibs/events';

let on = false;

/** Set by startTracing(): until then every helper below calls straight through. */
export function markTracingOn(value: boolean): void {
  on = value;
}

/** Whether this process traces (startTracing() found it asked for). */
export function tracingOn(): boolean {
  return on;
}

/** The current span's trace context, to write into an event envelope; `{}` when tracing is off. */
export function currentTraceContext(): TraceContextFields {
  if (!on) return {};
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return {
    ...(carrier.traceparent ? { traceparent: carrier.traceparent } : {}),
    ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}),
  };
}

/**
 * Runs `fn` in a PRODUCER span (writing events to the outbox within the request), so the trace
 * context captured inside it (currentTraceContext) makes the consumers' spans its children.
 */
export function inProducerSpan<T>(
  name: string,
  attributes: Attributes,
  fn: () => Promise<T>,
): Promise<T> {
  if (!on) return fn();
  return trace
    .getTracer(TRACER)
    .startActiveSpan(name, { kind: SpanKind.PRODUCER, attributes }, (span) => ended(span, fn));
}

/**
 * Runs a consumer's handler in a CONSUMER span that continues the trace each event carries:
 * the child of the producer's span for one event; for a batch, a new trace linked to each.
 */
export function inConsumerSpan<T>(
  name: string,
  carried: readonly TraceContextFields[],
  attributes: Attributes,
  fn: () => Promise<T>,
): Promise<T> {
  if (!on) return fn();
  const contexts = carried
    .filter((fields) => fields.traceparent)
    .map((fields) => propagation.extract(ROOT_CONTEXT, { ...fields }));
  const parent = contexts.length === 1 && carried.length === 1 ? contexts[0]! : ROOT_CONTEXT;
  const links: Link[] =
    parent === ROOT_CONTEXT
      ? contexts.flatMap((linked) => {
          const spanContext = trace.getSpanContext(linked);
          return spanContext ? [{ context: spanContext }] : [];
        })
      : [];
  return trace
    .getTracer(TRACER)
    .startActiveSpan(name, { kind: SpanKind.CONSUMER, attributes, links }, parent, (span) =>
      ended(span, fn),
    );
}

async function ended<T>(span: Span, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    // The error's kind only: its message may quote what the caller sent.
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.setAttribute('error.type', error instanceof Error ? error.name : typeof error);
    throw error;
  } finally {
    span.end();
  }
}
