import type { Client, FormattedExecutionResult, SubscribePayload } from 'graphql-ws';
import type { GraphQLFormattedError } from 'graphql';

/** A result as it arrives from upstream: errors already formatted. */
export type UpstreamResult = FormattedExecutionResult<Record<string, unknown>, unknown>;

/** The upstream answered the subscription with GraphQL errors (the protocol's `error` message). */
export class UpstreamErrors extends Error {
  constructor(readonly errors: readonly GraphQLFormattedError[]) {
    super(errors[0]?.message ?? 'The upstream subscription failed');
    this.name = 'UpstreamErrors';
  }
}

function areFormattedErrors(value: unknown): value is GraphQLFormattedError[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => typeof item === 'object' && item !== null && 'message' in item)
  );
}

/**
 * One subscription on the upstream client as an async iterator for graphql-ws's server.
 *
 * Hand-written rather than an async generator on purpose: a generator's `return()` waits for its
 * pending `next()`, so a client unsubscribing from a quiet feed would keep the upstream
 * subscription open until the next event. Here `return()` unsubscribes upstream at once.
 *
 * GraphQL errors from upstream end the iteration by throwing UpstreamErrors (the server turns
 * that into an `error` message); a lost upstream connection is handed to `onConnectionLost`
 * and ends the iteration quietly.
 */
export function upstreamSubscription(
  client: Client,
  payload: SubscribePayload,
  onConnectionLost: (reason: unknown) => void,
): AsyncIterableIterator<UpstreamResult> {
  const pending: UpstreamResult[] = [];
  let failure: UpstreamErrors | undefined;
  let finished = false;
  let wake: (() => void) | undefined;
  const settle = () => {
    wake?.();
    wake = undefined;
  };

  const unsubscribe = client.subscribe(
    {
      query: payload.query,
      operationName: payload.operationName,
      variables: payload.variables,
    },
    {
      next: (result) => {
        pending.push(result);
        settle();
      },
      error: (error) => {
        if (areFormattedErrors(error)) failure = new UpstreamErrors(error);
        else onConnectionLost(error);
        finished = true;
        settle();
      },
      complete: () => {
        finished = true;
        settle();
      },
    },
  );

  const stop = async (): Promise<IteratorResult<UpstreamResult>> => {
    finished = true;
    pending.length = 0;
    failure = undefined;
    unsubscribe();
    settle();
    return { value: undefined, done: true };
  };

  return {
    async next() {
      while (!pending.length && !finished) {
        await new Promise<void>((resolve) => (wake = resolve));
      }
      const value = pending.shift();
      if (value) return { value, done: false };
      if (failure) {
        const error = failure;
        failure = undefined;
        throw error;
      }
      return { value: undefined, done: true };
    },
    return: stop,
    throw: stop,
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
