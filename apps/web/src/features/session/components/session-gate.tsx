import type { ReactNode } from 'react';
import { AccountSessionMessages } from '@jibs/domain';
import { PageLoader } from '@jibs/web-ui';
import { useMessages, useSession } from '@jibs/web-data';

/**
 * Until the refresh cookie has been tried, nothing can say who is here: `fallback` shows (by
 * default a spinner).
 */
export function SessionGate({
  children,
  fallback,
}: {
  children: ReactNode;
  /** What shows meanwhile; by default a spinner labelled 'Loading JIBS…'. */
  fallback?: ReactNode;
}) {
  const { status } = useSession();
  const { AccountSessionMessages: text } = useMessages({ AccountSessionMessages });
  if (status !== 'loading') return children;
  return fallback === undefined ? <PageLoader label={text.loadingJibs} /> : fallback;
}
