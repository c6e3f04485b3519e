import { ErrorCode } from '@jibs/domain';
import { GraphQLAnswerError, type SessionTransport } from '../api/session-transport';
import { createTokenStore } from '../api/token-store';
import {
  RefreshSessionSource,
  SaveLanguageChoiceSource,
  SessionMembershipSource,
  SignOutSource,
  type SessionFragment,
} from '../gql/graphql';
import { SessionManager, type SessionManagerOptions, type SessionState } from './session-manager';

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

const OPERATIONS = new Map<string, string>([
  [SessionMembershipSource, 'SessionMembership'],
  [RefreshSessionSource, 'RefreshSession'],
  [SignOutSource, 'SignOut'],
  [SaveLanguageChoiceSource, 'SaveLanguageChoice'],
]);

/**
 * The gateway as the session's transport reaches it: billing's membership reads and the
 * renewals answer from their scripts, one answer per call; sign-out and the language save
 * succeed unless a test says otherwise. Records each operation sent, with the token it carried.
 */
function fakeTransport(membership: Answer[], renewals: Answer[] = [], tokens = createTokenStore()) {
  const calls: { operation: string; token: string | null; variables?: unknown }[] = [];
  const save = jest.fn(async (input: { language?: string; showHijri?: boolean }) => ({
    updateProfile: { __typename: 'User', id: 'u1', language: 'en', showHijri: false, ...input },
  }));
  const send = async (operation: string, options: { variables?: unknown } = {}) => {
    const name = OPERATIONS.get(operation) ?? 'unknown';
    calls.push({ operation: name, token: tokens.get(), variables: options.variables });
    const script =
      name === 'SessionMembership' ? membership : name === 'RefreshSession' ? renewals : null;
    if (script) {
      const next = script.shift();
      if (!next) throw new Error(`no scripted answer for ${name}`);
      return next();
    }
    if (name === 'SignOut') return { signOut: true };
    if (name === 'SaveLanguageChoice') {
      return save((options.variables as { input: { language?: string } }).input);
    }
    throw new Error(`unexpected operation ${operation}`);
  };
  const transport = { send } as unknown as SessionTransport;
  return {
    transport,
    tokens,
    calls,
    save,
    named: (name: string) => calls.filter((c) => c.operation === name),
  };
}

function aManager(
  fake: ReturnType<typeof fakeTransport>,
  options: SessionManagerOptions = {},
): SessionManager {
  return new SessionManager(fake.transport, fake.tokens, { membershipRetryMs: 1, ...options });
}

const paid =
  (id = 'u1') =>
  async () => ({
    me: { __typename: 'User', id, registrationFeePaid: true, membershipStatus: 'ACTIVE' },
  });
const down = async () => {
  throw new Error('Failed to fetch');
};
const refused = (code: ErrorCode) => async () => {
  throw new GraphQLAnswerError([{ message: 'refused', extensions: { code } }]);
};
const renewed =
  (id = 'u1') =>
  async () => ({ refreshSession: payload(id) });

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
    const manager = aManager(fakeTransport([paid()]));
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
    const fake = fakeTransport([down, down, down, paid()]);
    const manager = aManager(fake);
    manager.establish(payload());
    await until(manager, (s) => s.membership === 'unavailable');
    expect(fake.named('SessionMembership')).toHaveLength(3);
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
    const manager = aManager(fakeTransport([paid(), slow]));
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
    const manager = aManager(fakeTransport([slow]));
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

    const second = aManager(fakeTransport([paid('u1')]));
    second.establish(payload('u2'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(second.getState().user).toMatchObject({ id: 'u2', registrationFeePaid: null });
    await second.signOut();
  });
});

describe('SessionManager.saveLanguageChoice', () => {
  it("stores the choice on the signed-in member's profile and keeps it on the session's user", async () => {
    const fake = fakeTransport([paid()]);
    const cached = jest.fn();
    const manager = aManager(fake, { onMemberData: cached });
    manager.establish(payload());
    await expect(manager.saveLanguageChoice({ language: 'ar' })).resolves.toBe(true);
    expect(fake.named('SaveLanguageChoice')).toEqual([
      {
        operation: 'SaveLanguageChoice',
        token: 'token-u1',
        variables: { input: { language: 'ar' } },
      },
    ]);
    expect(manager.getState().user).toMatchObject({ id: 'u1', language: 'ar' });
    // The app's cache (the profile's form) hears what the profile now holds.
    expect(cached).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'u1', language: 'ar' }));
    await manager.signOut();
  });

  it('answers false, without throwing or changing the session, when the save fails', async () => {
    const fake = fakeTransport([paid()]);
    const manager = aManager(fake);
    manager.establish(payload());
    fake.save.mockRejectedValueOnce(new Error('Failed to fetch'));
    await expect(manager.saveLanguageChoice({ showHijri: true })).resolves.toBe(false);
    expect(manager.getState().user).toMatchObject({ id: 'u1', showHijri: false });
    await manager.signOut();
  });

  it('stores nothing when nobody is signed in', async () => {
    const fake = fakeTransport([]);
    const manager = aManager(fake);
    await expect(manager.saveLanguageChoice({ language: 'ur' })).resolves.toBe(false);
    expect(fake.calls).toEqual([]);
  });
});

