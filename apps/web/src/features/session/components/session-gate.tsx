import type { ReactNode } from 'react';
import { PageLoader } from '@jibs/web-ui';
import { useSession } from '@jibs/web-data';

/**
 * Until the refresh cookie has been tried, nothing can say who is here: `fallback` shows (by
 * default a spinner).
 */
export function SessionGate({
  children,
  fallback = <PageLoader label="Loading JIBS…" />,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const { status } = useSession();
  return status === 'loading' ? fallback : children;
}
