import type { ApolloClient } from '@apollo/client';
import {
  createApolloClient,
  followMemberChoice,
  SessionManager,
  type TokenStore,
} from '@jibs/web-data';

/** Loaded on its own (see `createAppData`): everything of Apollo the client needs comes with it. */
export function createClient(tokens: TokenStore, renewSession: () => Promise<boolean>) {
  return createApolloClient({ tokens, renewSession });
}

/** The session manager, loaded with the client: its documents and renewal need no earlier. */
export function createSession(
  client: ApolloClient,
  tokens: TokenStore,
  onExpired: () => void,
): SessionManager {
  const session = new SessionManager(client, tokens, onExpired);
  // Signed in (or a session restored), the member's stored language and Hijri choice apply.
  followMemberChoice(session);
  return session;
}
