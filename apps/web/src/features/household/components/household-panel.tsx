import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ActionMessages,
  ClientMessages,
  ErrorCode,
  HouseholdMessages,
  HouseholdPageMessages,
  RegistrationWizardMessages,
  validateHouseholdMember,
} from '@jibs/domain';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { toApiError, useDateFormat, useMessages, useMoneyFormat, useText } from '@jibs/web-data';
import { HouseholdMemberFields } from './household-member-fields';
import {
  emptyMemberForm,
  relationshipLabel,
  toDomainDraft,
  toMemberInput,
  type MemberForm,
} from '../utils/household-form';
import {
  AddHouseholdMemberDocument,
  MyHouseholdDocument,
  RemoveHouseholdMemberDocument,
  type HouseholdMemberItemFragment,
  type MemberFeeStatus,
} from '../../../gql/graphql';
import { useFocusFirstInvalid } from '@jibs/web-ui';
import { MemberPaymentModal, type MemberToPay } from './member-payment-modal';
import { useMutation, useQuery } from '@apollo/client/react';

/** A member's fee badge, in the reader's language (the messages given). */
function feeBadge(
  status: MemberFeeStatus,
  text: typeof HouseholdPageMessages,
): { label: string; color: string } {
  switch (status) {
    case 'IN_REGISTRATION':
      return { label: text.covered, color: 'green' };
    case 'PAID':
      return { label: text.paid, color: 'green' };
    case 'PAYMENT_DUE':
      return { label: text.paymentDue, color: 'yellow' };
    case 'NO_FEE':
      return { label: text.noFee, color: 'gray' };
  }
}

