import type { ApolloClient } from '@apollo/client';
import {
  browserSessionHint,
  createTokenStore,
  SIGNED_OUT,
  type SessionHandle,
} from '@jibs/web-data';
import { DeferredSession } from './deferred-session';

/**
 * The session and the Apollo client, two chunks requested as the app starts and not waited
 * for. The session manager (session.ts: its transport is a plain fetch) restores the session as
 * soon as it is in; until then the session reads as 'loading', as while a restore runs. The
 * client (Apollo, graphql, rxjs: more JS than the landing page itself) loads beside it: only
 * the parts of a screen that query wait for it (`WithApollo`).
 */
export interface AppData {
  session: SessionHandle;
  client: Promise<ApolloClient>;
}

export function createAppData(onExpired: () => void): AppData {
  const tokens = createTokenStore();
  let loaded: ApolloClient | null = null;
  // A visitor whose browser holds no session is signed out from the first render: no screen
  // waits for the manager's chunk or a restore's round trip to know it.
  const session = new DeferredSession(
    import('./session').then(({ createSession }) => createSession(tokens, onExpired, () => loaded)),
    browserSessionHint() ? undefined : SIGNED_OUT,
  );
  const client = import('./apollo-client').then(({ createClient }) => {
    loaded = createClient(tokens, () => session.refresh());
    return loaded;
  });
  return { session, client };
}
