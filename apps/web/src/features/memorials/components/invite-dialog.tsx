import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  invitationEmailSchema,
  MAX_EMAIL_LENGTH,
  ClientMessages,
  MemorialPageMessages,
} from '@jibs/domain';
import { useState } from 'react';
import { toApiError, translateText, useMessages } from '@jibs/web-data';
import { memorialFailureMessage } from '../utils/memorial-format';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  InviteToMemorialDocument,
  MemorialConnectionsDocument,
  RemoveMemorialConnectionDocument,
} from '../../../gql/graphql';

/** The creator invites a family member by email, as a viewer or an editor. */
export function InviteDialog({
  memorialId,
  opened,
  onClose,
}: {
  memorialId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { MemorialPageMessages: text, ClientMessages: client } = useMessages({
    MemorialPageMessages,
    ClientMessages,
  });
  const [invite, { loading }] = useMutation(InviteToMemorialDocument);
  const [removeConnection, removal] = useMutation(RemoveMemorialConnectionDocument);
  const connections = useQuery(MemorialConnectionsDocument, {
    variables: { memorialId },
    skip: !opened,
    fetchPolicy: 'cache-and-network',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', canEdit: false },
    validate: {
      email: (value) => {
        const result = invitationEmailSchema.safeParse(value);
        const message = result.error?.issues[0]?.message;
        return result.success ? null : message ? translateText(message) : text.invalid;
      },
    },
  });

  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        await invite({
          variables: {
            memorialId,
            email: invitationEmailSchema.parse(values.email),
            canEdit: values.canEdit,
          },
        });
        notifications.show({
          color: 'green',
          title: text.invitationSentTitle,
          message: text.invitationSent(values.email.trim()),
        });
        form.reset();
        void connections.refetch();
      } catch (error) {
        const apiError = toApiError(error);
        if (apiError.fieldErrors.email) {
          form.setErrors({ email: apiError.fieldErrors.email });
          form.getInputNode('email')?.focus();
        } else {
          setFailure(memorialFailureMessage(apiError, text.inviteFailed));
        }
      }
    },
    () => form.getInputNode('email')?.focus(),
  );

  const list = connections.data?.memorialConnections ?? [];

  const remove = async (id: string, email: string) => {
    try {
      await removeConnection({ variables: { id } });
      notifications.show({
        color: 'green',
        title: text.removedTitle,
        message: text.removed(email),
      });
      await connections.refetch();
    } catch (error) {
      setFailure(memorialFailureMessage(toApiError(error), text.removeFailed));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={text.inviteTitle}
      closeButtonProps={{ 'aria-label': text.closeDialog }}
      size="lg"
      centered
    >
      <Stack gap="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {failure && (
              <Alert color="red" variant="light" role="alert" title={client.errorTitle}>
                {failure}
              </Alert>
            )}
            <TextInput
              label={text.emailAddress}
              type="email"
              required
              data-autofocus
              maxLength={MAX_EMAIL_LENGTH}
              {...form.getInputProps('email')}
            />
            <Checkbox
              label={text.canEdit}
              {...form.getInputProps('canEdit', { type: 'checkbox' })}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {text.close}
              </Button>
              <Button type="submit" loading={loading}>
                {text.sendInvitation}
              </Button>
            </Group>
          </Stack>
        </form>
        {list.length > 0 && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              {text.familyMembers}
            </Title>
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {list.map((connection) => (
                <Group component="li" key={connection.id} justify="space-between" gap="xs">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {connection.invitedEmail}
                  </Text>
                  <Group gap={6}>
                    {connection.canEdit && (
                      <Badge variant="light" color="jibs">
                        {text.editor}
                      </Badge>
                    )}
                    <Badge variant="light" color={connection.acceptedAt ? 'green' : 'gray'}>
                      {connection.acceptedAt ? text.accepted : text.invited}
                    </Badge>
                    <Button
                      size="compact-sm"
                      variant="default"
                      disabled={removal.loading}
                      onClick={() => void remove(connection.id, connection.invitedEmail)}
                      aria-label={text.removeEmail(connection.invitedEmail)}
                    >
                      {text.remove}
                    </Button>
                  </Group>
                </Group>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
