import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { AdminOpsMessages, ClientMessages, ActionMessages, SignInMessages } from '@jibs/domain';
import { toApiError, actionErrorMessage, useSession } from '@jibs/web-data';
import { PageLoader, useDocumentTitle } from '@jibs/web-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { JanazahNoticesDocument, type JanazahNoticeItemFragment } from '../../../gql/graphql';
import { JanazahNoticeCard } from '../components/janazah-notice-card';

function NoticeList({
  id,
  title,
  notices,
  signedIn,
}: {
  id: string;
  title: string;
  notices: JanazahNoticeItemFragment[];
  signedIn: boolean;
}) {
  if (!notices.length) return null;
  return (
    <Stack component="section" aria-labelledby={id} gap="md">
      <Title order={2} id={id}>
        {title}
      </Title>
      <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {notices.map((notice) => (
          <li key={notice.id}>
            <JanazahNoticeCard notice={notice} signedIn={signedIn} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** /janazah: upcoming and recent janazah notices, newest prayer first (visitors: public ones). */
export function JanazahPage() {
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  useDocumentTitle(AdminOpsMessages.janazahTitle);
  const { data, loading, error, refetch } = useQuery(JanazahNoticesDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const notices = data?.janazahNotices ?? [];
  const [now] = useState(() => Date.now());
  const upcoming = notices.filter((n) => Date.parse(n.prayerAt) > now);
  const recent = notices.filter((n) => Date.parse(n.prayerAt) <= now);

  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{AdminOpsMessages.janazahTitle}</Title>
          <Text c="gray.7">
            When and where the community prays the janazah prayer for those who have passed.
          </Text>
        </Stack>
        {status === 'signed-out' && (
          <Alert color="jibs" variant="light" title="Members see more">
            You are seeing public notices.{' '}
            <Anchor component={Link} to="/login" state={{ from: '/janazah' }}>
              {SignInMessages.signIn}
            </Anchor>{' '}
            to see every notice and the families&rsquo; contacts.
          </Alert>
        )}
        {loading && !data ? (
          <PageLoader label="Loading janazah notices…" />
        ) : error && !data ? (
          <Alert color="red" variant="light" role="alert" title={ClientMessages.errorTitle}>
            <Stack gap="sm" align="flex-start">
              <Text>{actionErrorMessage(toApiError(error))}</Text>
              <Button variant="light" onClick={() => void refetch()}>
                {ActionMessages.tryAgain}
              </Button>
            </Stack>
          </Alert>
        ) : notices.length === 0 ? (
          <Card withBorder radius="lg" padding="xl">
            <Text ta="center">There are no janazah notices at the moment.</Text>
          </Card>
        ) : (
          <>
            <NoticeList
              id="janazah-upcoming"
              title="Upcoming"
              notices={upcoming}
              signedIn={signedIn}
            />
            <NoticeList id="janazah-recent" title="Recent" notices={recent} signedIn={signedIn} />
          </>
        )}
      </Stack>
    </Container>
  );
}
