import {
  PaymentMessages,
  ActionMessages,
  RegistrationBillingMessages,
  RegistrationWizardMessages,
} from '@jibs/domain';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { Button, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PaymentResultLayout, SupportLink } from '../components/payment-result-layout';
import { useCheckoutWait } from '../hooks/use-checkout-wait';
import { PublicSettingsDocument, MeDocument } from '../../../gql/graphql';
import { useDocumentTitle } from '@jibs/web-ui';
import { useMessages, useMoneyFormat, useSessionManager } from '@jibs/web-data';

/** /registration-payment-success: back from the registration fee's checkout. */
export function RegistrationPaymentSuccessPage() {
  const {
    PaymentMessages: payment,
    RegistrationBillingMessages: billing,
    RegistrationWizardMessages: wizard,
  } = useMessages({ PaymentMessages, RegistrationBillingMessages, RegistrationWizardMessages });
  const money = useMoneyFormat();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { outcome } = useCheckoutWait(sessionId);
  const session = useSessionManager();
  const client = useApolloClient();
  const settings = useQuery(PublicSettingsDocument);
  useDocumentTitle(outcome === 'completed' ? billing.paymentSuccessful : billing.processingPayment);

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
        <PaymentResultLayout tone="waiting" title={payment.processingPayment}>
          <Text c="gray.7">{billing.confirmingFewSeconds}</Text>
        </PaymentResultLayout>
      );
    case 'completed':
      return (
        <PaymentResultLayout
          tone="success"
          title={payment.paymentSuccessfulTitle}
          sessionId={sessionId}
          actions={
            <Button
              component={Link}
              to="/register?step=subscription-setup"
              state={{ registrationPaid: true }}
            >
              {billing.continueToMembershipSetup}
            </Button>
          }
        >
          <Text>{billing.feeReceivedThanks}</Text>
          <Text c="gray.7">
            {dues !== undefined
              ? billing.oneStepRemainsDues(wizard.perMonthShort(money.short(dues)))
              : billing.oneStepRemains}
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
  const { PaymentMessages: payment, RegistrationBillingMessages: billing } = useMessages({
    PaymentMessages,
    RegistrationBillingMessages,
  });
  return (
    <PaymentResultLayout
      tone="error"
      title={payment.verificationErrorTitle}
      sessionId={sessionId}
      sessionIdInFull
      actions={
        <Button component={Link} to={backTo}>
          {backTo === '/profile' ? billing.backToProfile : billing.backToRegistration}
        </Button>
      }
    >
      <Text>{billing.couldNotConfirm}</Text>
      <Text c="gray.7">
        {payment.verificationError} <SupportLink />
      </Text>
    </PaymentResultLayout>
  );
}

/** The payment may have gone through but billing has not confirmed it in time. */
export function StillProcessing({ sessionId }: { sessionId: string }) {
  const {
    PaymentMessages: payment,
    RegistrationBillingMessages: billing,
    ActionMessages: actions,
  } = useMessages({ PaymentMessages, RegistrationBillingMessages, ActionMessages });
  return (
    <PaymentResultLayout
      tone="warning"
      title={payment.profileUpdateFailedTitle}
      sessionId={sessionId}
      sessionIdInFull
      actions={
        <>
          <Button onClick={() => window.location.reload()}>{billing.checkAgain}</Button>
          <Button component={Link} to="/contact" variant="default">
            {actions.contactSupport}
          </Button>
        </>
      }
    >
      <Text>{payment.profileUpdateFailed}</Text>
      <Text c="gray.7" size="sm">
        {billing.doNotPayAgain}
      </Text>
    </PaymentResultLayout>
  );
}
