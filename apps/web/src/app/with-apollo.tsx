import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@jibs/web-ui';
import { SessionGate } from '../session/session-gate';

const DeferredApolloProvider = lazy(() => import('./apollo-provider'));

/**
 * Renders `children` with the Apollo client, loading Apollo's chunk when first needed;
 * `fallback` shows meanwhile.
 */
export function WithApollo({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <DeferredApolloProvider>{children}</DeferredApolloProvider>
    </Suspense>
  );
}

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
