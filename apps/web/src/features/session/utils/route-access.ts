import { type SessionState, isAdmin, registrationComplete } from '@jibs/web-data';

/** Who may open a route (spec 2, route table). */
export type RouteAccess =
  /** Anyone, signed in or not. */
  | 'public'
  /** Sign-in: a signed-in user has nothing to do there. */
  | 'signed-out'
  /** Signed in; registration may still be under way (payment result pages). */
  | 'signed-in'
  /** Signed in with registration complete (member screens). */
  | 'registered'
  /** Signed-in admins; no registration needed. */
  | 'admin';

export type RouteDecision =
  | { kind: 'loading' }
  /** Billing could not say whether the member has registered: the guard offers a retry. */
  | { kind: 'unavailable' }
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; rememberFrom?: boolean };

const allow: RouteDecision = { kind: 'allow' };

/**
 * Where a route sends whom: the guards' single rule, free of React so it can be tested.
 * `historyState` is the location's state, which may say where a visitor sent to sign in came from.
 */
export function routeDecision(
  access: RouteAccess,
  session: SessionState,
  historyState?: unknown,
): RouteDecision {
  if (session.status === 'loading') return { kind: 'loading' };
  const user = session.status === 'signed-in' ? session.user : null;
  switch (access) {
    case 'public':
      return allow;
    case 'signed-out':
      return user ? { kind: 'redirect', to: returnPath(historyState) } : allow;
    case 'signed-in':
      return user ? allow : { kind: 'redirect', to: '/login', rememberFrom: true };
    case 'registered':
      if (!user) return { kind: 'redirect', to: '/login', rememberFrom: true };
      if (registrationComplete(user)) return allow;
      if (user.registrationFeePaid === null) {
        return session.membership === 'unavailable' ? { kind: 'unavailable' } : { kind: 'loading' };
      }
      return { kind: 'redirect', to: '/register' };
    case 'admin':
      if (!user) return { kind: 'redirect', to: '/login', rememberFrom: true };
      return isAdmin(user) ? allow : { kind: 'redirect', to: '/dashboard' };
  }
}

/**
 * Where a signed-in user goes from the sign-in page: back where they were sent from, if that
 * is a path of this app, else the dashboard (whose guard sends a member still registering on
 * to /register).
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  // Only paths inside this app; never an absolute URL smuggled into history state.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
    ? from
    : '/dashboard';
}

/** The header's reduced form: registration under way, or the registration wizard itself. */
export function headerShowsRegistrationOnly(session: SessionState, pathname: string): boolean {
  if (pathname === '/register' || pathname.startsWith('/register/')) return true;
  return session.status === 'signed-in' && !!session.user && !registrationComplete(session.user);
}
