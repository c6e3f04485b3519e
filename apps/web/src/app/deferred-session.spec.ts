import {
  createTokenStore,
  SessionManager,
  SIGNED_OUT,
  type SessionFragment,
  type SessionTransport,
} from '@jibs/web-data';
import { DeferredSession } from './deferred-session';

const payload: SessionFragment = {
  __typename: 'AuthPayload',
  accessToken: 'token-u1',
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  user: {
    __typename: 'User',
    id: 'u1',
    email: 'amina@example.com',
    firstName: 'Amina',
    lastName: 'Rahman',
    fullName: 'Amina Rahman',
    role: 'MEMBER',
    language: 'en',
    showHijri: false,
    createdAt: '2026-01-01T00:00:00Z',
  },
};

/** The gateway as the manager sees it: billing's answer to the membership read that follows a
 * sign-in, and the sign-out. */
const transport: SessionTransport = {
  send: async <TResult>() =>
    ({
      me: { __typename: 'User', id: 'u1', registrationFeePaid: true, membershipStatus: 'ACTIVE' },
      signOut: true,
    }) as TResult,
};

/** A manager whose chunk "loads" when the test says so. */
function aDeferredSession() {
  let load!: (manager: SessionManager) => void;
  const loaded = new Promise<SessionManager>((resolve) => (load = resolve));
  const tokens = createTokenStore();
  const manager = new SessionManager(transport, tokens);
  return { session: new DeferredSession(loaded), manager, tokens, load: () => load(manager) };
}

describe('DeferredSession', () => {
  it('reads as loading, with no token, until the manager is in', () => {
    const { session } = aDeferredSession();
    expect(session.getState()).toEqual({ status: 'loading', user: null, membership: 'loading' });
    // The same object each time: useSyncExternalStore would loop on a new one.
    expect(session.getState()).toBe(session.getState());
    expect(session.authorization()).toBeNull();
  });

  it('tells its listeners when the manager is in, then forwards its changes', async () => {
    const { session, manager, load } = aDeferredSession();
    const heard: string[] = [];
    session.subscribe(() => heard.push(session.getState().status));
    load();
    await session.reloadMembership();
    expect(heard[0]).toBe('loading');
    manager.establish(payload);
    expect(session.getState().status).toBe('signed-in');
    expect(heard).toContain('signed-in');
    expect(session.authorization()).toBe('Bearer token-u1');
    await session.signOut(); // clears the renewal's timer
  });

  it('applies a sign-in made before the manager was in once it is, and at once after', async () => {
    const { session, tokens, load } = aDeferredSession();
    session.establish(payload);
    expect(session.getState().status).toBe('loading');
    expect(tokens.get()).toBeNull();
    load();
    await session.reloadMembership();
    expect(session.getState().status).toBe('signed-in');
    expect(tokens.get()).toBe('token-u1');

    await session.signOut();
    expect(session.getState().status).toBe('signed-out');
    session.establish(payload);
    // No tick's delay once loaded: the sign-in route redirects on this render.
    expect(session.getState().status).toBe('signed-in');
    await session.signOut();
  });
});

describe('DeferredSession for a browser without a session to restore', () => {
  it('reads signed out from the first render, then what the manager says', async () => {
    let load!: (manager: SessionManager) => void;
    const loaded = new Promise<SessionManager>((resolve) => (load = resolve));
    const manager = new SessionManager(transport, createTokenStore(), {
      sessionHint: () => false,
    });
    const session = new DeferredSession(loaded, SIGNED_OUT);
    expect(session.getState()).toEqual(SIGNED_OUT);
    void manager.restore();
    load(manager);
    await session.restore();
    expect(session.getState()).toEqual(SIGNED_OUT);
    session.establish(payload);
    expect(session.getState().status).toBe('signed-in');
    // Signing out ends the renewal's timer.
    await session.signOut();
  });
});
