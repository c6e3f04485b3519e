import { runWithRequestContext } from '@jibs/observability';
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
