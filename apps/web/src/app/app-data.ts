import type { ApolloClient } from '@apollo/client';
import { createTokenStore, SessionManager } from '@jibs/web-data';

/**
 * The session and the Apollo client. The client (Apollo, graphql, graphql-ws, rxjs: more JS than
 * the landing page itself) is a separate chunk, requested as the app starts but not waited for:
 * the public landing page renders without it, and the screens that query render once it is in.
 */
export interface AppData {
  session: SessionManager;
  client: Promise<ApolloClient>;
}

export function createAppData(onExpired: () => void): AppData {
  const tokens = createTokenStore();
  const client: Promise<ApolloClient> = import('./apollo-client').then(({ createClient }) =>
    createClient(tokens, () => session.refresh()),
  );
  const session = new SessionManager(deferredClient(client), tokens, onExpired);
  return { session, client };
}

/**
 * What the session manager uses of the client (`query`, `mutate`, `clearStore`), each waiting for
 * the client's chunk first, so the session can restore while that chunk is still loading.
 */
function deferredClient(client: Promise<ApolloClient>): ApolloClient {
  const deferred: Pick<ApolloClient, 'query' | 'mutate' | 'clearStore'> = {
    query: ((...args: Parameters<ApolloClient['query']>) =>
      client.then((c) => c.query(...args))) as ApolloClient['query'],
    mutate: ((...args: Parameters<ApolloClient['mutate']>) =>
      client.then((c) => c.mutate(...args))) as ApolloClient['mutate'],
    clearStore: () => client.then((c) => c.clearStore()),
  };
  // The session manager calls nothing else (libs/web-data/src/session/session-manager.ts).
  return deferred as ApolloClient;
}
