import { Center, Loader } from '@mantine/core';
import { AdminLayoutMessages } from '@jibs/domain';
import { useMessages, useSession } from '@jibs/web-data';
import { useEffect, type ReactNode } from 'react';
import { adminAccess } from '../utils/admin-access';
import { useProfileLanguage } from '../hooks/use-profile-language';

/**
 * Lets only signed-in admins in. The session comes back from the refresh cookie through the
 * shared session manager; visitors go to the member site's sign-in page, members to their
 * dashboard (full page loads: those screens are the member client's). An admin's console opens
 * in the language saved on their profile.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const access = adminAccess(session);
  const target = access.kind === 'leave' ? access.to : null;
  const { ready } = useProfileLanguage(access.kind === 'allow');
  const { AdminLayoutMessages: layout } = useMessages({ AdminLayoutMessages });

  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);

  if (access.kind === 'allow' && ready) return children;
  return (
    <Center h="100vh">
      <Loader role="status" aria-label={target ? layout.leaving : layout.loadingSession} />
    </Center>
  );
}
