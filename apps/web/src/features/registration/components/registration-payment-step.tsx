import { ActionMessages, RegistrationWizardMessages } from '@jibs/domain';
import { useMessages, useMoneyFormat } from '@jibs/web-data';
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
  const { RegistrationWizardMessages: wizard, ActionMessages: actions } = useMessages({
    RegistrationWizardMessages,
    ActionMessages,
  });
  const formatCents = useMoneyFormat().cents;
  const quote = useQuery(RegistrationQuoteDocument, { fetchPolicy: 'cache-and-network' });
  const household = useQuery(MyHouseholdDocument);
  const [startCheckout] = useMutation(StartRegistrationCheckoutDocument);
  const checkout = useCheckout('registration', async () => {
    const { data } = await startCheckout();
    return data?.startRegistrationCheckout.url;
  });

  const q = quote.data?.registrationQuote;
  if (!q) {
    if (quote.loading) return <PageLoader label={wizard.loadingFee} />;
    return (
      <Stack gap="lg">
        <Alert color="red" variant="light" role="alert" title={wizard.feeNotLoadedTitle}>
          <Stack gap="sm" align="flex-start">
            <Text>{wizard.feeNotLoaded}</Text>
            <Button variant="light" onClick={() => void quote.refetch()}>
              {actions.tryAgain}
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
        <Alert color="green" variant="light" title={wizard.feePaidTitle}>
          {wizard.feePaid(formatCents(q.registrationTotal))}
        </Alert>
        <StepButtons onBack={onBack}>
          <Button onClick={onContinue}>{wizard.continue}</Button>
        </StepButtons>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Text c="gray.8">{wizard.feeIntro}</Text>
      <DetailList
        cols={3}
        items={[
          { label: wizard.householdMembers, value: String(members.length) },
          { label: wizard.registrationFee, value: formatCents(q.registrationTotal) },
          {
            label: wizard.monthlyDuesNextStep,
            value: wizard.amountPerMonth(formatCents(q.monthlyDues)),
          },
        ]}
      />
      <Text size="sm" c="gray.7">
        {wizard.togetherDueToday(formatCents(q.dueToday))}
      </Text>
      <CheckoutErrorAlert action={checkout} />
      <StepButtons onBack={checkout.pending ? undefined : onBack}>
        <Button onClick={() => void checkout.begin()} loading={checkout.pending}>
          {wizard.pay(formatCents(q.registrationTotal))}
        </Button>
      </StepButtons>
    </Stack>
  );
}
