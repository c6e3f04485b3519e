import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../layout/page-loader';
import { routeDecision, type RouteAccess } from './route-access';
import { useSession } from './session-context';

/**
 * A layout route that lets through whom `access` allows and sends everyone else where the
 * route table says (spec 2): to /login (and back afterwards), /dashboard or /register.
 */
export function RouteGuard({ access }: { access: RouteAccess }) {
  const session = useSession();
  const location = useLocation();
  const decision = routeDecision(access, session, location.state);
  if (decision.kind === 'loading') return <PageLoader />;
  if (decision.kind === 'redirect') {
    const state = decision.rememberFrom ? { from: location.pathname + location.search } : null;
    return <Navigate to={decision.to} replace state={state} />;
  }
  return <Outlet />;
}
