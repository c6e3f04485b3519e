import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import {
  AdminLayoutMessages,
  ClientMessages,
  ActionMessages,
  JanazahPageMessages,
  SignInMessages,
} from '@jibs/domain';
import { toApiError, actionErrorMessage, useMessages, useSession } from '@jibs/web-data';
import { PageLoader, useDocumentTitle } from '@jibs/web-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { JanazahNoticesDocument, type JanazahNoticeItemFragment } from '../../../gql/graphql';
import { JanazahNoticeCard } from '../components/janazah-notice-card';

/** Stands for the sign-in link inside the visitors' sentence (no language writes it). */
const SIGN_IN_SLOT = '\u0000';

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
  const {
    JanazahPageMessages: text,
    AdminLayoutMessages: layout,
    ClientMessages: client,
    ActionMessages: actions,
    SignInMessages: signIn,
  } = useMessages({
    JanazahPageMessages,
    AdminLayoutMessages,
    ClientMessages,
    ActionMessages,
    SignInMessages,
  });
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  useDocumentTitle(layout.janazahNotices);
  // The sign-in link sits where each language puts it in the sentence.
  const [beforeSignIn, afterSignIn] = text.seeingPublic(SIGN_IN_SLOT).split(SIGN_IN_SLOT);
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
          <Title order={1}>{layout.janazahNotices}</Title>
          <Text c="gray.7">{text.intro}</Text>
        </Stack>
        {status === 'signed-out' && (
          <Alert color="jibs" variant="light" title={text.membersSeeMore}>
            {beforeSignIn}
            <Anchor component={Link} to="/login" state={{ from: '/janazah' }}>
              {signIn.signIn}
            </Anchor>
            {afterSignIn}
          </Alert>
        )}
        {loading && !data ? (
          <PageLoader label={text.loadingNotices} />
        ) : error && !data ? (
          <Alert color="red" variant="light" role="alert" title={client.errorTitle}>
            <Stack gap="sm" align="flex-start">
              <Text>{actionErrorMessage(toApiError(error))}</Text>
              <Button variant="light" onClick={() => void refetch()}>
                {actions.tryAgain}
              </Button>
            </Stack>
          </Alert>
        ) : notices.length === 0 ? (
          <Card withBorder radius="lg" padding="xl">
            <Text ta="center">{text.noNotices}</Text>
          </Card>
        ) : (
          <>
            <NoticeList
              id="janazah-upcoming"
              title={text.upcoming}
              notices={upcoming}
              signedIn={signedIn}
            />
            <NoticeList
              id="janazah-recent"
              title={text.recent}
              notices={recent}
              signedIn={signedIn}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
