import { formatCents, ActionMessages } from '@jibs/domain';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { CheckoutErrorAlert } from '../../billing/components/checkout-error-alert';
import { useCheckout } from '../../billing/hooks/use-checkout';
import { DetailList, PageLoader } from '@jibs/web-ui';
import { StepButtons } from './step-buttons';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  MyHouseholdDocument,
  RegistrationQuoteDocument,
  StartRegistrationCheckoutDocument,
} from '../../../gql/graphql';

/**
 * Step 4: the one-time registration fee, paid on the payment provider's page. Reached again
 * with Back from step 5 once paid, it says so and leads on instead of offering a second payment.
 */
export function RegistrationPaymentStep({
  feePaid,
  onBack,
  onContinue,
}: {
  feePaid: boolean;
  onBack: () => void;
  onContinue: () => void;
}) {
  const quote = useQuery(RegistrationQuoteDocument, { fetchPolicy: 'cache-and-network' });
  const household = useQuery(MyHouseholdDocument);
  const [startCheckout] = useMutation(StartRegistrationCheckoutDocument);
  const checkout = useCheckout('registration', async () => {
    const { data } = await startCheckout();
    return data?.startRegistrationCheckout.url;
  });

  const q = quote.data?.registrationQuote;
  if (!q) {
    if (quote.loading) return <PageLoader label="Loading your registration fee…" />;
    return (
      <Stack gap="lg">
        <Alert color="red" variant="light" role="alert" title="We could not load your fee">
          <Stack gap="sm" align="flex-start">
            <Text>Please try again in a moment. Nothing has been charged.</Text>
            <Button variant="light" onClick={() => void quote.refetch()}>
              {ActionMessages.tryAgain}
            </Button>
          </Stack>
        </Alert>
        <StepButtons onBack={onBack} />
      </Stack>
    );
  }

  const members = household.data?.myHousehold ?? [];
  if (feePaid) {
    return (
      <Stack gap="lg">
        <Alert color="green" variant="light" title="Registration fee paid">
          Your one-time registration fee of {formatCents(q.registrationTotal)} is paid. Nothing more
          is due on this step.
        </Alert>
        <StepButtons onBack={onBack}>
          <Button onClick={onContinue}>Continue</Button>
        </StepButtons>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Text c="gray.8">
        The one-time registration fee covers your household. You will pay it securely on our payment
        provider&apos;s page and come back here afterwards.
      </Text>
      <DetailList
        cols={3}
        items={[
          { label: 'Household members', value: String(members.length) },
          { label: 'Registration fee', value: formatCents(q.registrationTotal) },
          { label: 'Monthly dues (next step)', value: `${formatCents(q.monthlyDues)} / month` },
        ]}
      />
      <Text size="sm" c="gray.7">
        After this payment, the last step sets up your monthly dues; together they make the{' '}
        {formatCents(q.dueToday)} due today.
      </Text>
      <CheckoutErrorAlert action={checkout} />
      <StepButtons onBack={checkout.pending ? undefined : onBack}>
        <Button onClick={() => void checkout.begin()} loading={checkout.pending}>
          Pay {formatCents(q.registrationTotal)}
        </Button>
      </StepButtons>
    </Stack>
  );
}
