import { useApolloClient } from '@apollo/client/react';
import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PaymentResultLayout, SupportLink } from '../billing/payment-result-layout';
import { useCheckoutWait } from '../billing/use-checkout-wait';
import { MeDocument } from '../gql/graphql';
import { useDocumentTitle } from '../layout/use-document-title';
import { useSessionManager } from '../session/session-context';
import { StillProcessing } from './registration-payment-success-page';

/**
 * /payment-success?session_id: back from the monthly dues' checkout. Once billing has applied it,
 * the member's details are refreshed and the dashboard replaces this page in the history.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const outcome = useCheckoutWait(sessionId);
  const client = useApolloClient();
  const session = useSessionManager();
  const navigate = useNavigate();
  useDocumentTitle('Processing Payment');

  useEffect(() => {
    if (outcome !== 'completed') return;
    let cancelled = false;
    void (async () => {
      await Promise.allSettled([
        client.query({ query: MeDocument, fetchPolicy: 'network-only' }),
        session.reloadMembership(),
      ]);
      if (cancelled) return;
      notifications.show({
        color: 'green',
        title: 'Registration Complete!',
        message: 'Welcome to JIBS! Your registration and membership are now active.',
      });
      void navigate('/dashboard', { replace: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [outcome, client, session, navigate]);

  if (!sessionId) return <Navigate to="/register" replace />;

  if (outcome === 'failed') {
    return (
      <PaymentResultLayout
        tone="error"
        title="Payment Verification Error"
        sessionId={sessionId}
        actions={
          <Button component={Link} to="/register">
            Back to Registration
          </Button>
        }
      >
        <Text>We could not confirm this payment.</Text>
        <Text c="gray.7">
          Please contact support if issues persist. <SupportLink />
        </Text>
      </PaymentResultLayout>
    );
  }
  if (outcome === 'timeout') return <StillProcessing sessionId={sessionId} />;
  return (
    <PaymentResultLayout tone="waiting" title="Processing Payment...">
      <Text c="gray.7">Redirecting you to your dashboard...</Text>
    </PaymentResultLayout>
  );
}
