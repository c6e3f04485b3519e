import type { ApolloClient } from '@apollo/client';
import type { MemberData, SessionManagerOptions } from '../session/session-manager';

/**
 * Keeps the Apollo client's cache in step with the session, which talks to the gateway without
 * it: `client` is the client once loaded, null before (then there is nothing cached to change).
 * A session's end clears the store; what the session read or saved of the member is written to
 * the member's cached `User`, as Apollo's cache did when the session's operations went through it
 * (the profile's language form compares with the cached choice).
 */
export function followSessionInCache(
  client: () => ApolloClient | null,
): Pick<SessionManagerOptions, 'onEnded' | 'onMemberData'> {
  return {
    onEnded: () => client()?.clearStore(),
    onMemberData: ({ id, ...fields }: MemberData) => {
      const cache = client()?.cache;
      if (!cache) return;
      cache.modify({
        id: cache.identify({ __typename: 'User', id }),
        fields: Object.fromEntries(
          Object.entries(fields)
            // The answer's own `__typename` is the entity's, not a field to change.
            .filter(([name]) => name !== '__typename')
            .map(([name, value]) => [name, () => value]),
        ),
      });
    },
  };
}
