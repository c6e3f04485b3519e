import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  memorialYears,
  ActionMessages,
  ClientMessages,
  HeaderMessages,
  MemorialPageMessages,
} from '@jibs/domain';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toApiError, useMessages, useSession } from '@jibs/web-data';
import {
  AcceptMemorialInvitationDocument,
  MemorialsDocument,
  MyMemorialInvitationsDocument,
  type MemorialCardFragment,
  type MyMemorialInvitationsQuery,
} from '../../../gql/graphql';
import { PageLoader } from '@jibs/web-ui';
import { memorialFailureMessage } from '../utils/memorial-format';
import { MemorialAvatar, PrivacyBadge } from './memorial-parts';
import { useMutation, useQuery } from '@apollo/client/react';

/**
 * The memorials the caller may see (visitors: the public ones), with a member's invitations or a
 * visitor's invitation to sign in: the part of /memorials that waits for the client and the
 * session (memorials-page.tsx shows the rest at once).
 */
export default function MemorialsList() {
  const {
    MemorialPageMessages: text,
    ActionMessages: actions,
    ClientMessages: client,
    HeaderMessages: header,
  } = useMessages({ MemorialPageMessages, ActionMessages, ClientMessages, HeaderMessages });
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const { data, loading, error, refetch } = useQuery(MemorialsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const memorials = data?.memorials ?? [];

  return (
    <>
      {signedIn ? (
        <InvitationsBanner onAccepted={() => void refetch()} />
      ) : (
        <Alert color="jibs" variant="light" title={text.signInToSeeMore}>
          <Stack gap="sm" align="flex-start">
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
        </Alert>
      )}

      {loading && !data ? (
        <PageLoader label={text.loadingMemorials} />
      ) : error && !data ? (
        <Alert color="red" variant="light" role="alert" title={client.errorTitle}>
          <Stack gap="sm" align="flex-start">
            <Text>{memorialFailureMessage(toApiError(error), text.loadMemorialsFailed)}</Text>
            <Button variant="light" onClick={() => void refetch()}>
              {actions.tryAgain}
            </Button>
          </Stack>
        </Alert>
      ) : memorials.length === 0 ? (
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

type Invitation = MyMemorialInvitationsQuery['myMemorialInvitations'][number];

/** Invitations to the member's email address, each accepted here. */
function InvitationsBanner({ onAccepted }: { onAccepted: () => void }) {
  const { data, refetch } = useQuery(MyMemorialInvitationsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const { MemorialPageMessages: text } = useMessages({ MemorialPageMessages });
  const invitations = data?.myMemorialInvitations ?? [];
  if (invitations.length === 0) return null;
  return (
    <Alert color="jibs" variant="light" title={text.invitationsTitle}>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {invitations.map((invitation) => (
          <InvitationRow
            key={invitation.id}
            invitation={invitation}
            onAccepted={() => {
              void refetch();
              onAccepted();
            }}
          />
        ))}
      </Stack>
    </Alert>
  );
}

function InvitationRow({
  invitation,
  onAccepted,
}: {
  invitation: Invitation;
  onAccepted: () => void;
}) {
  const { MemorialPageMessages: text, ClientMessages: client } = useMessages({
    MemorialPageMessages,
    ClientMessages,
  });
  const navigate = useNavigate();
  const [accept, { loading }] = useMutation(AcceptMemorialInvitationDocument);
  const acceptInvitation = async () => {
    try {
      await accept({ variables: { memorialId: invitation.memorialId } });
      notifications.show({
        color: 'green',
        title: text.invitationAcceptedTitle,
        message: text.invitationAccepted(invitation.memorialName),
      });
      onAccepted();
      navigate(`/memorial/${invitation.memorialId}`);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: client.errorTitle,
        message: memorialFailureMessage(toApiError(error), text.acceptFailed),
      });
    }
  };
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="sm">
      <Text style={{ overflowWrap: 'anywhere' }}>
        {withNameInBold(
          (invitation.canEdit ? text.invitedAsEditor : text.invitedTo)(invitation.memorialName),
          invitation.memorialName,
        )}
      </Text>
      <Button
        size="sm"
        loading={loading}
        onClick={() => void acceptInvitation()}
        aria-label={text.acceptInvitation(invitation.memorialName)}
      >
        {text.accept}
      </Button>
    </Group>
  );
}

/** The sentence with the memorial's name in bold, wherever the language puts it. */
function withNameInBold(sentence: string, name: string): ReactNode {
  const at = sentence.indexOf(name);
  if (at < 0) return sentence;
  return (
    <>
      {sentence.slice(0, at)}
      <strong>
        <bdi>{name}</bdi>
      </strong>
      {sentence.slice(at + name.length)}
    </>
  );
}
