import type { ApolloClient } from '@apollo/client';
import { createTokenStore } from '../api/token-store';
import type { SessionFragment } from '../gql/graphql';
import { SessionManager, type SessionState } from './session-manager';

const payload = (id = 'u1'): SessionFragment => ({
  __typename: 'AuthPayload',
  accessToken: `token-${id}`,
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  user: {
    __typename: 'User',
    id,
    email: 'amina@example.com',
    firstName: 'Amina',
    lastName: 'Rahman',
    fullName: 'Amina Rahman',
    role: 'MEMBER',
    language: 'en',
    showHijri: false,
    createdAt: '2026-01-01T00:00:00Z',
  },
});

type Answer = () => Promise<unknown>;

/** Apollo's `query` as billing would answer it, one scripted answer per call. */
function fakeClient(answers: Answer[]) {
  const calls: string[] = [];
  const client = {
    query: jest.fn(async () => {
      calls.push('query');
      const next = answers.shift();
      if (!next) throw new Error('no scripted answer');
      return next();
    }),
    mutate: jest.fn(async () => ({ data: { signOut: true } })),
    clearStore: jest.fn(async () => []),
  };
  return { client: client as unknown as ApolloClient, calls };
}

const paid =
  (id = 'u1') =>
  async () => ({
    data: { me: { __typename: 'User', id, registrationFeePaid: true, membershipStatus: 'ACTIVE' } },
  });
const down = async () => {
  throw new Error('Failed to fetch');
};

/** Resolves once the manager's state satisfies `done`. */
function until(manager: SessionManager, done: (state: SessionState) => boolean) {
  return new Promise<SessionState>((resolve) => {
    if (done(manager.getState())) return resolve(manager.getState());
    const stop = manager.subscribe(() => {
      if (!done(manager.getState())) return;
      stop();
      resolve(manager.getState());
    });
  });
}

describe('SessionManager membership', () => {
  it('signs in at once, then fills in what billing says of the member', async () => {
    const { client } = fakeClient([paid()]);
    const manager = new SessionManager(client, createTokenStore(), undefined, 1);
    manager.establish(payload());
    expect(manager.getState()).toMatchObject({
      status: 'signed-in',
      membership: 'loading',
      user: { id: 'u1', registrationFeePaid: null, membershipStatus: null },
    });
    const loaded = await until(manager, (s) => s.membership === 'loaded');
    expect(loaded.user).toMatchObject({ registrationFeePaid: true, membershipStatus: 'ACTIVE' });
    await manager.signOut();
  });

  it('says billing is unavailable after three failed reads, and recovers on retry', async () => {
    const { client, calls } = fakeClient([down, down, down, paid()]);
    const manager = new SessionManager(client, createTokenStore(), undefined, 1);
    manager.establish(payload());
    await until(manager, (s) => s.membership === 'unavailable');
    expect(calls).toHaveLength(3);
    expect(manager.getState().user?.registrationFeePaid).toBeNull();

    await manager.reloadMembership();
    expect(manager.getState()).toMatchObject({
      membership: 'loaded',
      user: { registrationFeePaid: true },
    });
    await manager.signOut();
  });

  it('keeps the known membership through a token renewal', async () => {
    let release: () => void = () => undefined;
    const slow = () =>
      new Promise<unknown>((resolve) => {
        release = () => resolve(paid()());
      });
    const { client } = fakeClient([paid(), slow]);
    const manager = new SessionManager(client, createTokenStore(), undefined, 1);
    manager.establish(payload());
    await until(manager, (s) => s.membership === 'loaded');
    manager.establish(payload());
    // While billing is read again, the member screens stay open.
    expect(manager.getState()).toMatchObject({
      membership: 'loaded',
      user: { registrationFeePaid: true },
    });
    release();
    await manager.signOut();
  });

  it("never applies a read that answers after the member signed out, or another member's", async () => {
    let release: () => void = () => undefined;
    const slow = () =>
      new Promise<unknown>((resolve) => {
        release = () => resolve(paid()());
      });
    const { client } = fakeClient([slow]);
    const manager = new SessionManager(client, createTokenStore(), undefined, 1);
    manager.establish(payload());
    await manager.signOut();
    release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(manager.getState()).toEqual({
      status: 'signed-out',
      user: null,
      membership: 'loading',
      signedOutByUser: true,
    });

    const { client: other } = fakeClient([paid('u1')]);
    const second = new SessionManager(other, createTokenStore(), undefined, 1);
    second.establish(payload('u2'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(second.getState().user).toMatchObject({ id: 'u2', registrationFeePaid: null });
    await second.signOut();
  });
});

describe('SessionManager.saveLanguageChoice', () => {
  it("stores the choice on the signed-in member's profile and keeps it on the session's user", async () => {
    const { client } = fakeClient([paid()]);
    const mutate = client.mutate as jest.Mock;
    const manager = new SessionManager(client, createTokenStore(), undefined, 1);
    manager.establish(payload());
    await expect(manager.saveLanguageChoice({ language: 'ar' })).resolves.toBe(true);
    expect(mutate).toHaveBeenLastCalledWith(
      expect.objectContaining({ variables: { input: { language: 'ar' } } }),
    );
    expect(manager.getState().user).toMatchObject({ id: 'u1', language: 'ar' });
    await manager.signOut();
  });

  it('answers false, without throwing or changing the session, when the save fails', async () => {
    const { client } = fakeClient([paid()]);
    const mutate = client.mutate as jest.Mock;
    const manager = new SessionManager(client, createTokenStore(), undefined, 1);
    manager.establish(payload());
    mutate.mockRejectedValueOnce(new Error('Failed to fetch'));
    await expect(manager.saveLanguageChoice({ showHijri: true })).resolves.toBe(false);
    expect(manager.getState().user).toMatchObject({ id: 'u1', showHijri: false });
    await manager.signOut();
  });

  it('stores nothing when nobody is signed in', async () => {
    const { client } = fakeClient([]);
    const manager = new SessionManager(client, createTokenStore(), undefined, 1);
    await expect(manager.saveLanguageChoice({ language: 'ur' })).resolves.toBe(false);
    expect(client.mutate).not.toHaveBeenCalled();
  });
});
