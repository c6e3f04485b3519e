import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@jibs/web-ui';
import { routeDecision, type RouteAccess } from '../utils/route-access';
import { useSession, useSessionManager } from '@jibs/web-data';

// Shown only when billing cannot be reached: its words and its Alert load when it shows.
const MembershipUnavailable = lazy(() =>
  import('./membership-unavailable').then((m) => ({ default: m.MembershipUnavailable })),
);

/**
 * A layout route that lets through whom `access` allows and sends everyone else where the
 * route table says (spec 2): to /login (and back afterwards), /dashboard or /register.
 */
export function RouteGuard({ access }: { access: RouteAccess }) {
  const session = useSession();
  const manager = useSessionManager();
  const location = useLocation();
  const decision = routeDecision(access, session, location.state);
  if (decision.kind === 'loading') return <PageLoader />;
  if (decision.kind === 'unavailable') {
    return (
      <Suspense fallback={<PageLoader />}>
        <MembershipUnavailable retry={() => void manager.reloadMembership()} />
      </Suspense>
    );
  }
  if (decision.kind === 'redirect') {
    // Navigations render in a transition: the address may already name the next screen while
    // this one still shows. A redirect now would override that navigation (signing out on the
    // dashboard would land on /login instead of home), so a screen being left stays quiet.
    if (leaving(location.pathname)) return null;
    const state = decision.rememberFrom ? { from: location.pathname + location.search } : null;
    return <Navigate to={decision.to} replace state={state} />;
  }
  return <Outlet />;
}

function leaving(pathname: string): boolean {
  return typeof window !== 'undefined' && window.location.pathname !== pathname;
}
