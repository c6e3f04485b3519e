import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AnniversaryMessages,
  ClientMessages,
  MemorialMessages,
  MemorialPageMessages,
  type AnniversaryCalendar as Calendar,
} from '@jibs/domain';
import { useState } from 'react';
import { toApiError, useMessages } from '@jibs/web-data';
import { useMemorialDate } from '../utils/use-memorial-date';
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
  const {
    MemorialPageMessages: text,
    AnniversaryMessages: anniversary,
    MemorialMessages: memorialMessages,
    ClientMessages: client,
  } = useMessages({ MemorialPageMessages, AnniversaryMessages, MemorialMessages, ClientMessages });
  const formatDate = useMemorialDate();
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
        message: enabled ? anniversary.reminderOn : anniversary.reminderOff,
      });
    } catch (error) {
      setFailure(memorialFailureMessage(toApiError(error), memorialMessages.unexpected));
    }
  };

  if (reminders.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {text.remindersTitle}
        </Title>
        <Text c="gray.7" size="sm">
          {text.remindersText}
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert" title={client.errorTitle}>
            {failure}
          </Alert>
        )}
        {reminders.map((reminder) => {
          const calendar = CALENDAR[reminder.calendar];
          return (
            <Switch
              key={calendar}
              label={calendar === 'hijri' ? text.hijriAnniversary : text.gregorianAnniversary}
              description={text.next(formatDate(reminder.nextDate))}
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
