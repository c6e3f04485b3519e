import { formatMonthly, PaymentMessages, ActionMessages } from '@jibs/domain';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { Button, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PaymentResultLayout, SupportLink } from '../components/payment-result-layout';
import { useCheckoutWait } from '../hooks/use-checkout-wait';
import { PublicSettingsDocument, MeDocument } from '../../../gql/graphql';
import { useDocumentTitle } from '@jibs/web-ui';
import { useSessionManager } from '@jibs/web-data';

/** /registration-payment-success: back from the registration fee's checkout. */
export function RegistrationPaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { outcome } = useCheckoutWait(sessionId);
  const session = useSessionManager();
  const client = useApolloClient();
  const settings = useQuery(PublicSettingsDocument);
  useDocumentTitle(outcome === 'completed' ? 'Payment Successful' : 'Processing Payment');

  useEffect(() => {
    // The fee is paid: the session's user and the wizard's `me` must say so before the member
    // moves on to membership setup.
    if (outcome !== 'completed') return;
    void session.reloadMembership();
    void client.query({ query: MeDocument, fetchPolicy: 'network-only' }).catch(() => undefined);
  }, [outcome, session, client]);

  if (!sessionId) return <Navigate to="/register" replace />;

  const dues = settings.data?.publicSettings.monthlyDues;
  switch (outcome) {
    case 'waiting':
      return (
        <PaymentResultLayout tone="waiting" title={PaymentMessages.processingPayment}>
          <Text c="gray.7">We are confirming your payment. This usually takes a few seconds.</Text>
        </PaymentResultLayout>
      );
    case 'completed':
      return (
        <PaymentResultLayout
          tone="success"
          title={PaymentMessages.paymentSuccessfulTitle}
          sessionId={sessionId}
          actions={
            <Button
              component={Link}
              to="/register?step=subscription-setup"
              state={{ registrationPaid: true }}
            >
              Continue to Membership Setup
            </Button>
          }
        >
          <Text>Thank you. Your registration fee has been received.</Text>
          <Text c="gray.7">
            One step remains: setting up your monthly membership
            {dues !== undefined ? ` (${formatMonthly(dues)})` : ''}.
          </Text>
        </PaymentResultLayout>
      );
    case 'failed':
      return <VerificationFailed sessionId={sessionId} backTo="/register" />;
    case 'timeout':
      return <StillProcessing sessionId={sessionId} />;
  }
}

/** Billing reports the payment failed or expired: nothing to wait for, support can help. */
export function VerificationFailed({
  sessionId,
  backTo,
}: {
  sessionId: string;
  backTo: '/register' | '/profile';
}) {
  return (
    <PaymentResultLayout
      tone="error"
      title={PaymentMessages.verificationErrorTitle}
      sessionId={sessionId}
      sessionIdInFull
      actions={
        <Button component={Link} to={backTo}>
          {backTo === '/profile' ? 'Back to Profile' : 'Back to Registration'}
        </Button>
      }
    >
      <Text>We could not confirm this payment.</Text>
      <Text c="gray.7">
        {PaymentMessages.verificationError} <SupportLink />
      </Text>
    </PaymentResultLayout>
  );
}

/** The payment may have gone through but billing has not confirmed it in time. */
export function StillProcessing({ sessionId }: { sessionId: string }) {
  return (
    <PaymentResultLayout
      tone="warning"
      title={PaymentMessages.profileUpdateFailedTitle}
      sessionId={sessionId}
      sessionIdInFull
      actions={
        <>
          <Button onClick={() => window.location.reload()}>Check again</Button>
          <Button component={Link} to="/contact" variant="default">
            {ActionMessages.contactSupport}
          </Button>
        </>
      }
    >
      <Text>{PaymentMessages.profileUpdateFailed}</Text>
      <Text c="gray.7" size="sm">
        Please do not pay again. Quote the session ID below so we can find your payment.
      </Text>
    </PaymentResultLayout>
  );
}
