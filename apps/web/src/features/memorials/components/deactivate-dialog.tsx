import { useApolloClient, useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MemorialMessages, ClientMessages, MemorialPageMessages } from '@jibs/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toApiError, useMessages } from '@jibs/web-data';
import { memorialFailureMessage } from '../utils/memorial-format';
import { DeactivateMemorialDocument } from '../../../gql/graphql';

/**
 * Asks before deactivating (there is no undo on the page: the memorial is then found by
 * nobody), deactivates, and goes back to the list with a toast.
 */
export function DeactivateDialog({
  memorial,
  opened,
  onClose,
}: {
  memorial: { id: string; fullName: string };
  opened: boolean;
  onClose: () => void;
}) {
  const {
    MemorialPageMessages: text,
    MemorialMessages: memorialMessages,
    ClientMessages: clientMessages,
  } = useMessages({ MemorialPageMessages, MemorialMessages, ClientMessages });
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const client = useApolloClient();
  const [deactivate, { loading }] = useMutation(DeactivateMemorialDocument);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    setFailure(null);
    try {
      await deactivate({ variables: { id: memorial.id } });
      notifications.show({
        color: 'green',
        title: memorialMessages.deactivatedTitle,
        message: memorialMessages.deactivated,
      });
      onClose();
      await navigate('/memorials');
      // Forgotten once its page is gone (evicted earlier, the page would ask for it again).
      const { cache } = client;
      cache.evict({ id: cache.identify({ __typename: 'Memorial', id: memorial.id }) });
      cache.gc();
    } catch (error) {
      setFailure(memorialFailureMessage(toApiError(error), memorialMessages.deactivateFailed));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={text.deactivateTitle}
      closeButtonProps={{ 'aria-label': text.closeDialog }}
      centered
      radius="lg"
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert" title={clientMessages.errorTitle}>
            {failure}
          </Alert>
        )}
        <Text style={{ overflowWrap: 'anywhere' }}>{text.deactivateText(memorial.fullName)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-autofocus>
            {text.keepIt}
          </Button>
          <Button color="red" loading={loading} onClick={() => void confirm()}>
            {text.deactivate}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
