/**
 * A sign-up waiting for its emailed code (registration step 2 before there is an account). Kept
 * in sessionStorage so a reload of the tab can still enter the code: only what startSignUp
 * answered (an opaque token, the masked address, the expiry), never the form or the password.
 */
export interface PendingSignUp {
  signUpToken: string;
  sentTo: string;
  expiresAt: string;
}

export const PENDING_SIGN_UP_KEY = 'jibs.pendingSignUp';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStore(): KeyValueStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can be switched off; the sign-up then lasts as long as the page.
    return null;
  }
}

/** The pending sign-up, unless there is none, it is malformed or its code has expired. */
export function readPendingSignUp(
  store: KeyValueStore | null = browserStore(),
  now: number = Date.now(),
): PendingSignUp | null {
  const raw = store?.getItem(PENDING_SIGN_UP_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSignUp>;
    const expires = Date.parse(String(value.expiresAt));
    if (
      typeof value.signUpToken === 'string' &&
      typeof value.sentTo === 'string' &&
      typeof value.expiresAt === 'string' &&
      expires > now
    ) {
      return { signUpToken: value.signUpToken, sentTo: value.sentTo, expiresAt: value.expiresAt };
    }
  } catch {
    // Not ours, or damaged: forget it below.
  }
  store?.removeItem(PENDING_SIGN_UP_KEY);
  return null;
}

export function savePendingSignUp(
  pending: PendingSignUp,
  store: KeyValueStore | null = browserStore(),
): void {
  const { signUpToken, sentTo, expiresAt } = pending;
  try {
    store?.setItem(PENDING_SIGN_UP_KEY, JSON.stringify({ signUpToken, sentTo, expiresAt }));
  } catch {
    // A full or disabled storage only costs the reload.
  }
}

export function clearPendingSignUp(store: KeyValueStore | null = browserStore()): void {
  store?.removeItem(PENDING_SIGN_UP_KEY);
}
