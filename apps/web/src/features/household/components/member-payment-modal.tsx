import { HouseholdMessages, HouseholdPageMessages, PaymentMessages } from '@jibs/domain';
import { useMessages, useMoneyFormat } from '@jibs/web-data';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RefObject } from 'react';
import { CheckoutErrorAlert } from '../../billing/components/checkout-error-alert';
import { useCheckout } from '../../billing/hooks/use-checkout';
import { useMutation } from '@apollo/client/react';
import { StartHouseholdMemberCheckoutDocument } from '../../../gql/graphql';

export interface MemberToPay {
  id: string;
  fullName: string;
  fee: number;
}

/** 'Payment Required' for a member added after registration (spec 2, Member payment card). */
export function MemberPaymentModal({
  member,
  onClose,
  onOpened,
  returnFocusTo,
}: {
  member: MemberToPay | null;
  onClose: () => void;
  /** The checkout opened in a new tab for this member. */
  onOpened: (member: MemberToPay) => void;
  /**
   * Where focus goes on close when the control that opened the dialog had lost it (a submit
   * button disabled while saving); otherwise focus returns to the opener.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { HouseholdPageMessages: text } = useMessages({ HouseholdPageMessages });
  return (
    <Modal
      opened={!!member}
      onClose={onClose}
      title={text.paymentRequired}
      centered
      radius="lg"
      returnFocus={!returnFocusTo}
      onExitTransitionEnd={() => returnFocusTo?.current?.focus()}
    >
      {member && (
        <MemberPayment key={member.id} member={member} onClose={onClose} onOpened={onOpened} />
      )}
    </Modal>
  );
}

function MemberPayment({
  member,
  onClose,
  onOpened,
}: {
  member: MemberToPay;
  onClose: () => void;
  onOpened: (member: MemberToPay) => void;
}) {
  const [startCheckout] = useMutation(StartHouseholdMemberCheckoutDocument);
  const {
    HouseholdPageMessages: text,
    HouseholdMessages: household,
    PaymentMessages: payment,
  } = useMessages({ HouseholdPageMessages, HouseholdMessages, PaymentMessages });
  const money = useMoneyFormat();
  const checkout = useCheckout(
    'member',
    async () => {
      const { data } = await startCheckout({ variables: { memberId: member.id } });
      return data?.startHouseholdMemberCheckout.url;
    },
    'new-tab',
    () => {
      notifications.show({
        color: 'jibs',
        title: payment.paymentInitiatedTitle,
        message: text.checkoutOpened,
      });
      onOpened(member);
      onClose();
    },
  );

  return (
    <Stack gap="md">
      <Text>{household.payToAddMember(member.fullName)}</Text>
      <Text fw={700} fz="xl">
        {money.cents(member.fee)}
      </Text>
      <CheckoutErrorAlert action={checkout} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={checkout.pending}>
          {text.cancelPayment}
        </Button>
        <Button onClick={() => void checkout.begin()} loading={checkout.pending}>
          {text.pay(money.cents(member.fee))}
        </Button>
      </Group>
    </Stack>
  );
}
