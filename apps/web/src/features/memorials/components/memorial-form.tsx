import { Alert, Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  MAX_BIOGRAPHY_LENGTH,
  MAX_MEMORIAL_LOCATION_LENGTH,
  MAX_MEMORIAL_NAME_LENGTH,
  memorialSchema,
  ClientMessages,
  RegistrationMessages,
  MemorialPageMessages,
} from '@jibs/domain';
import { useState } from 'react';
import { toApiError, useMessages, validateWith } from '@jibs/web-data';
import type { MemorialInput, MemorialPrivacy } from '../../../gql/graphql';
import {
  EMPTY_MEMORIAL,
  memorialFailureMessage,
  toMemorialInput,
  type MemorialFormValues,
} from '../utils/memorial-format';
import { memorialPrivacyOptions } from '../utils/memorial-privacy';
import { localToday } from '../../../shared/utils/browser-value';

export { EMPTY_MEMORIAL, type MemorialFormValues } from '../utils/memorial-format';

const FIELDS = Object.keys(EMPTY_MEMORIAL) as (keyof MemorialFormValues)[];

/**
 * Create or edit a memorial (spec 5: full name required, the rest optional). Checked with the
 * shared schema first; the server's field errors are shown under their fields.
 */
export function MemorialForm({
  initialValues,
  submitLabel,
  failureFallback,
  onSubmit,
  onCancel,
  biographyRows,
}: {
  initialValues: MemorialFormValues;
  submitLabel: string;
  failureFallback: string;
  onSubmit: (input: MemorialInput) => Promise<void>;
  onCancel: () => void;
  biographyRows: number;
}) {
  const {
    MemorialPageMessages: text,
    ClientMessages: client,
    RegistrationMessages: registration,
  } = useMessages({ MemorialPageMessages, ClientMessages, RegistrationMessages });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<MemorialFormValues>({
    initialValues,
    validate: (values) =>
      validateWith(memorialSchema(localToday()))({
        ...values,
        privacyLevel: values.privacyLevel.toLowerCase(),
      }),
  });

  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = FIELDS.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setSaving(true);
    try {
      await onSubmit(toMemorialInput(values));
    } catch (error) {
      const apiError = toApiError(error);
      const fieldErrors = Object.fromEntries(
        Object.entries(apiError.fieldErrors).filter(([key]) =>
          FIELDS.includes(key as keyof MemorialFormValues),
        ),
      );
      if (Object.keys(fieldErrors).length > 0) {
        form.setErrors(fieldErrors);
        focusFirstError(fieldErrors);
      } else {
        setFailure(memorialFailureMessage(apiError, failureFallback));
      }
    } finally {
      setSaving(false);
    }
  }, focusFirstError);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert" title={client.errorTitle}>
            {failure}
          </Alert>
        )}
        <TextInput
          label={text.fullName}
          required
          maxLength={MAX_MEMORIAL_NAME_LENGTH}
          {...form.getInputProps('fullName')}
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={registration.dateOfBirth}
            type="date"
            {...form.getInputProps('birthDate')}
          />
          <TextInput label={text.dateOfDeath} type="date" {...form.getInputProps('deathDate')} />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={text.placeOfBirth}
            maxLength={MAX_MEMORIAL_LOCATION_LENGTH}
            {...form.getInputProps('birthLocation')}
          />
          <TextInput
            label={text.placeOfDeath}
            maxLength={MAX_MEMORIAL_LOCATION_LENGTH}
            {...form.getInputProps('deathLocation')}
          />
        </Group>
        <Textarea
          label={text.biography}
          minRows={biographyRows}
          autosize
          maxRows={16}
          maxLength={MAX_BIOGRAPHY_LENGTH}
          {...form.getInputProps('biography')}
        />
        <Select
          label={text.privacy}
          description={text.privacyHint}
          data={memorialPrivacyOptions(text)}
          allowDeselect={false}
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          {...form.getInputProps('privacyLevel')}
          onChange={(value) =>
            value && form.setFieldValue('privacyLevel', value as MemorialPrivacy)
          }
        />
        <Group gap="sm">
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {text.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
