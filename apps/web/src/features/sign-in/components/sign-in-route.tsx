import { Navigate, useLocation } from 'react-router';
import { useSession } from '@jibs/web-data';
import { routeDecision } from '../../session/utils/route-access';
import type { ReactNode } from 'react';

/**
 * The sign-in route's guard (spec 2: a signed-in user has nothing to do there). Unlike the other
 * screens, the form shows while the session is still being restored (issue 16: the first load
 * of /login waits for neither the Apollo client nor the refresh cookie); once the restore finds
 * a session, the visitor goes where the route table says, as `RouteGuard` would send them.
 */
export function SignInRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const decision = routeDecision('signed-out', session, location.state);
  if (decision.kind !== 'redirect') return children;
  // As in RouteGuard: a screen being left (the address already names the next one) stays quiet.
  if (typeof window !== 'undefined' && window.location.pathname !== location.pathname) return null;
  return <Navigate to={decision.to} replace />;
}
