import { RegistrationWizardMessages } from '@jibs/domain';
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
  ClientMessages,
  ErrorCode,
  formatCalendarDate,
  formatCents,
  HouseholdMessages,
  validateHouseholdMember,
  ActionMessages,
} from '@jibs/domain';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { toApiError } from '@jibs/web-data';
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

const FEE_BADGE: Record<MemberFeeStatus, { label: string; color: string }> = {
  IN_REGISTRATION: { label: 'Covered', color: 'green' },
  PAID: { label: 'Paid', color: 'green' },
  PAYMENT_DUE: { label: 'Payment due', color: 'yellow' },
  NO_FEE: { label: 'No fee', color: 'gray' },
};

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
  const awaited = useAwaitedMemberPayment(household, members);

  const confirmRemove = async () => {
    if (!toRemove) return;
    try {
      await remove({ variables: { id: toRemove.id } });
      notifications.show({
        color: 'green',
        title: ClientMessages.successTitle,
        message: ClientMessages.memberRemoved(toRemove.fullName),
      });
    } catch {
      notifications.show({
        color: 'red',
        title: ClientMessages.errorTitle,
        message: ClientMessages.memberRemoveFailed,
      });
    }
    setToRemove(null);
  };

  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="household">
      <Stack gap="lg">
        <Title order={2} size="h3" id="household">
          {RegistrationWizardMessages.stepHousehold}
        </Title>
        {household.loading && !household.data ? (
          <Text c="gray.7" role="status">
            {RegistrationWizardMessages.loadingHousehold}
          </Text>
        ) : household.error && !household.data ? (
          <Group gap="sm">
            <Text c="gray.7">We could not load your household members just now.</Text>
            <Button variant="light" size="xs" onClick={() => void household.refetch()}>
              {ActionMessages.tryAgain}
            </Button>
          </Group>
        ) : members.length === 0 ? (
          <Text c="gray.7">No household members have been added.</Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {members.map((member) => (
              <Card key={member.id} component="li" withBorder radius="md" padding="md">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Stack gap={2}>
                    <Text fw={600}>{member.fullName}</Text>
                    <Text size="sm" c="gray.7">
                      {relationshipLabel(member.relationship)} · born{' '}
                      {formatCalendarDate(member.dateOfBirth)}
                      {member.isWorkingFullTime ? ' · works full time' : ''}
                    </Text>
                  </Stack>
                  <Group gap="sm">
                    <Badge variant="light" color={FEE_BADGE[member.feeStatus].color}>
                      {FEE_BADGE[member.feeStatus].label}
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
                        Pay {formatCents(member.fee)}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setToRemove(member)}
                      aria-label={`Remove ${member.fullName}`}
                    >
                      Remove
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
              <Text>{HouseholdMessages.registrationRequired}</Text>
              <Button component={Link} to="/register?step=registration-payment" size="xs">
                Continue registration
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>

      <Modal
        opened={!!toRemove}
        onClose={() => setToRemove(null)}
        title="Remove household member?"
        centered
        radius="lg"
      >
        <Stack gap="md">
          <Text>
            {toRemove?.fullName} will no longer be covered by your membership. Fees already paid are
            not refunded automatically; please contact us about a refund.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToRemove(null)}>
              Keep
            </Button>
            <Button color="red" loading={removing.loading} onClick={() => void confirmRemove()}>
              Remove
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
      title: 'Payment Received',
      message: `${awaited.fullName} is now covered by your membership.`,
    });
  }, [paid, awaited]);

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
        title: ClientMessages.successTitle,
        message: ClientMessages.memberAdded,
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
        title: ClientMessages.errorTitle,
        message:
          apiError.code === ErrorCode.BadUserInput || apiError.code === ErrorCode.Forbidden
            ? apiError.message
            : ClientMessages.memberAddFailed,
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
          Add a household member
        </Title>
        <HouseholdMemberFields
          member={form}
          onChange={update}
          error={(field) => errors[field]}
          context="profile"
        />
        <Checkbox
          label="I certify that this person lives at the same address as me"
          checked={sameAddress}
          onChange={(e) => {
            setSameAddress(e.currentTarget.checked);
            setErrors({});
          }}
          error={errors['sameAddressCertified']}
        />
        <Group>
          <Button type="submit" loading={loading} ref={submitRef}>
            {RegistrationWizardMessages.addHouseholdMember}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
