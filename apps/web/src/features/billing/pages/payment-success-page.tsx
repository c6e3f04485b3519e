import { PaymentMessages, RegistrationBillingMessages } from '@jibs/domain';
import { useApolloClient } from '@apollo/client/react';
import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PaymentResultLayout } from '../components/payment-result-layout';
import { useCheckoutWait } from '../hooks/use-checkout-wait';
import { MeDocument } from '../../../gql/graphql';
import { duesAppliedNotice } from '../utils/dues-notice';
import { useDocumentTitle } from '@jibs/web-ui';
import { useMessages, useSession, useSessionManager } from '@jibs/web-data';
import { StillProcessing, VerificationFailed } from './registration-payment-success-page';

/**
 * /payment-success?session_id: back from the monthly dues' checkout, or from paying for a
 * household member added on the profile (a tab of its own). Once billing has applied the dues,
 * the member's details are refreshed and the dashboard replaces this page in the history; a
 * member's fee is confirmed here, with the way back to the profile (whose tab follows the
 * payment on its own).
 */
export function PaymentSuccessPage() {
  const { PaymentMessages: payment, RegistrationBillingMessages: billing } = useMessages({
    PaymentMessages,
    RegistrationBillingMessages,
  });
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { outcome, kind } = useCheckoutWait(sessionId);
  const forMember = kind === 'HOUSEHOLD_MEMBER';
  const client = useApolloClient();
  const session = useSessionManager();
  const { user } = useSession();
  // Dues set up again by a member whose membership had ended (from the profile's 'No Active
  // Subscription' notice) are a new subscription, not the end of the registration. The first
  // status billing gives is kept: the membership is reloaded below once the dues are applied.
  const [statusBefore, setStatusBefore] = useState(user?.membershipStatus ?? null);
  if (statusBefore === null && user?.membershipStatus) setStatusBefore(user.membershipStatus);
  const navigate = useNavigate();
  useDocumentTitle(
    outcome === 'completed' && forMember ? billing.paymentSuccessful : billing.processingPayment,
  );

  useEffect(() => {
    if (outcome !== 'completed') return;
    // A member's fee: the profile tab follows the payment itself; nothing to refresh here.
    if (forMember) return;
    let cancelled = false;
    void (async () => {
      await Promise.allSettled([
        client.query({ query: MeDocument, fetchPolicy: 'network-only' }),
        session.reloadMembership(),
      ]);
      if (cancelled) return;
      notifications.show(duesAppliedNotice(statusBefore));
      void navigate('/dashboard', { replace: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [outcome, forMember, statusBefore, client, session, navigate]);

  if (!sessionId) return <Navigate to="/register" replace />;

  if (outcome === 'completed' && forMember) {
    return (
      <PaymentResultLayout
        tone="success"
        title={payment.paymentSuccessfulTitle}
        sessionId={sessionId}
        actions={
          <Button component={Link} to="/profile">
            {billing.backToProfile}
          </Button>
        }
      >
        <Text>{billing.memberCovered}</Text>
        <Text c="gray.7">{billing.receiptOnItsWay}</Text>
      </PaymentResultLayout>
    );
  }
  if (outcome === 'failed')
    return (
      <VerificationFailed sessionId={sessionId} backTo={forMember ? '/profile' : '/register'} />
    );
  if (outcome === 'timeout') return <StillProcessing sessionId={sessionId} />;
  return (
    <PaymentResultLayout tone="waiting" title={payment.processingPayment}>
      <Text c="gray.7">
        {forMember ? billing.confirmingPayment : payment.redirectingToDashboard}
      </Text>
    </PaymentResultLayout>
  );
}
