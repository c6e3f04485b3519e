import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ANNIVERSARY_CALENDAR_LABELS,
  AnniversaryMessages,
  ClientMessages,
  formatBothCalendars,
  MemorialMessages,
  type AnniversaryCalendar as Calendar,
} from '@jibs/domain';
import { useState } from 'react';
import { toApiError } from '@jibs/web-data';
import { memorialFailureMessage } from '../utils/memorial-format';
import {
  MyAnniversaryRemindersDocument,
  SetAnniversaryReminderDocument,
  type AnniversaryCalendar,
} from '../../../gql/graphql';

const CALENDAR: Record<AnniversaryCalendar, Calendar> = {
  HIJRI: 'hijri',
  GREGORIAN: 'gregorian',
};

/**
 * The caller's yearly reminders of the anniversary, one switch per calendar, each with the date
 * it next falls on. Shown to the creator and connected family of a memorial with a date of death.
 */
export function AnniversaryReminders({ memorialId }: { memorialId: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const { data } = useQuery(MyAnniversaryRemindersDocument, { variables: { memorialId } });
  const [setReminder, { loading }] = useMutation(SetAnniversaryReminderDocument);
  const reminders = data?.myAnniversaryReminders.reminders ?? [];

  const toggle = async (calendar: Calendar, enabled: boolean) => {
    setFailure(null);
    try {
      await setReminder({ variables: { input: { memorialId, calendar, enabled } } });
      notifications.show({
        color: 'green',
        message: enabled ? AnniversaryMessages.reminderOn : AnniversaryMessages.reminderOff,
      });
    } catch (error) {
      setFailure(memorialFailureMessage(toApiError(error), MemorialMessages.unexpected));
    }
  };

  if (reminders.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Anniversary reminders
        </Title>
        <Text c="gray.7" size="sm">
          A reminder by notification and email the day before, every year.
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert" title={ClientMessages.errorTitle}>
            {failure}
          </Alert>
        )}
        {reminders.map((reminder) => {
          const calendar = CALENDAR[reminder.calendar];
          return (
            <Switch
              key={calendar}
              label={ANNIVERSARY_CALENDAR_LABELS[calendar]}
              description={`Next: ${formatBothCalendars(reminder.nextDate)}`}
              checked={reminder.enabled}
              disabled={loading}
              onChange={(event) => void toggle(calendar, event.currentTarget.checked)}
            />
          );
        })}
      </Stack>
    </Card>
  );
}
