import { runWithRequestContext } from '@jibs/observability';
import type { EventEnvelope } from './event-envelope';

/**
 * Runs a handler in the request that caused its events (the envelope's `requestid`), so the
 * consumer's log lines, and the events it publishes in turn, carry that id: HTTP -> outbox ->
 * consumer -> notification. A batch of events from different requests runs without one; an
 * @OnEvent handler still gets each event in its own request, and a failed batch is retried
 * one event at a time, each in its own.
 */
export function inRequestOf<T>(
  envelopes: readonly EventEnvelope[],
  fn: () => Promise<T>,
): Promise<T> {
  const requestId = envelopes[0]?.requestid;
  if (!requestId || envelopes.some((envelope) => envelope.requestid !== requestId)) return fn();
  return runWithRequestContext({ requestId }, fn);
}
