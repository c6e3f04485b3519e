import { Center, Loader } from '@mantine/core';
import { useSession } from '@jibs/web-data';
import { useEffect, type ReactNode } from 'react';
import { adminAccess } from '../utils/admin-access';

/**
 * Lets only signed-in admins in. The session comes back from the refresh cookie through the
 * shared session manager; visitors go to the member site's sign-in page, members to their
 * dashboard (full page loads: those screens are the member client's).
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const access = adminAccess(session);
  const target = access.kind === 'leave' ? access.to : null;

  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);

  if (access.kind === 'allow') return children;
  return (
    <Center h="100vh">
      <Loader
        role="status"
        aria-label={target ? 'Leaving the admin console' : 'Loading your session'}
      />
    </Center>
  );
}
