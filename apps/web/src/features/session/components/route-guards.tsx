import { ActionMessages } from '@jibs/domain';
import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@jibs/web-ui';
import { routeDecision, type RouteAccess } from '../utils/route-access';
import { useSession, useSessionManager } from '@jibs/web-data';

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
    return <MembershipUnavailable retry={() => void manager.reloadMembership()} />;
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

/** Billing could not be reached, so nothing can say whether the member may see this screen. */
function MembershipUnavailable({ retry }: { retry: () => void }) {
  return (
    <Container size={640} py={48}>
      <Alert color="red" variant="light" title="We could not load your membership" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text>
            Your membership details are not available right now. Please try again in a moment.
          </Text>
          <Button variant="light" onClick={retry}>
            {ActionMessages.tryAgain}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
