import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { ErrorCode } from '@jibs/domain';
import { OperationTypeNode } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import { from, switchMap, throwError } from 'rxjs';
import { hasErrorCode } from './api-error';
import type { TokenStore } from './token-store';

/** Operations that must not trigger a renewal when they answer UNAUTHENTICATED. */
const SESSION_OPERATIONS = new Set([
  'RefreshSession',
  'SignIn',
  'CompleteSignIn',
  'StartTotpEnrollment',
  'SignUp',
  'SignOut',
  'RequestPasswordReset',
  'ResetPassword',
]);

export interface ApolloClientOptions {
  tokens: TokenStore;
  /** Renews the session; resolves true when the operation may be retried with a new token. */
  renewSession: () => Promise<boolean>;
}

/** ws(s)://<host>/graphql for the page's own origin. */
export function graphqlWsUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
}

export function createApolloClient({ tokens, renewSession }: ApolloClientOptions): ApolloClient {
  const bearer = () => {
    const token = tokens.get();
    return token ? `Bearer ${token}` : null;
  };

  const authLink = new SetContextLink(({ headers }) => {
    const authorization = bearer();
    return { headers: authorization ? { ...headers, authorization } : headers };
  });

  // An expired token (a tab that slept through its renewal) is renewed once, then the
  // operation is retried; if renewal fails the session manager signs out.
  const renewLink = new ErrorLink(({ error, operation, forward }) => {
    // Maintenance mode: the gateway's notice page (it sends the visitor back once it is over).
    if (hasErrorCode(error, ErrorCode.Maintenance)) window.location.assign('/maintenance');
    if (
      !hasErrorCode(error, ErrorCode.Unauthenticated) ||
      SESSION_OPERATIONS.has(operation.operationName ?? '') ||
      operation.getContext().renewed ||
      !tokens.get()
    ) {
      return;
    }
    operation.setContext({ renewed: true });
    return from(renewSession()).pipe(
      switchMap((renewed) => (renewed ? forward(operation) : throwError(() => error))),
    );
  });

  const httpLink = new HttpLink({ uri: '/graphql', credentials: 'same-origin' });
  const wsClient = createRestartableWsClient(tokens, bearer, () => {
    // Events published while the socket was down were missed: catch up on the live lists.
    void client.refetchQueries({ include: LIVE_QUERIES });
  });

  const link = ApolloLink.split(
    ({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION,
    new GraphQLWsLink(wsClient),
    ApolloLink.from([renewLink, authLink, httpLink]),
  );

  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  return client;
}

/** Queries kept current by subscriptions, refetched after the socket reconnects. */
const LIVE_QUERIES = ['Notifications'];

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
