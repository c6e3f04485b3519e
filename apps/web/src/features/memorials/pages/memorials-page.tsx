import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { lazy } from 'react';
import { Link } from 'react-router';
import { DashboardMessages } from '@jibs/domain';
import { useSession } from '@jibs/web-data';
import { PageLoader, useDocumentTitle } from '@jibs/web-ui';
import { WithSessionData } from '../../session/components/with-session-data';
import { MemorialBreadcrumbs } from '../components/memorial-breadcrumbs';

// The list (Apollo's hooks, the cards) loads after the page's first render.
const MemorialsList = lazy(() => import('../components/memorials-list'));

/** /memorials: the memorials the caller may see (visitors: the public ones). */
export function MemorialsPage() {
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  useDocumentTitle(DashboardMessages.memorialPages);

  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <MemorialBreadcrumbs />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={1}>{DashboardMessages.memorialPages}</Title>
            <Text c="gray.7">Honoring and remembering those who have passed.</Text>
          </Stack>
          {signedIn && (
            <Button component={Link} to="/memorials/create">
              Create Memorial
            </Button>
          )}
        </Group>
        <WithSessionData fallback={<PageLoader label="Loading memorial pages…" />}>
          <MemorialsList />
        </WithSessionData>
      </Stack>
    </Container>
  );
}
