import { useApolloClient, useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MemorialMessages, ClientMessages } from '@jibs/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toApiError } from '@jibs/web-data';
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
        title: MemorialMessages.deactivatedTitle,
        message: MemorialMessages.deactivated,
      });
      onClose();
      await navigate('/memorials');
      // Forgotten once its page is gone (evicted earlier, the page would ask for it again).
      const { cache } = client;
      cache.evict({ id: cache.identify({ __typename: 'Memorial', id: memorial.id }) });
      cache.gc();
    } catch (error) {
      setFailure(memorialFailureMessage(toApiError(error), MemorialMessages.deactivateFailed));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Deactivate this memorial?" centered radius="lg">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert" title={ClientMessages.errorTitle}>
            {failure}
          </Alert>
        )}
        <Text style={{ overflowWrap: 'anywhere' }}>
          The memorial page of {memorial.fullName} will no longer be shown to anyone: its family,
          its visitors and you. Its memories and photos are kept, not deleted.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-autofocus>
            Keep It
          </Button>
          <Button color="red" loading={loading} onClick={() => void confirm()}>
            Deactivate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
