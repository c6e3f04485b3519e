import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ClientMessages, MemorialPageMessages } from '@jibs/domain';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toApiError, useMessages } from '@jibs/web-data';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  AcceptMemorialInvitationDocument,
  MyMemorialInvitationsDocument,
  type MyMemorialInvitationsQuery,
} from '../../../gql/graphql';
import { memorialFailureMessage } from '../utils/memorial-format';

type Invitation = MyMemorialInvitationsQuery['myMemorialInvitations'][number];

/**
 * Invitations to the member's email address, each accepted here: on /memorials, for a signed-in
 * member, with the Apollo client (memorials-list.tsx loads it inside `WithApollo`).
 */
export default function MemorialInvitations({ onAccepted }: { onAccepted: () => void }) {
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
