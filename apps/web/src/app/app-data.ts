import type { ApolloClient } from '@apollo/client';
import {
  createFetchTransport,
  createTokenStore,
  followMemberChoice,
  followSessionInCache,
  SessionManager,
} from '@jibs/web-data';

/**
 * The session and the Apollo client. The session manager talks to the gateway with a plain
 * fetch, so it is created, and restores the session, as the app starts. The client (Apollo,
 * graphql, rxjs: more JS than the landing page itself) is a separate chunk, requested at start
 * but not waited for: only the parts of a screen that query wait for it (`WithApollo`).
 */
export interface AppData {
  session: SessionManager;
  client: Promise<ApolloClient>;
}

export function createAppData(onExpired: () => void): AppData {
  const tokens = createTokenStore();
  let loaded: ApolloClient | null = null;
  const session = new SessionManager(createFetchTransport({ tokens }), tokens, {
    onExpired,
    ...followSessionInCache(() => loaded),
  });
  // Signed in (or a session restored), the member's stored language and Hijri choice apply.
  followMemberChoice(session);
  void session.restore();
  const client = import('./apollo-client').then(({ createClient }) => {
    loaded = createClient(tokens, () => session.refresh());
    return loaded;
  });
  return { session, client };
}
