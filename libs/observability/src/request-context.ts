import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export type RequestContext =
  | { requestId: string }
  /** A batch of events caused by several requests: its log lines name each of them. */
  | { requestIds: readonly string[] };

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a request id that logs (and outgoing events) pick up. */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestId(): string | undefined {
  const context = storage.getStore();
  return context && 'requestId' in context ? context.requestId : undefined;
}

/** The requests a batch of events came from, when there is more than one. */
export function currentRequestIds(): readonly string[] | undefined {
  const context = storage.getStore();
  return context && 'requestIds' in context ? context.requestIds : undefined;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

/** Accepts an incoming id only when it looks like one, so logs cannot be forged or flooded. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID_PATTERN.test(value) ? value : randomUUID();
}
