import type { SessionState } from '@jibs/web-data';
import { isAdmin } from '@jibs/web-data';

export type AdminAccess =
  | { kind: 'loading' }
  | { kind: 'allow' }
  /**
   * A full page load to the member site: /login for visitors, /dashboard for members, the home
   * page for an admin who just pressed Sign Out.
   */
  | { kind: 'leave'; to: '/login' | '/dashboard' | '/' };

/** Only signed-in admins use the console; the session is restored from the refresh cookie. */
export function adminAccess(
  session: Pick<SessionState, 'status' | 'user' | 'signedOutByUser'>,
): AdminAccess {
  if (session.status === 'loading') return { kind: 'loading' };
  if (session.status === 'signed-out' && session.signedOutByUser) return { kind: 'leave', to: '/' };
  if (session.status === 'signed-out' || !session.user) return { kind: 'leave', to: '/login' };
  return isAdmin(session.user) ? { kind: 'allow' } : { kind: 'leave', to: '/dashboard' };
}
