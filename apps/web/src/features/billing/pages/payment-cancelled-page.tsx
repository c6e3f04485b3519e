import { PaymentMessages, PublicSiteMessages } from '@jibs/domain';
import { Button, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PaymentResultLayout } from '../components/payment-result-layout';
import { useDocumentTitle } from '@jibs/web-ui';

/** /payment-cancelled: the member left the checkout; nothing was charged. */
export function PaymentCancelledPage() {
  const [params] = useSearchParams();
  useDocumentTitle(PaymentMessages.paymentCancelledTitle);
  return (
    <PaymentResultLayout
      tone="neutral"
      title={PaymentMessages.paymentCancelledTitle}
      sessionId={params.get('session_id')}
      actions={
        <>
          <Button component={Link} to="/register?step=subscription-setup">
            Retry Subscription Setup
          </Button>
          <Button component={Link} to="/register?step=registration-payment" variant="light">
            Retry Registration Payment
          </Button>
          <Button component={Link} to="/" variant="default">
            {PublicSiteMessages.backToHome}
          </Button>
        </>
      }
    >
      <Text>{PaymentMessages.paymentCancelled}</Text>
      <Text c="gray.7" size="sm">
        You can try again whenever you are ready.
      </Text>
    </PaymentResultLayout>
  );
}
