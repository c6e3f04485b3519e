import { Outlet } from 'react-router';
import { PageLoader } from '@jibs/web-ui';
import { SessionGate } from '../features/session/components/session-gate';
import { WithApollo } from '../shared/apollo/with-apollo';

/**
 * The layout route of every screen but the landing page: they query the server, and what they
 * show depends on who is signed in, so they wait for the client and the restored session.
 */
export function DataRoutes() {
  return (
    <WithApollo fallback={<PageLoader />}>
      <SessionGate>
        <Outlet />
      </SessionGate>
    </WithApollo>
  );
}
