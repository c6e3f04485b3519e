import {
  formatCents,
  formatMoment,
  formatMonthly,
  PaymentMessages,
  ActionMessages,
} from '@jibs/domain';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { toApiError, actionErrorMessage, enumLabel } from '@jibs/web-data';
import { CheckoutErrorAlert } from '../../billing/components/checkout-error-alert';
import { useCheckout } from '../../billing/hooks/use-checkout';
import {
  CancelSubscriptionDocument,
  MySubscriptionDocument,
  OpenBillingPortalDocument,
  PublicSettingsDocument,
  StartSubscriptionCheckoutDocument,
  type SubscriptionFieldsFragment,
} from '../../../gql/graphql';
import { DetailList } from '@jibs/web-ui';
import { useMutation, useQuery } from '@apollo/client/react';

/** Profile: the monthly dues subscription, or the way to set it up (spec 2, Subscription card). */
export function SubscriptionCard() {
  const { data, loading, error, refetch } = useQuery(MySubscriptionDocument, {
    fetchPolicy: 'cache-and-network',
  });

  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="membership">
      <Stack gap="lg">
        <Title order={2} size="h3" id="membership">
          Monthly Membership
        </Title>
        {loading && !data ? (
          <Center py="md" role="status">
            <Loader color="jibs" type="dots" aria-hidden />
            <VisuallyHidden>Loading your subscription…</VisuallyHidden>
          </Center>
        ) : error && !data ? (
          <Group gap="sm">
            <Text c="gray.7">We could not load your subscription just now.</Text>
            <Button variant="light" size="xs" onClick={() => void refetch()}>
              {ActionMessages.tryAgain}
            </Button>
          </Group>
        ) : data?.mySubscription ? (
          <CurrentSubscription subscription={data.mySubscription} />
        ) : (
          <NoSubscription />
        )}
      </Stack>
    </Card>
  );
}

function CurrentSubscription({ subscription }: { subscription: SubscriptionFieldsFragment }) {
  const [confirming, setConfirming] = useState(false);
  const [cancel, cancelling] = useMutation(CancelSubscriptionDocument, {
    refetchQueries: [MySubscriptionDocument],
  });
  const [openPortal] = useMutation(OpenBillingPortalDocument);
  const portal = useCheckout(
    'subscription',
    async () => (await openPortal()).data?.openBillingPortal,
    'new-tab',
  );
  const active = subscription.status === 'ACTIVE';

  const confirmCancel = async () => {
    try {
      await cancel();
      notifications.show({
        color: 'green',
        title: PaymentMessages.subscriptionCancelledTitle,
        message: PaymentMessages.subscriptionCancelled,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: PaymentMessages.cancellationErrorTitle,
        message: actionErrorMessage(toApiError(error)) || PaymentMessages.cancelFailed,
      });
    }
    setConfirming(false);
  };

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Box
          w={10}
          h={10}
          style={{ borderRadius: '50%' }}
          bg={active ? 'green.6' : 'yellow.6'}
          aria-hidden
        />
        <Badge variant="light" color={active ? 'green' : 'yellow'} size="lg">
          {enumLabel(subscription.status)}
        </Badge>
        {subscription.cancelAtPeriodEnd && (
          <Text size="sm" c="gray.7">
            Ends at the end of the current period
          </Text>
        )}
      </Group>
      <DetailList
        cols={3}
        items={[
          { label: 'Monthly amount', value: `${formatCents(subscription.monthlyAmount)} / month` },
          { label: 'Current period started', value: formatMoment(subscription.currentPeriodStart) },
          { label: 'Current period ends', value: formatMoment(subscription.currentPeriodEnd) },
        ]}
      />
      {!active && (
        <Alert color="yellow" variant="light">
          Your monthly dues need attention. Please update your card so your household stays covered.
        </Alert>
      )}
      <CheckoutErrorAlert action={portal} />
      <Group gap="sm">
        <Button variant="light" onClick={() => void portal.begin()} loading={portal.pending}>
          Update card
        </Button>
        {active && !subscription.cancelAtPeriodEnd && (
          <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
            Cancel Subscription
          </Button>
        )}
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel your monthly dues?"
        centered
        radius="lg"
      >
        <Stack gap="md">
          <Text>
            Your subscription will end at the current period end
            {subscription.currentPeriodEnd
              ? ` (${formatMoment(subscription.currentPeriodEnd)})`
              : ''}
            . Without monthly dues, your household&apos;s membership will lapse.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep Subscription
            </Button>
            <Button color="red" loading={cancelling.loading} onClick={() => void confirmCancel()}>
              Cancel Subscription
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function NoSubscription() {
  const settings = useQuery(PublicSettingsDocument);
  const [startCheckout] = useMutation(StartSubscriptionCheckoutDocument);
  const checkout = useCheckout('subscription', async () => {
    const { data } = await startCheckout();
    return data?.startSubscriptionCheckout.url;
  });
  const dues = settings.data?.publicSettings.monthlyDues;
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="yellow" variant="light" title={PaymentMessages.noActiveSubscription} w="100%">
        Monthly dues keep your household&apos;s burial assistance in place.
      </Alert>
      <CheckoutErrorAlert action={checkout} />
      <Button onClick={() => void checkout.begin()} loading={checkout.pending}>
        Set Up Monthly Dues{dues !== undefined ? ` (${formatMonthly(dues)})` : ''}
      </Button>
    </Stack>
  );
}
