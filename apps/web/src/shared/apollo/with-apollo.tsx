import { lazy, Suspense, type ReactNode } from 'react';
import { useBrowserValue } from '../utils/browser-value';

const DeferredApolloProvider = lazy(() => import('./apollo-provider'));

/**
 * Renders `children` with the Apollo client, loading Apollo's chunk when first needed;
 * `fallback` shows meanwhile. A prerendered page (src/prerender.tsx) was rendered with the
 * fallback, as no client is there at build time; the render that hydrates it shows the fallback
 * too, so the two match, and the part loads straight after, as on any other page.
 */
export function WithApollo({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  if (!useBrowserValue(() => true)) return fallback;
  return (
    <Suspense fallback={fallback}>
      <DeferredApolloProvider>{children}</DeferredApolloProvider>
    </Suspense>
  );
}
