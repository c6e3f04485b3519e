import type { ApolloClient } from '@apollo/client';
import { createTokenStore, type SessionHandle } from '@jibs/web-data';
import { DeferredSession } from './deferred-session';

/**
 * The session and the Apollo client. The client (Apollo, graphql, graphql-ws, rxjs: more JS than
 * the landing page itself) and the session manager are a separate chunk, requested as the app
 * starts but not waited for: the public pages render without them (the session reads as
 * 'loading' until then), and the screens that query render once they are in.
 */
export interface AppData {
  session: SessionHandle;
  client: Promise<ApolloClient>;
}

export function createAppData(onExpired: () => void): AppData {
  const tokens = createTokenStore();
  const chunk = import('./apollo-client');
  const client: Promise<ApolloClient> = chunk.then(({ createClient }) =>
    createClient(tokens, () => session.refresh()),
  );
  const session = new DeferredSession(
    Promise.all([chunk, client]).then(([{ createSession }, loaded]) =>
      createSession(loaded, tokens, onExpired),
    ),
  );
  return { session, client };
}
