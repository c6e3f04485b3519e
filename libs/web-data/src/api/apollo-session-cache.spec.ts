import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { of } from 'rxjs';
import type { MemberData } from '../session/session-manager';
import { followSessionInCache } from './apollo-session-cache';

/** A real client and cache holding the member's `User` as a screen's query left it. */
function aClientWithMember() {
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new ApolloLink(() => of({ data: null })),
  });
  client.cache.restore({
    'User:u1': { __typename: 'User', id: 'u1', language: 'en', showHijri: false },
  });
  return client;
}

describe('followSessionInCache', () => {
  it("writes what the session read or saved to the member's cached User", () => {
    const client = aClientWithMember();
    const { onMemberData } = followSessionInCache(() => client);
    onMemberData?.({ id: 'u1', language: 'ar', __typename: 'User' } as MemberData);
    expect(client.cache.extract()['User:u1']).toMatchObject({ language: 'ar', showHijri: false });
  });

  it('clears the store when a session ends', async () => {
    const client = aClientWithMember();
    await followSessionInCache(() => client).onEnded?.();
    expect(client.cache.extract()).toEqual({});
  });

  it('does nothing before the client has loaded', async () => {
    const { onEnded, onMemberData } = followSessionInCache(() => null);
    expect(() => onMemberData?.({ id: 'u1', language: 'ar' })).not.toThrow();
    await expect(Promise.resolve(onEnded?.())).resolves.toBeUndefined();
  });
});
