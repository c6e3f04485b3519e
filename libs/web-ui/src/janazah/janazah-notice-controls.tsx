import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  formatMomentBothCalendars,
  janazahCancelReasonSchema,
  JANAZAH_LIMITS,
  type FieldErrors,
} from '@jibs/domain';
import {
  JanazahNoticeForm,
  type JanazahNoticeFormInitial,
  type JanazahNoticeFormInput,
} from './janazah-notice-form';

/** The notice as the controls show it (either client's generated fragment fits). */
export interface JanazahNoticeSummary extends JanazahNoticeFormInitial {
  id: string;
  prayerAt: string;
  timeZone: string;
  masjidName: string;
  status: string;
  attendeeCount: number;
}

type Answer = Promise<FieldErrors | null>;

/**
 * A report's janazah notice for whoever may manage it (an admin, or the family when allowed):
 * publish one, or see the active one and edit or cancel it before its prayer. The caller runs the
 * mutations; each answers the server's field messages (or null when it went through).
 */
export function JanazahNoticeControls({
  deceasedName,
  notice,
  mayManage,
  onPublish,
  onUpdate,
  onCancel,
}: {
  deceasedName: string;
  notice: JanazahNoticeSummary | null | undefined;
  mayManage: boolean;
  onPublish: (input: JanazahNoticeFormInput) => Answer;
  onUpdate: (id: string, input: JanazahNoticeFormInput) => Answer;
  onCancel: (id: string, reason: string) => Answer;
}) {
  const [mode, setMode] = useState<'idle' | 'form' | 'cancel'>('idle');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [now] = useState(() => Date.now());
  const open = notice && notice.status === 'active' && Date.parse(notice.prayerAt) > now;
  const close = () => setMode('idle');
  const done = async (answer: Answer) => {
    const errors = await answer;
    if (!errors) close();
    return errors;
  };

  if (!notice && !mayManage) return null;
  return (
    <Stack gap="sm" p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Text fw={600}>Janazah notice</Text>
      {notice ? (
        <Text>
          {formatMomentBothCalendars(notice.prayerAt, notice.timeZone)} at {notice.masjidName}.{' '}
          {notice.attendeeCount === 1
            ? '1 member will attend.'
            : `${notice.attendeeCount} members will attend.`}
        </Text>
      ) : (
        <Text c="gray.7">No janazah notice has been published for this report.</Text>
      )}
      {mayManage && mode === 'idle' && (
        <Group gap="sm">
          {!notice && <Button onClick={() => setMode('form')}>Publish janazah notice</Button>}
          {open && (
            <>
              <Button variant="default" onClick={() => setMode('form')}>
                Edit notice
              </Button>
              <Button color="red.9" variant="outline" onClick={() => setMode('cancel')}>
                Cancel notice
              </Button>
            </>
          )}
        </Group>
      )}
      {mayManage && mode === 'form' && (
        <JanazahNoticeForm
          initial={notice ?? { deceasedName }}
          submitLabel={notice ? 'Save notice' : 'Publish notice'}
          onSubmit={(input) => done(notice ? onUpdate(notice.id, input) : onPublish(input))}
          onCancel={close}
        />
      )}
      {mayManage && mode === 'cancel' && notice && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = janazahCancelReasonSchema.safeParse(reason);
            if (!parsed.success) {
              setReasonError(parsed.error.issues[0]!.message);
              return;
            }
            setReasonError(undefined);
            void done(onCancel(notice.id, parsed.data)).then((errors) =>
              setReasonError(errors ? Object.values(errors)[0] : undefined),
            );
          }}
        >
          <Stack gap="sm">
            <Textarea
              label="Reason for cancelling"
              description="Everyone who was told of the notice is told of the cancellation."
              required
              value={reason}
              maxLength={JANAZAH_LIMITS.cancelReason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={reasonError}
            />
            <Group gap="sm">
              <Button type="submit" color="red.9">
                Cancel notice
              </Button>
              <Button variant="default" onClick={close}>
                Keep notice
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