describe('SessionManager.restore', () => {
  it('gives back the session the refresh cookie holds, within the restore timeout', async () => {
    const fake = fakeTransport([paid()], [renewed()]);
    const signals: (AbortSignal | undefined)[] = [];
    const send = fake.transport.send.bind(fake.transport);
    fake.transport.send = (operation, options) => {
      signals.push(options?.signal);
      return send(operation, options);
    };
    const manager = aManager(fake);
    await Promise.all([manager.restore(), manager.restore()]);
    expect(fake.named('RefreshSession')).toHaveLength(1);
    expect(signals[0]).toBeInstanceOf(AbortSignal);
    expect(manager.getState()).toMatchObject({ status: 'signed-in', user: { id: 'u1' } });
    expect(manager.authorization()).toBe('Bearer token-u1');
    // The membership is read with the restored token.
    await until(manager, (s) => s.membership === 'loaded');
    expect(fake.named('SessionMembership')[0]?.token).toBe('token-u1');
    await manager.signOut();
  });

  it('reads signed out, without the expired notice, when there is no session to restore', async () => {
    const onExpired = jest.fn();
    const onEnded = jest.fn();
    const manager = aManager(fakeTransport([], [refused(ErrorCode.Unauthenticated)]), {
      onExpired,
      onEnded,
    });
    await manager.restore();
    expect(manager.getState()).toEqual({ status: 'signed-out', user: null, membership: 'loading' });
    expect(onExpired).not.toHaveBeenCalled();
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('reads signed out when the gateway cannot be reached', async () => {
    const manager = aManager(fakeTransport([], [down]));
    await manager.restore();
    expect(manager.getState().status).toBe('signed-out');
  });

  it('reads signed out before restore returns, asking nothing, without the session hint', async () => {
    const fake = fakeTransport([], [renewed()]);
    const onEnded = jest.fn();
    const manager = aManager(fake, { sessionHint: () => false, onEnded });
    const restoring = manager.restore();
    expect(manager.getState()).toEqual({ status: 'signed-out', user: null, membership: 'loading' });
    await Promise.all([restoring, manager.restore()]);
    expect(fake.calls).toEqual([]);
    // Nothing to clear: no session was ever there.
    expect(onEnded).not.toHaveBeenCalled();
    // A sign-in afterwards is a session like any other.
    manager.establish(payload());
    expect(manager.getState().status).toBe('signed-in');
    // (Its renewal timer would otherwise keep the test process alive until the token's end.)
    await manager.signOut();
  });

  it('asks the server when the hint says there may be a session', async () => {
    const fake = fakeTransport([paid()], [renewed()]);
    const manager = aManager(fake, { sessionHint: () => true });
    await manager.restore();
    expect(fake.named('RefreshSession')).toHaveLength(1);
    expect(manager.getState().status).toBe('signed-in');
    await manager.signOut();
  });
});

describe('SessionManager renewal', () => {
  it('keeps the session through a network error while the token is still valid', async () => {
    const onExpired = jest.fn();
    const fake = fakeTransport([paid()], [down]);
    const manager = aManager(fake, { onExpired });
    manager.establish(payload());
    await expect(manager.refresh()).resolves.toBe(true);
    expect(manager.getState()).toMatchObject({ status: 'signed-in', user: { id: 'u1' } });
    expect(fake.tokens.get()).toBe('token-u1');
    expect(onExpired).not.toHaveBeenCalled();
    await manager.signOut();
  });

  it('ends a lapsed session: signed out, the expired notice, the cache cleared', async () => {
    const onExpired = jest.fn();
    const onEnded = jest.fn(async () => undefined);
    const fake = fakeTransport([paid()], [refused(ErrorCode.Unauthenticated)]);
    const manager = aManager(fake, { onExpired, onEnded });
    manager.establish(payload());
    await expect(manager.refresh()).resolves.toBe(false);
    expect(manager.getState()).toEqual({ status: 'signed-out', user: null, membership: 'loading' });
    expect(manager.authorization()).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('shares one renewal among concurrent calls', async () => {
    const fake = fakeTransport([paid(), paid()], [renewed()]);
    const manager = aManager(fake);
    manager.establish(payload());
    await Promise.all([manager.refresh(), manager.refresh(), manager.refresh()]);
    expect(fake.named('RefreshSession')).toHaveLength(1);
    await manager.signOut();
  });

  it('renews a token that lapsed meanwhile once, then saves with the new one', async () => {
    const fake = fakeTransport([paid(), paid()], [renewed()]);
    const manager = aManager(fake);
    manager.establish(payload());
    fake.save.mockImplementationOnce(async () => {
      throw new GraphQLAnswerError([
        { message: 'expired', extensions: { code: ErrorCode.Unauthenticated } },
      ]);
    });
    // The renewal answers with a new token for the same member.
    fake.tokens.set('token-stale');
    await expect(manager.saveLanguageChoice({ showHijri: true })).resolves.toBe(true);
    expect(fake.named('SaveLanguageChoice').map((c) => c.token)).toEqual([
      'token-stale',
      'token-u1',
    ]);
    expect(manager.getState().user).toMatchObject({ showHijri: true });
    await manager.signOut();
  });
});

describe('SessionManager.signOut', () => {
  it('signs out at the gateway, says it was the member, and clears the cache', async () => {
    const onEnded = jest.fn(async () => undefined);
    const onExpired = jest.fn();
    const fake = fakeTransport([paid()]);
    const manager = aManager(fake, { onEnded, onExpired });
    manager.establish(payload());
    await manager.signOut();
    expect(fake.named('SignOut')).toEqual([{ operation: 'SignOut', token: 'token-u1' }]);
    expect(manager.getState()).toEqual({
      status: 'signed-out',
      user: null,
      membership: 'loading',
      signedOutByUser: true,
    });
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('ends the local session when the gateway cannot be reached or the cache not cleared', async () => {
    const fake = fakeTransport([paid()]);
    fake.transport.send = async () => {
      throw new Error('Failed to fetch');
    };
    const manager = aManager(fake, {
      onEnded: async () => {
        throw new Error('cache gone');
      },
    });
    manager.establish(payload());
    await manager.signOut();
    expect(manager.getState().status).toBe('signed-out');
    expect(fake.tokens.get()).toBeNull();
  });
});
