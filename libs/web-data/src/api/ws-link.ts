import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient, type Client } from 'graphql-ws';
import type { TokenStore } from './token-store';

/** ws(s)://<host>/graphql for the page's own origin. */
export function graphqlWsUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
}

/**
 * The subscriptions' link over graphql-ws, loaded with the first subscription (apollo-client.ts):
 * `onReconnected` runs when the socket comes back after a drop.
 */
export function createWsLink(
  tokens: TokenStore,
  bearer: () => string | null,
  onReconnected: () => void,
): GraphQLWsLink {
  return new GraphQLWsLink(createRestartableWsClient(tokens, bearer, onReconnected));
}

/**
 * The graphql-ws client: lazy, so no socket is opened until a subscription starts (only
 * signed-in screens subscribe) and it closes when the last one ends. When the token changes
 * (sign-in, renewal, sign-out) an open socket is closed with 4205 so the client reconnects,
 * sending the new token in `connectionParams`, and resubscribes.
 */
function createRestartableWsClient(
  tokens: TokenStore,
  bearer: () => string | null,
  onReconnected: () => void,
): Client {
  let socket: WebSocket | null = null;
  let restartPending = false;
  let connectedBefore = false;

  const restart = () => {
    if (socket?.readyState === WebSocket.OPEN) socket.close(4205, 'Client Restart');
    else if (socket) restartPending = true;
  };

  const client = createClient({
    url: graphqlWsUrl(window.location),
    lazy: true,
    connectionParams: () => {
      const authorization = bearer();
      return authorization ? { authorization } : {};
    },
    // Keep trying while a subscription wants the socket (a gateway restart, a network
    // change): exponential backoff with jitter, at most about 30 s apart.
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: (retries) =>
      new Promise((resolve) =>
        setTimeout(resolve, Math.min(30_000, 1_000 * 2 ** retries) + Math.random() * 1_000),
      ),
    on: {
      opened: (opened) => {
        socket = opened as WebSocket;
        if (restartPending) {
          restartPending = false;
          restart();
        }
      },
      connected: () => {
        if (connectedBefore) onReconnected();
        connectedBefore = true;
      },
      closed: () => {
        socket = null;
        restartPending = false;
      },
    },
  });

  tokens.subscribe((token) => {
    // A new member's first connection is not a reconnection.
    if (!token) connectedBefore = false;
    restart();
  });
  return client;
}
