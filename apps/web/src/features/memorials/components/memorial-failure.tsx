import { Alert, Button, Stack, Text } from '@mantine/core';
import { ActionMessages, ClientMessages, MemorialMessages } from '@jibs/domain';
import { toApiError, useMessages } from '@jibs/web-data';
import { memorialFailureMessage } from '../utils/memorial-format';

/**
 * A memorial (or the list of them) could not be read, not a missing one: why, and a way to try
 * again; `fallback` says it when the cause has no words of its own.
 */
export function MemorialFailure({
  error,
  onRetry,
  fallback,
}: {
  error: unknown;
  onRetry: () => void;
  fallback?: string;
}) {
  const {
    MemorialMessages: memorialMessages,
    ClientMessages: client,
    ActionMessages: actions,
  } = useMessages({ MemorialMessages, ClientMessages, ActionMessages });
  return (
    <Alert color="red" variant="light" role="alert" title={client.errorTitle}>
      <Stack gap="sm" align="flex-start">
        <Text>
          {memorialFailureMessage(toApiError(error), fallback ?? memorialMessages.unexpected)}
        </Text>
        <Button variant="light" onClick={onRetry}>
          {actions.tryAgain}
        </Button>
      </Stack>
    </Alert>
  );
}
