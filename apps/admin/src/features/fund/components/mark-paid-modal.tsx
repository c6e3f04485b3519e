import { useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AdminOpsMessages, ErrorCode, localCalendarDate, type FieldErrors } from '@jibs/domain';
import { actionErrorMessage, toApiError, useMessages } from '@jibs/web-data';
import { useState, type FormEvent } from 'react';
import { MarkPayoutPaidDocument } from '../../../gql/graphql';
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';

/** Mark a payout paid: the day the money left and the check number or transfer reference. */
export function MarkPaidModal({
  payout,
  onClose,
  onPaid,
}: {
  payout: { id: string; amount: number; payeeName: string } | null;
  onClose: () => void;
  onPaid: () => Promise<unknown>;
}) {
  const { AdminOpsMessages: ops } = useMessages({ AdminOpsMessages });
  return (
    <Modal opened={payout !== null} onClose={onClose} title={ops.markPayoutPaid} centered>
      {payout && <MarkPaidForm payout={payout} onClose={onClose} onPaid={onPaid} />}
    </Modal>
  );
}

function MarkPaidForm({
  payout,
  onClose,
  onPaid,
}: {
  payout: { id: string; amount: number; payeeName: string };
  onClose: () => void;
  onPaid: () => Promise<unknown>;
}) {
  const [paidOn, setPaidOn] = useState(() => localCalendarDate(new Date()));
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [markPaid] = useMutation(MarkPayoutPaidDocument);
  const { AdminOpsMessages: ops } = useMessages({ AdminOpsMessages });
  const formatCents = useReaderFormat().money;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({});
    setFormError(null);
    try {
      await markPaid({ variables: { input: { payoutId: payout.id, paidOn, reference } } });
      notifications.show({
        color: 'green',
        title: ops.payoutPaid,
        message: ops.payoutPaidText(formatCents(payout.amount), payout.payeeName),
      });
      await onPaid();
      onClose();
    } catch (error) {
      const api = toApiError(error);
      if (api.code === ErrorCode.BadUserInput) setErrors(api.fieldErrors);
      setFormError(actionErrorMessage(api));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{ops.amountTo(formatCents(payout.amount), payout.payeeName)}</Text>
        {formError && (
          <Alert color="red" variant="light" title={ops.notMarkedPaid} role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label={ops.paidOn}
          type="date"
          value={paidOn}
          onChange={(event) => setPaidOn(event.currentTarget.value)}
          error={errors['paidOn']}
          required
        />
        <TextInput
          label={ops.paidReference}
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          error={errors['reference']}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {ops.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {ops.markPaid}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
