import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { ErrorCode } from '@jibs/domain';
import { OperationTypeNode } from 'graphql';
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
  // graphql-ws and its link load with the first subscription (only signed-in screens subscribe),
  // not with the client.
  let wsLink: Promise<ApolloLink> | null = null;
  const subscriptionLink = new ApolloLink((operation, forward) => {
    wsLink ??= import('./ws-link').then(
      ({ createWsLink }) =>
        createWsLink(tokens, bearer, () => {
          // Events published while the socket was down were missed: catch up on the live lists.
          void client.refetchQueries({ include: LIVE_QUERIES });
        }),
      (error: unknown) => {
        // The chunk did not load (a network drop): the next subscription tries again.
        wsLink = null;
        throw error;
      },
    );
    return from(wsLink).pipe(switchMap((link) => link.request(operation, forward)));
  });

  const link = ApolloLink.split(
    ({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION,
    subscriptionLink,
    ApolloLink.from([renewLink, authLink, httpLink]),
  );

  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  return client;
}

/** Queries kept current by subscriptions, refetched after the socket reconnects. */
const LIVE_QUERIES = ['Notifications'];