/** Profile › Household Members: the list, removing, and adding once the fee is paid. */
export function HouseholdPanel({ registrationFeePaid }: { registrationFeePaid: boolean }) {
  const household = useQuery(MyHouseholdDocument, { fetchPolicy: 'cache-and-network' });
  const [toRemove, setToRemove] = useState<HouseholdMemberItemFragment | null>(null);
  const [toPay, setToPay] = useState<MemberToPay | null>(null);
  // A member just added: the form's submit button (disabled while saving) opened the dialog.
  const [payingFromForm, setPayingFromForm] = useState(false);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const [remove, removing] = useMutation(RemoveHouseholdMemberDocument, {
    refetchQueries: [MyHouseholdDocument],
  });
  const members = household.data?.myHousehold ?? [];
  const {
    HouseholdPageMessages: text,
    HouseholdMessages: householdText,
    ClientMessages: client,
    ActionMessages: actions,
    RegistrationWizardMessages: wizard,
  } = useMessages({
    HouseholdPageMessages,
    HouseholdMessages,
    ClientMessages,
    ActionMessages,
    RegistrationWizardMessages,
  });
  const formatDate = useDateFormat();
  const money = useMoneyFormat();
  const awaited = useAwaitedMemberPayment(household, members, text);

  const confirmRemove = async () => {
    if (!toRemove) return;
    try {
      await remove({ variables: { id: toRemove.id } });
      notifications.show({
        color: 'green',
        title: client.successTitle,
        message: client.memberRemoved(toRemove.fullName),
      });
    } catch {
      notifications.show({
        color: 'red',
        title: client.errorTitle,
        message: client.memberRemoveFailed,
      });
    }
    setToRemove(null);
  };

  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="household">
      <Stack gap="lg">
        <Title order={2} size="h3" id="household">
          {text.title}
        </Title>
        {household.loading && !household.data ? (
          <Text c="gray.7" role="status">
            {wizard.loadingHousehold}
          </Text>
        ) : household.error && !household.data ? (
          <Group gap="sm">
            <Text c="gray.7">{text.loadFailed}</Text>
            <Button variant="light" size="xs" onClick={() => void household.refetch()}>
              {actions.tryAgain}
            </Button>
          </Group>
        ) : members.length === 0 ? (
          <Text c="gray.7">{text.none}</Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {members.map((member) => (
              <Card key={member.id} component="li" withBorder radius="md" padding="md">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Stack gap={2}>
                    <Text fw={600}>{member.fullName}</Text>
                    <Text size="sm" c="gray.7">
                      {(member.isWorkingFullTime ? text.bornWorking : text.born)(
                        relationshipLabel(member.relationship, text),
                        formatDate(member.dateOfBirth),
                      )}
                    </Text>
                  </Stack>
                  <Group gap="sm">
                    <Badge variant="light" color={feeBadge(member.feeStatus, text).color}>
                      {feeBadge(member.feeStatus, text).label}
                    </Badge>
                    {member.feeStatus === 'PAYMENT_DUE' && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => {
                          setPayingFromForm(false);
                          setToPay({ id: member.id, fullName: member.fullName, fee: member.fee });
                        }}
                      >
                        {text.pay(money.cents(member.fee))}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setToRemove(member)}
                      aria-label={text.removeMember(member.fullName)}
                    >
                      {text.remove}
                    </Button>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        )}

        {registrationFeePaid ? (
          <AddMemberForm
            submitRef={addButtonRef}
            onAdded={(member) => {
              if (member.feeStatus !== 'PAYMENT_DUE') return;
              setPayingFromForm(true);
              setToPay(member);
            }}
          />
        ) : (
          <Alert color="yellow" variant="light">
            <Stack gap="xs" align="flex-start">
              <Text>{householdText.registrationRequired}</Text>
              <Button component={Link} to="/register?step=registration-payment" size="xs">
                {text.continueRegistration}
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>

      <Modal
        opened={!!toRemove}
        onClose={() => setToRemove(null)}
        title={text.removeTitle}
        centered
        radius="lg"
      >
        <Stack gap="md">
          <Text>{text.removeText(toRemove?.fullName ?? '')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToRemove(null)}>
              {text.keep}
            </Button>
            <Button color="red" loading={removing.loading} onClick={() => void confirmRemove()}>
              {text.remove}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <MemberPaymentModal
        member={toPay}
        onClose={() => setToPay(null)}
        onOpened={awaited.await}
        returnFocusTo={payingFromForm ? addButtonRef : undefined}
      />
    </Card>
  );
}

const PAYMENT_POLL_INTERVAL_MS = 3_000;
const PAYMENT_POLL_LIMIT_MS = 15 * 60_000;

/**
 * After a member's checkout opened in another tab, the household is read again every few
 * seconds until billing has applied the payment (or a quarter of an hour has passed), so the
 * list turns to 'Paid' on its own; the member is told when it does.
 */
function useAwaitedMemberPayment(
  household: { startPolling: (ms: number) => void; stopPolling: () => void },
  members: readonly HouseholdMemberItemFragment[],
  text: typeof HouseholdPageMessages,
): { await: (member: MemberToPay) => void } {
  const [awaited, setAwaited] = useState<MemberToPay | null>(null);
  const { startPolling, stopPolling } = household;
  const feeStatus = awaited ? members.find((m) => m.id === awaited.id)?.feeStatus : undefined;
  const polling = feeStatus === 'PAYMENT_DUE';
  const paid = feeStatus === 'PAID';

  useEffect(() => {
    if (!polling) return;
    startPolling(PAYMENT_POLL_INTERVAL_MS);
    const limit = setTimeout(stopPolling, PAYMENT_POLL_LIMIT_MS);
    return () => {
      clearTimeout(limit);
      stopPolling();
    };
  }, [polling, startPolling, stopPolling]);

  useEffect(() => {
    if (!paid || !awaited) return;
    notifications.show({
      color: 'green',
      title: text.paymentReceivedTitle,
      message: text.nowCovered(awaited.fullName),
    });
  }, [paid, awaited, text]);

  return { await: setAwaited };
}

function AddMemberForm({
  onAdded,
  submitRef,
}: {
  onAdded: (member: HouseholdMemberItemFragment) => void;
  submitRef: RefObject<HTMLButtonElement | null>;
}) {
  const [form, setForm] = useState<MemberForm>(emptyMemberForm);
  const [sameAddress, setSameAddress] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const [add, { loading }] = useMutation(AddHouseholdMemberDocument, {
    refetchQueries: [MyHouseholdDocument],
  });
  const {
    HouseholdPageMessages: text,
    ClientMessages: client,
    RegistrationWizardMessages: wizard,
  } = useMessages({ HouseholdPageMessages, ClientMessages, RegistrationWizardMessages });
  // The shared rules' messages are English catalogue messages: shown translated.
  const translate = useText();
  const update = (change: Partial<MemberForm>) => {
    setForm((f) => ({ ...f, ...change }));
    setErrors({});
  };

  const submit = async () => {
    const result = validateHouseholdMember(toDomainDraft(form), 'profile');
    const found = result.ok ? {} : { ...result.fieldErrors };
    if (!sameAddress) found['sameAddressCertified'] = HouseholdMessages.sameAddressRequired;
    if (Object.keys(found).length) {
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    try {
      const { data } = await add({
        variables: { input: toMemberInput(form), sameAddressCertified: sameAddress },
      });
      notifications.show({
        color: 'green',
        title: client.successTitle,
        message: client.memberAdded,
      });
      setForm(emptyMemberForm());
      setSameAddress(false);
      if (data) onAdded(data.addHouseholdMember);
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === ErrorCode.BadUserInput && Object.keys(apiError.fieldErrors).length) {
        setErrors(apiError.fieldErrors);
        focusFirstInvalid();
        return;
      }
      notifications.show({
        color: 'red',
        title: client.errorTitle,
        message:
          apiError.code === ErrorCode.BadUserInput || apiError.code === ErrorCode.Forbidden
            ? translate(apiError.message)
            : client.memberAddFailed,
      });
    }
  };

  return (
    // noValidate: the app's messages, never the browser's bubbles (spec 5, household add).
    <form
      ref={formRef}
      noValidate
      aria-labelledby="add-member-heading"
      onSubmit={(e) => (e.preventDefault(), void submit())}
    >
      <Stack gap="md">
        <Title order={3} size="h5" id="add-member-heading">
          {text.addTitle}
        </Title>
        <HouseholdMemberFields
          member={form}
          onChange={update}
          error={(field) => errors[field] && translate(errors[field])}
          context="profile"
        />
        <Checkbox
          label={text.certifySameAddress}
          checked={sameAddress}
          onChange={(e) => {
            setSameAddress(e.currentTarget.checked);
            setErrors({});
          }}
          error={errors['sameAddressCertified'] && translate(errors['sameAddressCertified'])}
        />
        <Group>
          <Button type="submit" loading={loading} ref={submitRef}>
            {wizard.addHouseholdMember}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
