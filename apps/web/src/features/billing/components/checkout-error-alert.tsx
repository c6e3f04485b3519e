import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { CheckoutAction } from '../hooks/use-checkout';

/** A failed checkout start: the catalogue's title and words, and Retry while it may help. */
export function CheckoutErrorAlert({ action }: { action: CheckoutAction }) {
  if (!action.failure) return null;
  return (
    <Alert color="red" variant="light" title={action.failure.title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text>{action.failure.message}</Text>
        <Group gap="sm">
          {action.showRetry && (
            <Button variant="light" color="red" onClick={() => void action.begin(true)}>
              Retry
            </Button>
          )}
          {action.retryLabel && (
            <Text size="sm" c="gray.7">
              {action.retryLabel}
            </Text>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
