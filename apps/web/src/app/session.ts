import type { ApolloClient } from '@apollo/client';
import {
  browserSessionHint,
  createFetchTransport,
  followMemberChoice,
  followSessionInCache,
  SessionManager,
  type TokenStore,
} from '@jibs/web-data';

/**
 * The session manager, a chunk of its own requested as the app starts (see `createAppData`):
 * it talks to the gateway with a plain fetch, so it restores the session as soon as it is in,
 * without waiting for the Apollo client, while the public pages' first load does not carry it.
 */
export function createSession(
  tokens: TokenStore,
  onExpired: () => void,
  /** The Apollo client once loaded, null before: its cache follows the session. */
  client: () => ApolloClient | null,
): SessionManager {
  const session = new SessionManager(createFetchTransport({ tokens }), tokens, {
    onExpired,
    sessionHint: browserSessionHint,
    ...followSessionInCache(client),
  });
  // Signed in (or a session restored), the member's stored language and Hijri choice apply.
  followMemberChoice(session);
  void session.restore();
  return session;
}
