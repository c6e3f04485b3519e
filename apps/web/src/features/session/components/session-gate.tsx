import type { ReactNode } from 'react';
import { PublicLayoutMessages } from '@jibs/domain';
import { PageLoader } from '@jibs/web-ui';
import { useMessages, useSession } from '@jibs/web-data';

/**
 * Until the refresh cookie has been tried, nothing can say who is here: `fallback` shows (by
 * default a spinner saying the site is loading).
 */
export function SessionGate({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const { status } = useSession();
  const { PublicLayoutMessages: text } = useMessages({ PublicLayoutMessages });
  if (status !== 'loading') return children;
  return fallback === undefined ? <PageLoader label={text.loadingSite} /> : fallback;
}
