import type { ReactNode } from 'react';
import { SessionGate } from './session-gate';
import { WithApollo } from '../../../shared/apollo/with-apollo';

/**
 * The part of a light page that queries as the caller (a list, a form): it renders once the
 * Apollo client is in and the session restored, `fallback` showing meanwhile, while the rest of
 * the page shows at once. Give it lazy components, so that their code (Apollo's hooks, forms,
 * schemas) loads after the page's first render.
 */
export function WithSessionData({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return (
    <WithApollo fallback={fallback}>
      <SessionGate fallback={fallback}>{children}</SessionGate>
    </WithApollo>
  );
}
