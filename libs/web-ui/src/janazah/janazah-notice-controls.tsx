import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  janazahCancelReasonSchema,
  JANAZAH_LIMITS,
  JanazahPageMessages,
  type FieldErrors,
} from '@jibs/domain';
import { useMessages, useText } from '@jibs/web-data';
import { useJanazahMoment } from './use-janazah-moment';
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
  const { JanazahPageMessages: text } = useMessages({ JanazahPageMessages });
  const translate = useText();
  const moment = useJanazahMoment();
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
      <Text fw={600}>{text.janazahNotice}</Text>
      {notice ? (
        <Text>
          {text.noticeSummary(moment(notice.prayerAt, notice.timeZone), notice.masjidName)}{' '}
          {text.attendeesSentence(notice.attendeeCount)}
        </Text>
      ) : (
        <Text c="gray.7">{text.noNotice}</Text>
      )}
      {mayManage && mode === 'idle' && (
        <Group gap="sm">
          {!notice && <Button onClick={() => setMode('form')}>{text.publishNotice}</Button>}
          {open && (
            <>
              <Button variant="default" onClick={() => setMode('form')}>
                {text.editNotice}
              </Button>
              <Button color="red.9" variant="outline" onClick={() => setMode('cancel')}>
                {text.cancelNotice}
              </Button>
            </>
          )}
        </Group>
      )}
      {mayManage && mode === 'form' && (
        <JanazahNoticeForm
          initial={notice ?? { deceasedName }}
          submitLabel={notice ? text.saveNotice : text.publish}
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
              label={text.cancelReason}
              description={text.cancelReasonHelp}
              required
              value={reason}
              maxLength={JANAZAH_LIMITS.cancelReason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={reasonError && translate(reasonError)}
            />
            <Group gap="sm">
              <Button type="submit" color="red.9">
                {text.cancelNotice}
              </Button>
              <Button variant="default" onClick={close}>
                {text.keepNotice}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
