import type { ReactNode } from 'react';
import { PageLoader } from '@jibs/web-ui';
import { useSession } from '@jibs/web-data';

/** Until the refresh cookie has been tried, nothing can say who is here: a spinner shows. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return status === 'loading' ? <PageLoader label="Loading JIBS…" /> : children;
}
