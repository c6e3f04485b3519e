import { Anchor, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { memorialYears, MemorialPageMessages } from '@jibs/domain';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useMessages, useSession } from '@jibs/web-data';
import { PageLoader } from '@jibs/web-ui';
import { MemorialsSource, type MemorialCardFragment } from '../../../gql/graphql';
import { PlainRead, usePlainRead } from '../../../shared/plain-read';
import { WithApollo } from '../../../shared/apollo/with-apollo';
import { MemorialAvatar, PrivacyBadge } from './memorial-parts';

// A member's invitations query and accept with the Apollo client: they load inside the list,
// which itself comes over the session's plain fetch and does not wait for Apollo's chunk.
const MemorialInvitations = lazy(() => import('./memorial-invitations'));
// Shown only when the read failed (with Mantine's Alert and the API's error helpers).
const MemorialFailure = lazy(() =>
  import('./memorial-failure').then((m) => ({ default: m.MemorialFailure })),
);

/**
 * The memorials the caller may see (visitors: the public ones), with a member's invitations:
 * the part of /memorials that waits for the session (memorials-page.tsx shows the rest at once,
 * a visitor's invitation to sign in among it).
 */
export default function MemorialsList() {
  const { MemorialPageMessages: text } = useMessages({ MemorialPageMessages });
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const read = usePlainRead(
    'memorials',
    (transport, session) =>
      new PlainRead(transport, session, MemorialsSource, {}, (answer) => answer.memorials),
  );
  const memorials = read.data;

  return (
    <>
      {signedIn && (
        <WithApollo>
          <MemorialInvitations onAccepted={() => void read.reload()} />
        </WithApollo>
      )}

      {memorials === null ? (
        read.loading ? (
          <PageLoader label={text.loadingMemorials} />
        ) : (
          <Suspense fallback={<PageLoader label={text.loadingMemorials} />}>
            <MemorialFailure
              error={read.error}
              fallback={text.loadMemorialsFailed}
              onRetry={() => void read.reload()}
            />
          </Suspense>
        )
      ) : memorials.length === 0 ? (
        <NoMemorials signedIn={signedIn} />
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="md"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {memorials.map((memorial) => (
            <MemorialCardItem key={memorial.id} memorial={memorial} />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

function NoMemorials({ signedIn }: { signedIn: boolean }) {
  const { MemorialPageMessages: text } = useMessages({ MemorialPageMessages });
  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack gap="sm" align="center" ta="center">
        <Title order={2} size="h3">
          {text.noMemorialPages}
        </Title>
        {signedIn ? (
          <>
            <Text c="gray.7">{text.noneOfYours}</Text>
            <Button component={Link} to="/memorials/create">
              {text.createMemorial}
            </Button>
          </>
        ) : (
          <Text c="gray.7">{text.nonePublic}</Text>
        )}
      </Stack>
    </Card>
  );
}

function MemorialCardItem({ memorial }: { memorial: MemorialCardFragment }) {
  const years = memorialYears(memorial.birthDate, memorial.deathDate);
  return (
    <Card component="li" withBorder radius="md" padding="lg">
      <Stack gap="sm" align="center" ta="center">
        <MemorialAvatar
          fullName={memorial.fullName}
          imageUrl={memorial.profileImageUrl}
          size={88}
        />
        <Anchor
          component={Link}
          to={`/memorial/${memorial.id}`}
          fw={700}
          fz="lg"
          style={{ overflowWrap: 'anywhere' }}
        >
          {memorial.fullName}
        </Anchor>
        {years && <Text c="gray.7">{years}</Text>}
        <PrivacyBadge privacy={memorial.privacyLevel} />
      </Stack>
    </Card>
  );
}
