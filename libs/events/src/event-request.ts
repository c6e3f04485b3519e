import { inConsumerSpan, runWithRequestContext, tracingOn } from '@jibs/observability';
import type { EventEnvelope } from './event-envelope';

/**
 * Runs a handler in the request that caused its events (the envelope's `requestid`), so the
 * consumer's log lines, and the events it publishes in turn, carry that id: HTTP -> outbox ->
 * consumer -> notification. A batch of events from several requests logs them all
 * (`requestIds`) and publishes without one; an @OnEvent handler still gets each event in its
 * own request, and a failed batch is retried one event at a time, each in its own.
 */
export function inRequestOf<T>(
  envelopes: readonly EventEnvelope[],
  fn: () => Promise<T>,
): Promise<T> {
  const requestIds = [
    ...new Set(envelopes.flatMap((envelope) => (envelope.requestid ? [envelope.requestid] : []))),
  ];
  if (requestIds.length === 0) return fn();
  if (requestIds.length === 1 && envelopes.every((envelope) => envelope.requestid))
    return runWithRequestContext({ requestId: requestIds[0]! }, fn);
  return runWithRequestContext({ requestIds }, fn);
}

/**
 * Runs a consumer's handler in a span that continues the trace of the request that published
 * its event (the envelope's `traceparent`): sign-up -> outbox -> consumer in one trace. A batch
 * from several traces gets a span of its own linked to each. Straight through when tracing is off.
 */
export function inTraceOf<T>(
  group: string,
  envelopes: readonly EventEnvelope[],
  fn: () => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return fn();
  const topics = [...new Set(envelopes.map((envelope) => envelope.type))].join(' ');
  return inConsumerSpan(
    `process ${topics}`,
    envelopes,
    {
      'messaging.system': 'jibs',
      'messaging.operation.type': 'process',
      'messaging.destination.name': topics,
      'messaging.consumer.group.name': group,
      ...(envelopes.length === 1
        ? { 'messaging.message.id': envelopes[0]!.id }
        : { 'messaging.batch.message_count': envelopes.length }),
    },
    fn,
  );
}
