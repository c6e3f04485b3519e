import {
  formatCalendarDate,
  formatHijriDate,
  NotificationType,
  type NotificationKind,
} from '@jibs/domain';
import type { EventData } from '@jibs/events';
import type { NotificationText } from '../billing/billing-messages';
import type { MailText } from '../reviews/review-messages';

/** The preference kind anniversary reminders belong to (libs/domain notification-preferences). */
export const REMINDER_KIND: NotificationKind = 'reminders';

/** The bell's reminder: the anniversary in its own calendar, with the Gregorian date it falls on. */
export function anniversaryReminderText(
  data: EventData<'memorial.anniversary_due'>,
): NotificationText {
  const gregorian = formatCalendarDate(data.anniversaryDate);
  const when =
    data.calendar === 'hijri'
      ? `${formatHijriDate(data.anniversaryDate)} (${gregorian})`
      : gregorian;
  const which = data.calendar === 'hijri' ? 'Hijri' : 'Gregorian';
  return {
    title: 'Anniversary Reminder',
    message: `The ${which} anniversary of the passing of ${data.memorialName} is on ${when}. May Allah have mercy on them.`,
    type: NotificationType.INFO,
  };
}

/** The email that goes with it. */
export function anniversaryReminderEmail(
  notification: NotificationText,
  firstName: string,
  organisation: string,
): MailText {
  return {
    subject: `${organisation}: ${notification.title}`,
    text: `Assalamu alaikum ${firstName},\n\n${notification.message}\n\nYou turned this reminder on for the memorial in ${organisation}; you can turn it off on the memorial's page.\n\n${organisation}`,
  };
}
