import { useMutation } from '@apollo/client/react';
import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ErrorCode,
  type FieldErrors,
  FormMessages,
  AdminBillingMessages,
  RegistrationWizardMessages,
  MAX_OFFLINE_PAYMENT_NOTE_LENGTH,
  MAX_OFFLINE_PAYMENT_REFERENCE_LENGTH,
  OfflinePaymentMessages,
  CaseReportMessages,
} from '@jibs/domain';
import { actionErrorMessage, toApiError, translateText, useMessages } from '@jibs/web-data';
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';
import { useRef, useState, type FormEvent } from 'react';
import { RecordOfflinePaymentDocument } from '../../../gql/graphql';
import {
  FORM_FIELDS,
  initialValues,
  localToday,
  newRequestKey,
  validateOfflinePayment,
  type OfflinePaymentFormValues,
} from '../utils/offline-payment-form';

interface Props {
  opened: boolean;
  userId: string;
  /** The member's first day (YYYY-MM-DD): no payment before it. */
  memberSince: string;
  registrationFeePaid: boolean;
  onClose: () => void;
  onRecorded: () => Promise<void>;
}

/** Record offline payment: a cash or check payment an admin received, sent once per opening. */
export function RecordOfflinePaymentModal(props: Props) {
  const [saving, setSaving] = useState(false);
  const { AdminBillingMessages: m } = useMessages({ AdminBillingMessages });
  return (
    <Modal
      opened={props.opened}
      onClose={() => {
        if (!saving) props.onClose();
      }}
      title={m.recordOfflinePayment}
      size="lg"
      centered
    >
      {props.opened && <OfflinePaymentForm {...props} saving={saving} setSaving={setSaving} />}
    </Modal>
  );
}

function OfflinePaymentForm({
  userId,
  memberSince,
  registrationFeePaid,
  onClose,
  onRecorded,
  saving,
  setSaving,
}: Props & { saving: boolean; setSaving: (saving: boolean) => void }) {
  const today = localToday();
  const [values, setValues] = useState<OfflinePaymentFormValues>(() =>
    initialValues(registrationFeePaid, today),
  );
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // One key per opening of the form: a repeated or retried submit records one payment.
  const [requestKey] = useState(newRequestKey);
  const [record] = useMutation(RecordOfflinePaymentDocument);
  const form = useRef<HTMLFormElement>(null);
  const {
    AdminBillingMessages: m,
    FormMessages: formMessages,
    OfflinePaymentMessages: offline,
    RegistrationWizardMessages: wizard,
  } = useMessages({
    AdminBillingMessages,
    FormMessages,
    OfflinePaymentMessages,
    RegistrationWizardMessages,
  });
  const format = useReaderFormat();

  const set = (field: keyof OfflinePaymentFormValues, errorKey: string) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors(({ [errorKey]: _cleared, ...rest }) => rest);
  };

  const showErrors = (errors: FieldErrors) => {
    setFieldErrors(errors);
    setFormError(formMessages.correctErrors);
    const first = FORM_FIELDS.find((field) => errors[field]);
    requestAnimationFrame(() =>
      form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus(),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validateOfflinePayment(values, { today, memberSince, registrationFeePaid });
    if (!checked.ok) {
      showErrors(checked.fieldErrors);
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      await record({
        variables: { input: { userId, ...checked.fields, idempotencyKey: requestKey } },
      });
      notifications.show({
        color: 'green',
        title: offline.recordedTitle,
        message: offline.recordedMessage(format.money(checked.fields.amountCents)),
      });
      setSaving(false);
      await onRecorded();
    } catch (error) {
      setSaving(false);
      const api = toApiError(error);
      if (api.code === ErrorCode.BadUserInput && Object.keys(api.fieldErrors).length > 0) {
        showErrors(api.fieldErrors);
      } else {
        setFormError(actionErrorMessage(api));
      }
    }
  };

  const error = (field: string) =>
    fieldErrors[field] ? translateText(fieldErrors[field]) : undefined;

  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {m.offlineIntro}
        </Text>
        {formError && (
          <Alert color="red" variant="light" title={offline.recordFailedTitle} role="alert">
            {translateText(formError)}
          </Alert>
        )}
        <TextInput
          label={translateText(CaseReportMessages.amountUsd)}
          description={m.amountExample}
          leftSection="$"
          inputMode="decimal"
          autoComplete="off"
          required
          value={values.amount}
          onChange={(event) => set('amount', 'amountCents')(event.currentTarget.value)}
          error={error('amountCents')}
          disabled={saving}
          data-field="amountCents"
          data-autofocus
        />
        <Radio.Group
          label={m.method}
          required
          value={values.method}
          onChange={set('method', 'method')}
          error={error('method')}
        >
          <Group mt="xs">
            <Radio value="cash" label={m.cash} disabled={saving} data-field="method" />
            <Radio value="check" label={m.check} disabled={saving} />
          </Group>
        </Radio.Group>
        <Radio.Group
          label={m.purpose}
          required
          value={values.purpose}
          onChange={set('purpose', 'purpose')}
          error={error('purpose')}
        >
          <Group mt="xs">
            <Radio
              value="registration"
              label={wizard.registrationFee}
              disabled={saving}
              data-field="purpose"
            />
            <Radio value="dues" label={wizard.monthlyDues} disabled={saving} />
          </Group>
        </Radio.Group>
        <TextInput
          type="date"
          label={m.dateReceived}
          required
          min={memberSince}
          max={today}
          value={values.paidOn}
          onChange={(event) => set('paidOn', 'paidOn')(event.currentTarget.value)}
          error={error('paidOn')}
          disabled={saving}
          data-field="paidOn"
        />
        <TextInput
          label={m.reference}
          description={m.optional}
          maxLength={MAX_OFFLINE_PAYMENT_REFERENCE_LENGTH}
          value={values.reference}
          onChange={(event) => set('reference', 'reference')(event.currentTarget.value)}
          error={error('reference')}
          disabled={saving}
          data-field="reference"
        />
        <Textarea
          label={m.noteLabel}
          description={m.noteHint(MAX_OFFLINE_PAYMENT_NOTE_LENGTH)}
          autosize
          minRows={2}
          value={values.note}
          onChange={(event) => set('note', 'note')(event.currentTarget.value)}
          error={error('note')}
          disabled={saving}
          data-field="note"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {m.cancel}
          </Button>
          <Button type="submit" loading={false} disabled={saving}>
            {saving ? m.recording : m.recordPayment}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
