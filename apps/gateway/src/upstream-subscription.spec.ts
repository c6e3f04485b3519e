import type { Client, Sink } from 'graphql-ws';
import { UpstreamErrors, upstreamSubscription, type UpstreamResult } from './upstream-subscription';

/** A stand-in for graphql-ws's client: the test drives the sink. */
function aClient() {
  let sink: Sink<UpstreamResult> | undefined;
  const state = { subscribed: 0, unsubscribed: 0 };
  const client = {
    subscribe: (_payload: unknown, given: Sink<UpstreamResult>) => {
      sink = given;
      state.subscribed++;
      return () => {
        state.unsubscribed++;
      };
    },
  } as unknown as Client;
  return { client, state, sink: () => sink! };
}

const payload = { query: 'subscription { notificationAdded { id } }' };

describe('upstreamSubscription', () => {
  it('yields upstream results in order and ends when upstream completes', async () => {
    const { client, sink } = aClient();
    const results = upstreamSubscription(client, payload, () => undefined);
    const waiting = results.next();
    sink().next({ data: { n: 1 } });
    sink().next({ data: { n: 2 } });
    sink().complete();
    expect(await waiting).toEqual({ value: { data: { n: 1 } }, done: false });
    expect(await results.next()).toEqual({ value: { data: { n: 2 } }, done: false });
    expect(await results.next()).toEqual({ value: undefined, done: true });
  });

  it('unsubscribes upstream at once when the client stops listening to a quiet feed', async () => {
    const { client, state } = aClient();
    const results = upstreamSubscription(client, payload, () => undefined);
    const waiting = results.next();
    await results.return!();
    expect(state.unsubscribed).toBe(1);
    expect(await waiting).toEqual({ value: undefined, done: true });
  });

  it('throws upstream GraphQL errors so they reach the client as an error message', async () => {
    const { client, sink } = aClient();
    const results = upstreamSubscription(client, payload, () => undefined);
    const errors = [{ message: 'Please log in', extensions: { code: 'UNAUTHENTICATED' } }];
    sink().error(errors);
    await expect(results.next()).rejects.toEqual(new UpstreamErrors(errors));
    expect(await results.next()).toEqual({ value: undefined, done: true });
  });

  it('hands a lost connection to the caller and ends quietly', async () => {
    const { client, sink } = aClient();
    const lost = jest.fn();
    const results = upstreamSubscription(client, payload, lost);
    const closeEvent = { code: 1006, reason: '', wasClean: false };
    sink().error(closeEvent);
    expect(await results.next()).toEqual({ value: undefined, done: true });
    expect(lost).toHaveBeenCalledWith(closeEvent);
  });
});
