import { createApolloClient, type TokenStore } from '@jibs/web-data';

/** Loaded on its own (see `createAppData`): everything of Apollo the client needs comes with it. */
export function createClient(tokens: TokenStore, renewSession: () => Promise<boolean>) {
  return createApolloClient({ tokens, renewSession });
}
