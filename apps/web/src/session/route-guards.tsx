import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../layout/page-loader';
import { useSession } from './session-context';

/** Signed-in members only; visitors go to /login and come back afterwards. */
export function RequireSignedIn() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageLoader />;
  if (status === 'signed-out') {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}

/**
 * Sign-in and registration: a signed-in member has nothing to do there. This is also how a
 * successful sign-in leaves the page: to where the visitor was sent from, or the dashboard.
 */
export function RequireSignedOut() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageLoader />;
  if (status === 'signed-in') return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}

function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  // Only paths inside this app; never an absolute URL smuggled into history state.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
    ? from
    : '/dashboard';
}
