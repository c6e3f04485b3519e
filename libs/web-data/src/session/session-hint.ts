import { hasSessionHint } from '@jibs/domain';
import type { SessionState } from './session-manager';

/** What a visitor without a session sees (and what ending one leaves). */
export const SIGNED_OUT: SessionState = { status: 'signed-out', user: null, membership: 'loading' };

/**
 * Whether this page's cookies carry identity's session hint (SESSION_HINT_COOKIE): without it
 * there is no session to restore. Outside a browser, assume there may be one.
 */
export function browserSessionHint(): boolean {
  return typeof document === 'undefined' || hasSessionHint(document.cookie);
}
