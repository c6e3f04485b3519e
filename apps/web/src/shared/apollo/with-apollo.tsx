import { lazy, Suspense, type ReactNode } from 'react';

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
