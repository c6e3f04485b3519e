import { Alert, Button, Stack, Text } from '@mantine/core';
import { ActionMessages, ClientMessages, MemorialMessages } from '@jibs/domain';
import { toApiError, useMessages } from '@jibs/web-data';
import { memorialFailureMessage } from '../utils/memorial-format';

/** The memorial could not be read (not a missing one): why, and a way to try again. */
export function MemorialFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const {
    MemorialMessages: memorialMessages,
    ClientMessages: client,
    ActionMessages: actions,
  } = useMessages({ MemorialMessages, ClientMessages, ActionMessages });
  return (
    <Alert color="red" variant="light" role="alert" title={client.errorTitle}>
      <Stack gap="sm" align="flex-start">
        <Text>{memorialFailureMessage(toApiError(error), memorialMessages.unexpected)}</Text>
        <Button variant="light" onClick={onRetry}>
          {actions.tryAgain}
        </Button>
      </Stack>
    </Alert>
  );
}
