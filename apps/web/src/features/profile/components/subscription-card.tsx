import {
  AccountSubscriptionMessages,
  ActionMessages,
  PaymentMessages,
  RegistrationWizardMessages,
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
import {
  actionErrorMessage,
  toApiError,
  useDateFormat,
  useMessages,
  useMoneyFormat,
} from '@jibs/web-data';
import { CheckoutErrorAlert } from '../../billing/components/checkout-error-alert';
import { useCheckout } from '../../billing/hooks/use-checkout';
import {
  CancelSubscriptionDocument,
  MySubscriptionDocument,
  OpenBillingPortalDocument,
  PublicSettingsDocument,
  StartSubscriptionCheckoutDocument,
  type SubscriptionFieldsFragment,
  type SubscriptionStatus,
} from '../../../gql/graphql';
import { DetailList } from '@jibs/web-ui';
import { useMutation, useQuery } from '@apollo/client/react';

/** A subscription's status, in the reader's language (the messages given). */
function statusLabel(status: SubscriptionStatus, text: typeof AccountSubscriptionMessages): string {
  switch (status) {
    case 'INCOMPLETE':
      return text.incomplete;
    case 'ACTIVE':
      return text.active;
    case 'PAST_DUE':
      return text.pastDue;
    case 'CANCELED':
      return text.canceled;
    case 'UNPAID':
      return text.unpaid;
  }
}

/** Profile: the monthly dues subscription, or the way to set it up (spec 2, Subscription card). */
export function SubscriptionCard() {
  const { data, loading, error, refetch } = useQuery(MySubscriptionDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const { AccountSubscriptionMessages: text, ActionMessages: actions } = useMessages({
    AccountSubscriptionMessages,
    ActionMessages,
  });

  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="membership">
      <Stack gap="lg">
        <Title order={2} size="h3" id="membership">
          {text.title}
        </Title>
        {loading && !data ? (
          <Center py="md" role="status">
            <Loader color="jibs" type="dots" aria-hidden />
            <VisuallyHidden>{text.loading}</VisuallyHidden>
          </Center>
        ) : error && !data ? (
          <Group gap="sm">
            <Text c="gray.7">{text.loadFailed}</Text>
            <Button variant="light" size="xs" onClick={() => void refetch()}>
              {actions.tryAgain}
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
  const { AccountSubscriptionMessages: text, PaymentMessages: payment } = useMessages({
    AccountSubscriptionMessages,
    PaymentMessages,
  });
  const formatDate = useDateFormat();
  const money = useMoneyFormat();

  const confirmCancel = async () => {
    try {
      await cancel();
      notifications.show({
        color: 'green',
        title: payment.subscriptionCancelledTitle,
        message: payment.subscriptionCancelled,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: payment.cancellationErrorTitle,
        message: actionErrorMessage(toApiError(error)) || payment.cancelFailed,
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
          {statusLabel(subscription.status, text)}
        </Badge>
        {subscription.cancelAtPeriodEnd && (
          <Text size="sm" c="gray.7">
            {text.endsAtPeriodEnd}
          </Text>
        )}
      </Group>
      <DetailList
        cols={3}
        items={[
          {
            label: text.monthlyAmount,
            value: text.perMonth(money.cents(subscription.monthlyAmount)),
          },
          { label: text.periodStarted, value: formatDate(subscription.currentPeriodStart) },
          { label: text.periodEnds, value: formatDate(subscription.currentPeriodEnd) },
        ]}
      />
      {!active && (
        <Alert color="yellow" variant="light">
          {text.needsAttention}
        </Alert>
      )}
      <CheckoutErrorAlert action={portal} />
      <Group gap="sm">
        <Button variant="light" onClick={() => void portal.begin()} loading={portal.pending}>
          {text.updateCard}
        </Button>
        {active && !subscription.cancelAtPeriodEnd && (
          <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
            {text.cancelSubscription}
          </Button>
        )}
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={text.cancelTitle}
        centered
        radius="lg"
      >
        <Stack gap="md">
          <Text>
            {subscription.currentPeriodEnd
              ? text.cancelTextOn(formatDate(subscription.currentPeriodEnd))
              : text.cancelText}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {text.keepSubscription}
            </Button>
            <Button color="red" loading={cancelling.loading} onClick={() => void confirmCancel()}>
              {text.cancelSubscription}
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
  const {
    AccountSubscriptionMessages: text,
    PaymentMessages: payment,
    RegistrationWizardMessages: wizard,
  } = useMessages({ AccountSubscriptionMessages, PaymentMessages, RegistrationWizardMessages });
  const money = useMoneyFormat();
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="yellow" variant="light" title={payment.noActiveSubscription} w="100%">
        {text.duesKeepCover}
      </Alert>
      <CheckoutErrorAlert action={checkout} />
      <Button onClick={() => void checkout.begin()} loading={checkout.pending}>
        {dues !== undefined
          ? text.setUpMonthlyDuesFor(wizard.perMonthShort(money.short(dues)))
          : text.setUpMonthlyDues}
      </Button>
    </Stack>
  );
}
