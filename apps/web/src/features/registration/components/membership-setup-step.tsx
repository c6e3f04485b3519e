import {
  BillingNotifications,
  PaymentMessages,
  LandingMessages,
  RegistrationWizardMessages,
} from '@jibs/domain';
import { translateText, useMessages, useMoneyFormat } from '@jibs/web-data';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { CheckoutErrorAlert } from '../../billing/components/checkout-error-alert';
import { useCheckout } from '../../billing/hooks/use-checkout';
import { StepButtons } from './step-buttons';
import { useMutation, useQuery } from '@apollo/client/react';
import { PublicSettingsDocument, StartSubscriptionCheckoutDocument } from '../../../gql/graphql';

/** Step 5: the monthly dues subscription, set up on the payment provider's page. */
export function MembershipSetupStep({
  membershipActive,
  onBack,
}: {
  membershipActive: boolean;
  /** Back to step 4, as on the other steps (spec 2). */
  onBack: () => void;
}) {
  const {
    RegistrationWizardMessages: wizard,
    LandingMessages: landing,
    BillingNotifications: billingNotices,
  } = useMessages({ RegistrationWizardMessages, LandingMessages, BillingNotifications });
  const money = useMoneyFormat();
  const settings = useQuery(PublicSettingsDocument);
  const location = useLocation();
  const feeJustPaid =
    (location.state as { registrationPaid?: boolean } | null)?.registrationPaid === true;
  useEffect(() => {
    // Arrived from the registration fee's success page: the spec's success toast, once (the
    // id keeps a second render from repeating it; a reload finds no state and says nothing).
    if (!feeJustPaid) return;
    notifications.show({
      id: 'registration-payment-successful',
      color: 'green',
      title: translateText(PaymentMessages.registrationPaymentSuccessful),
      message: translateText(PaymentMessages.registrationFeeReceived),
    });
    window.history.replaceState({ ...(window.history.state as object), usr: null }, '');
  }, [feeJustPaid]);
  const [startCheckout] = useMutation(StartSubscriptionCheckoutDocument);
  const checkout = useCheckout('subscription', async () => {
    const { data } = await startCheckout();
    return data?.startSubscriptionCheckout.url;
  });
  const dues = settings.data?.publicSettings.monthlyDues;
  const duesText = dues !== undefined ? wizard.perMonthShort(money.short(dues)) : wizard.monthly;

  if (membershipActive) {
    return (
      <Alert color="green" variant="light" title={billingNotices.membershipActiveTitle}>
        <Stack gap="sm" align="flex-start">
          <Text>{wizard.membershipActive}</Text>
          <Button component={Link} to="/dashboard">
            {landing.goToDashboard}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <Alert color="green" variant="light">
        {wizard.feeIsPaid}
      </Alert>
      <Text c="gray.8">{wizard.duesExplained(duesText)}</Text>
      <CheckoutErrorAlert action={checkout} />
      <StepButtons onBack={checkout.pending ? undefined : onBack}>
        <Button onClick={() => void checkout.begin()} loading={checkout.pending}>
          {wizard.setUpDues(duesText)}
        </Button>
      </StepButtons>
    </Stack>
  );
}
