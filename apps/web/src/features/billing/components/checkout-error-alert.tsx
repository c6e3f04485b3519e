import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { RegistrationBillingMessages } from '@jibs/domain';
import { useMessages, useText } from '@jibs/web-data';
import type { CheckoutAction } from '../hooks/use-checkout';

/** A failed checkout start: the catalogue's title and words, and Retry while it may help. */
export function CheckoutErrorAlert({ action }: { action: CheckoutAction }) {
  const { RegistrationBillingMessages: billing } = useMessages({ RegistrationBillingMessages });
  // The failure's words are the catalogue's English (PaymentMessages, BillingMessages).
  const translate = useText();
  if (!action.failure) return null;
  return (
    <Alert color="red" variant="light" title={translate(action.failure.title)} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text>{translate(action.failure.message)}</Text>
        <Group gap="sm">
          {action.showRetry && (
            <Button variant="light" color="red" onClick={() => void action.begin(true)}>
              {billing.retry}
            </Button>
          )}
          {action.retryLabel && (
            <Text size="sm" c="gray.7">
              {translate(action.retryLabel)}
            </Text>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
