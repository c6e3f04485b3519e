import {
  clearPendingSignUp,
  PENDING_SIGN_UP_KEY,
  readPendingSignUp,
  savePendingSignUp,
} from './pending-sign-up';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const NOW = Date.parse('2026-11-24T03:00:00Z');
const pending = {
  signUpToken: 'opaque-token',
  sentTo: 'y***@example.com',
  expiresAt: '2026-11-24T03:10:00Z',
};

describe('the sign-up waiting for its code', () => {
  it('survives a reload: what startSignUp answered, read back until it expires', () => {
    const store = memoryStore();
    savePendingSignUp(pending, store);
    expect(readPendingSignUp(store, NOW)).toEqual(pending);
    expect(readPendingSignUp(store, Date.parse('2026-11-24T03:10:01Z'))).toBeNull();
    // An expired one is forgotten.
    expect(store.items.has(PENDING_SIGN_UP_KEY)).toBe(false);
  });

  it('stores only the token, the masked address and the expiry (never a password)', () => {
    const store = memoryStore();
    savePendingSignUp({ ...pending, password: 'secret-123' } as typeof pending, store);
    expect(JSON.parse(store.items.get(PENDING_SIGN_UP_KEY)!)).toEqual(pending);
  });

  it('ignores and forgets a damaged entry', () => {
    const store = memoryStore();
    store.setItem(PENDING_SIGN_UP_KEY, '{not json');
    expect(readPendingSignUp(store, NOW)).toBeNull();
    store.setItem(PENDING_SIGN_UP_KEY, JSON.stringify({ signUpToken: 1 }));
    expect(readPendingSignUp(store, NOW)).toBeNull();
    expect(store.items.size).toBe(0);
  });

  it('is cleared once used', () => {
    const store = memoryStore();
    savePendingSignUp(pending, store);
    clearPendingSignUp(store);
    expect(readPendingSignUp(store, NOW)).toBeNull();
  });

  it('works without storage', () => {
    expect(() => savePendingSignUp(pending, null)).not.toThrow();
    expect(readPendingSignUp(null, NOW)).toBeNull();
  });
});
