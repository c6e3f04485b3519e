import { formatMonthly, PaymentMessages, LandingMessages } from '@jibs/domain';
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
      title: PaymentMessages.registrationPaymentSuccessful,
      message: PaymentMessages.registrationFeeReceived,
    });
    window.history.replaceState({ ...(window.history.state as object), usr: null }, '');
  }, [feeJustPaid]);
  const [startCheckout] = useMutation(StartSubscriptionCheckoutDocument);
  const checkout = useCheckout('subscription', async () => {
    const { data } = await startCheckout();
    return data?.startSubscriptionCheckout.url;
  });
  const dues = settings.data?.publicSettings.monthlyDues;
  const duesText = dues !== undefined ? formatMonthly(dues) : 'monthly';

  if (membershipActive) {
    return (
      <Alert color="green" variant="light" title="Your membership is active">
        <Stack gap="sm" align="flex-start">
          <Text>Your registration and monthly dues are set up. Thank you.</Text>
          <Button component={Link} to="/dashboard">
            {LandingMessages.goToDashboard}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <Alert color="green" variant="light">
        Your registration fee is paid. One step remains: your monthly membership dues.
      </Alert>
      <Text c="gray.8">
        Monthly dues of {duesText} keep your household&apos;s burial assistance in place. They are
        charged automatically each month; you can update your card or cancel from your profile.
      </Text>
      <CheckoutErrorAlert action={checkout} />
      <StepButtons onBack={checkout.pending ? undefined : onBack}>
        <Button onClick={() => void checkout.begin()} loading={checkout.pending}>
          Set Up Monthly Dues ({duesText})
        </Button>
      </StepButtons>
    </Stack>
  );
}
