import type { PublishRequest } from '@jibs/events';
import { gatewayHeaders, TEST_EVENTS_PATH } from '@jibs/subgraph';
import type { ServiceProcess } from './service-process';

/**
 * Has a running service publish events its definition offers to tests (`testEvents`), in
 * order and in one transaction, through its own EventPublisher and outbox: the real relay, bus
 * and consumers then deliver them. Nothing outside a service writes its tables. The stack must
 * run with `testRoutes: true` (the services' TEST_ROUTES); the call carries the gateway's
 * credential. At most TEST_EVENTS_PER_REQUEST events a call. Returns the events' ids.
 */
export async function publishTestEvents(
  service: ServiceProcess,
  events: readonly PublishRequest[],
): Promise<string[]> {
  const secret = service.spec.env['GATEWAY_SECRET'];
  if (!secret) throw new Error(`${service.spec.name} runs without a GATEWAY_SECRET`);
  const res = await fetch(`${service.url}${TEST_EVENTS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...gatewayHeaders(secret) },
    body: JSON.stringify({
      events: events.map(({ type, subject, data }) => ({ type, subject, data })),
    }),
  });
  if (res.status !== 201) {
    const hint = res.status === 404 ? ' (is the stack started with testRoutes: true?)' : '';
    throw new Error(
      `${service.spec.name} refused the test events: ${res.status}${hint} ${await res.text()}`,
    );
  }
  return ((await res.json()) as { ids: string[] }).ids;
}

/** One event (see publishTestEvents); returns its id. */
export async function publishTestEvent(
  service: ServiceProcess,
  event: PublishRequest,
): Promise<{ id: string }> {
  const [id] = await publishTestEvents(service, [event]);
  return { id: id! };
}
