import { Button, Group, Radio, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useMessages, useText } from '@jibs/web-data';
import {
  fieldErrorsOf,
  isoToZonedMoment,
  JANAZAH_LIMITS,
  JanazahPageMessages,
  janazahNoticeSchema,
  zonedMomentToIso,
  type FieldErrors,
  type JanazahVisibility,
} from '@jibs/domain';

/** What the form sends: the server's `JanazahNoticeInput`. */
export interface JanazahNoticeFormInput {
  deceasedName: string;
  prayerAt: string;
  timeZone: string;
  masjidName: string;
  masjidAddress: string;
  burialPlace: string;
  familyContact: string | null;
  visibility: JanazahVisibility;
  note: string | null;
}

/** The form's starting values: a notice being edited, or the report's name for a new one. */
export interface JanazahNoticeFormInitial {
  deceasedName: string;
  prayerAt?: string;
  timeZone?: string;
  masjidName?: string;
  masjidAddress?: string;
  burialPlace?: string;
  familyContact?: string | null;
  visibility?: string;
  note?: string | null;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const knownZones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : [browserZone()];
};

/**
 * Publish or edit a janazah notice: the prayer's date and time as the masjid's clock shows them,
 * in its time zone. Checked with the server's own schema before sending; the server's field
 * messages (`onSubmit`'s answer) show under the fields too.
 */
export function JanazahNoticeForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: JanazahNoticeFormInitial;
  submitLabel: string;
  onSubmit: (input: JanazahNoticeFormInput) => Promise<FieldErrors | null>;
  onCancel?: () => void;
}) {
  const { JanazahPageMessages: text } = useMessages({ JanazahPageMessages });
  // The schema's and the server's messages are English; the reader sees their language.
  const translate = useText();
  const errorOf = (field: string) => errors[field] && translate(errors[field]);
  const startZone = initial.timeZone ?? browserZone();
  const startMoment = initial.prayerAt
    ? isoToZonedMoment(initial.prayerAt, startZone)
    : { date: '', time: '' };
  const [values, setValues] = useState({
    deceasedName: initial.deceasedName,
    date: startMoment.date,
    time: startMoment.time,
    timeZone: startZone,
    masjidName: initial.masjidName ?? '',
    masjidAddress: initial.masjidAddress ?? '',
    burialPlace: initial.burialPlace ?? '',
    familyContact: initial.familyContact ?? '',
    visibility: (initial.visibility === 'public' ? 'public' : 'members') as JanazahVisibility,
    note: initial.note ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const zones = useMemo(() => knownZones(), []);
  const change = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const prayerAt = zonedMomentToIso(values.date, values.time, values.timeZone) ?? '';
    const input: JanazahNoticeFormInput = {
      deceasedName: values.deceasedName,
      prayerAt,
      timeZone: values.timeZone,
      masjidName: values.masjidName,
      masjidAddress: values.masjidAddress,
      burialPlace: values.burialPlace,
      familyContact: values.familyContact || null,
      visibility: values.visibility,
      note: values.note || null,
    };
    const parsed = janazahNoticeSchema().safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      setErrors((await onSubmit(input)) ?? {});
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={text.deceasedName}
          required
          value={values.deceasedName}
          maxLength={JANAZAH_LIMITS.deceasedName}
          onChange={(event) => change('deceasedName', event.currentTarget.value)}
          error={errorOf('deceasedName')}
        />
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={text.prayerDate}
            required
            value={values.date}
            onChange={(event) => change('date', event.currentTarget.value)}
            error={errorOf('prayerAt')}
          />
          <TextInput
            type="time"
            label={text.prayerTime}
            required
            value={values.time}
            onChange={(event) => change('time', event.currentTarget.value)}
          />
        </Group>
        <Select
          label={text.timeZone}
          required
          searchable
          data={zones}
          value={values.timeZone}
          onChange={(zone) => change('timeZone', zone ?? '')}
          error={errorOf('timeZone')}
        />
        <TextInput
          label={text.masjidName}
          required
          value={values.masjidName}
          maxLength={JANAZAH_LIMITS.masjidName}
          onChange={(event) => change('masjidName', event.currentTarget.value)}
          error={errorOf('masjidName')}
        />
        <TextInput
          label={text.masjidAddress}
          required
          value={values.masjidAddress}
          maxLength={JANAZAH_LIMITS.masjidAddress}
          onChange={(event) => change('masjidAddress', event.currentTarget.value)}
          error={errorOf('masjidAddress')}
        />
        <TextInput
          label={text.burialPlace}
          required
          value={values.burialPlace}
          maxLength={JANAZAH_LIMITS.burialPlace}
          onChange={(event) => change('burialPlace', event.currentTarget.value)}
          error={errorOf('burialPlace')}
        />
        <TextInput
          label={text.familyContact}
          description={text.familyContactHelp}
          value={values.familyContact}
          maxLength={JANAZAH_LIMITS.familyContact}
          onChange={(event) => change('familyContact', event.currentTarget.value)}
          error={errorOf('familyContact')}
        />
        <Radio.Group
          label={text.whoMaySee}
          value={values.visibility}
          onChange={(value) => change('visibility', value as JanazahVisibility)}
          error={errorOf('visibility')}
        >
          <Group gap="md" mt={4}>
            <Radio value="members" label={text.membersOnly} />
            <Radio value="public" label={text.everyone} />
          </Group>
        </Radio.Group>
        <Textarea
          label={text.note}
          description={text.optional}
          value={values.note}
          maxLength={JANAZAH_LIMITS.note}
          autosize
          minRows={2}
          onChange={(event) => change('note', event.currentTarget.value)}
          error={errorOf('note')}
        />
        <Group gap="sm">
          <Button type="submit" loading={sending}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={sending}>
              {text.close}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
