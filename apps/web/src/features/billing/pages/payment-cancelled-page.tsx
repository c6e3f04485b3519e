import { PaymentMessages, RegistrationBillingMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { Button, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PaymentResultLayout } from '../components/payment-result-layout';
import { useDocumentTitle } from '@jibs/web-ui';

/** /payment-cancelled: the member left the checkout; nothing was charged. */
export function PaymentCancelledPage() {
  const { PaymentMessages: payment, RegistrationBillingMessages: billing } = useMessages({
    PaymentMessages,
    RegistrationBillingMessages,
  });
  const [params] = useSearchParams();
  useDocumentTitle(payment.paymentCancelledTitle);
  return (
    <PaymentResultLayout
      tone="neutral"
      title={payment.paymentCancelledTitle}
      sessionId={params.get('session_id')}
      actions={
        <>
          <Button component={Link} to="/register?step=subscription-setup">
            {billing.retrySubscriptionSetup}
          </Button>
          <Button component={Link} to="/register?step=registration-payment" variant="light">
            {billing.retryRegistrationPayment}
          </Button>
          <Button component={Link} to="/" variant="default">
            {billing.backToHome}
          </Button>
        </>
      }
    >
      <Text>{payment.paymentCancelled}</Text>
      <Text c="gray.7" size="sm">
        {billing.tryWhenReady}
      </Text>
    </PaymentResultLayout>
  );
}
