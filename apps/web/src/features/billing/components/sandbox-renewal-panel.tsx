import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorCode, RegistrationBillingMessages } from '@jibs/domain';
import {
  genericErrorMessage,
  toApiError,
  translateText,
  useMessages,
  useMoneyFormat,
} from '@jibs/web-data';
import { SandboxRunRenewalDocument, type PaymentStatus } from '../../../gql/graphql';
import { useMutation } from '@apollo/client/react';

/**
 * The local stack's stand-in for time passing: runs the signed-in member's next monthly renewal
 * as paid or failed, through the same signed webhook a provider would send. Billing refuses it
 * unless the sandbox provider is in use.
 */
export function SandboxRenewalPanel() {
  const { RegistrationBillingMessages: billing } = useMessages({ RegistrationBillingMessages });
  const formatCents = useMoneyFormat().cents;
  const [run, { loading }] = useMutation(SandboxRunRenewalDocument, {
    refetchQueries: ['MyPayments', 'MyMembership', 'DashboardSummary', 'MySubscription'],
  });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const renew = async (outcome: PaymentStatus) => {
    setResult(null);
    try {
      const { data } = await run({ variables: { outcome } });
      const payment = data?.sandboxRunRenewal;
      if (!payment) return;
      setResult({
        ok: payment.status === 'COMPLETED',
        text:
          payment.status === 'COMPLETED'
            ? billing.renewalPaid(formatCents(payment.amount))
            : billing.renewalFailed(formatCents(payment.amount)),
      });
    } catch (error) {
      const apiError = toApiError(error);
      // Billing's own answer (no subscription, not the sandbox) is worth showing as it is.
      const specific =
        apiError.code === ErrorCode.Conflict || apiError.code === ErrorCode.Forbidden;
      setResult({
        ok: false,
        text: specific ? translateText(apiError.message) : genericErrorMessage(apiError),
      });
    }
  };

  return (
    <Paper
      component="section"
      aria-labelledby="sandbox-renewal-title"
      withBorder
      bg="white"
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="sandbox-renewal-title">
          {billing.sandboxTitle}
        </Title>
        <Text c="gray.7">{billing.sandboxText}</Text>
        <Group gap="sm">
          <Button variant="light" loading={loading} onClick={() => void renew('COMPLETED')}>
            {billing.runPaid}
          </Button>
          <Button
            variant="light"
            color="red"
            loading={loading}
            onClick={() => void renew('FAILED')}
          >
            {billing.runFailed}
          </Button>
        </Group>
        {result && (
          <Alert color={result.ok ? 'green' : 'yellow'} variant="light" role="status">
            {result.text}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
