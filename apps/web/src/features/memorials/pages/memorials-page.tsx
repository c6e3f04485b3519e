import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { DashboardMessages, HeaderMessages, MemorialPageMessages } from '@jibs/domain';
import { useMessages, useSession } from '@jibs/web-data';
import { PageLoader, useDocumentTitle } from '@jibs/web-ui';
import { SessionGate } from '../../session/components/session-gate';
import { MemorialBreadcrumbs } from '../components/memorial-breadcrumbs';
import classes from './visitor-invitation.module.css';

// The list (the cards, its read over the session's plain fetch) loads after the page's first
// render and reads once the session is settled: a visitor's at once, without Apollo's chunk.
const MemorialsList = lazy(() => import('../components/memorials-list'));

/** /memorials: the memorials the caller may see (visitors: the public ones). */
export function MemorialsPage() {
  const { MemorialPageMessages: text, DashboardMessages: dashboard } = useMessages({
    MemorialPageMessages,
    DashboardMessages,
  });
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  useDocumentTitle(dashboard.memorialPages);

  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <MemorialBreadcrumbs />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={1}>{dashboard.memorialPages}</Title>
            <Text c="gray.7">{text.tagline}</Text>
          </Stack>
          {signedIn && (
            <Button component={Link} to="/memorials/create">
              {text.createMemorial}
            </Button>
          )}
        </Group>
        {/* With the page, not with the list: a visitor reads it while the list loads. */}
        {status === 'signed-out' && <VisitorInvitation />}
        <Suspense fallback={<PageLoader label={text.loadingMemorials} />}>
          <SessionGate fallback={<PageLoader label={text.loadingMemorials} />}>
            <MemorialsList />
          </SessionGate>
        </Suspense>
      </Stack>
    </Container>
  );
}

/**
 * A visitor sees the public memorials: signing in or joining shows more. Styled as Mantine's
 * light Alert (visitor-invitation.module.css) but not one: it is not news to announce, and its
 * JS would have put the page over its first-load budget.
 */
function VisitorInvitation() {
  const { MemorialPageMessages: text, HeaderMessages: header } = useMessages({
    MemorialPageMessages,
    HeaderMessages,
  });
  return (
    <Stack gap="sm" align="flex-start" className={classes.invitation}>
      <Text fw={700} className={classes.title}>
        {text.signInToSeeMore}
      </Text>
      <Text>{text.seeingPublic}</Text>
      <Group gap="sm">
        <Button component={Link} to="/register">
          {text.join}
        </Button>
        <Button component={Link} to="/login" state={{ from: '/memorials' }} variant="default">
          {header.signIn}
        </Button>
      </Group>
    </Stack>
  );
}
