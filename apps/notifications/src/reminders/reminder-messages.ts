import { NotificationType, type NotificationKind } from '@jibs/domain';
import type { EventData } from '@jibs/events';
import type { NotificationText } from '../billing/billing-messages';
import { bothCalendarsFor, gregorianDateFor, hijriDateFor } from '../languages/mail-format';
import type { MemberLanguage } from '../languages/member-languages';
import { mailText, messagesOf } from '../languages/message-text';
import type { MailText } from '../reviews/review-messages';

/** The preference kind anniversary reminders belong to (libs/domain notification-preferences). */
export const REMINDER_KIND: NotificationKind = 'reminders';

/** libs/i18n's `ReminderNotifications` catalogue. */
const say = messagesOf('ReminderNotifications');

/**
 * The bell's reminder: the anniversary in its own calendar, with the Gregorian date it falls on
 * (a Gregorian anniversary shows the Hijri date beside when the member chose it).
 */
export function anniversaryReminderText(
  data: EventData<'memorial.anniversary_due'>,
  lang: MemberLanguage,
): NotificationText {
  const day = data.anniversaryDate;
  const gregorian = gregorianDateFor(lang, day);
  const hijri = hijriDateFor(lang, day);
  const when =
    data.calendar === 'hijri'
      ? hijri
        ? `${hijri} (${gregorian})`
        : gregorian
      : lang.showHijri
        ? bothCalendarsFor(lang, day)
        : gregorian;
  return {
    title: say(lang, 'title'),
    message: say(lang, data.calendar === 'hijri' ? 'hijri' : 'gregorian', {
      memorialName: data.memorialName,
      when,
    }),
    type: NotificationType.INFO,
  };
}

/** The email that goes with it. */
export function anniversaryReminderEmail(
  notification: NotificationText,
  firstName: string | null,
  organisation: string,
  lang: MemberLanguage,
): MailText {
  const name = firstName ?? mailText(lang, 'friend');
  return {
    subject: mailText(lang, 'subject', { organisation, title: notification.title }),
    text: `${mailText(lang, 'greeting', { firstName: name })}\n\n${notification.message}\n\n${say(lang, 'emailFooter', { organisation })}\n\n${organisation}`,
  };
}
