type Listener = (token: string | null) => void;

/**
 * The access token, held in memory only (never in storage a script could read later).
 * A page reload loses it; the session is then restored through the httpOnly refresh cookie.
 */
export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
  /** Called after every change; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void;
}

export function createTokenStore(): TokenStore {
  let token: string | null = null;
  const listeners = new Set<Listener>();
  return {
    get: () => token,
    set(next) {
      if (next === token) return;
      token = next;
      for (const listener of listeners) listener(token);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
