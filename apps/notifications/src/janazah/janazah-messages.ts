import { buildIcs, mapLink, NotificationType, type CalendarInvite } from '@jibs/domain';
import type { EventData } from '@jibs/events';
import type { NotificationText } from '../billing/billing-messages';
import { momentFor } from '../languages/mail-format';
import type { MemberLanguage } from '../languages/member-languages';
import { mailText, messagesOf } from '../languages/message-text';

export const JANAZAH_TOPICS = [
  'janazah.published',
  'janazah.updated',
  'janazah.cancelled',
] as const;
export type JanazahChange = 'published' | 'updated' | 'cancelled';

/** One state of a notice as an event told it: what every message about it is made of. */
export type JanazahNotice =
  | ({ change: 'published' | 'updated'; sequence: number } & Omit<
      EventData<'janazah.updated'>,
      'sequence' | 'updatedBy'
    >)
  | ({ change: 'cancelled' } & Omit<EventData<'janazah.cancelled'>, 'cancelledBy'>);

/** The prayer's length in calendars: the prayer and the walk to the burial. */
const PRAYER_MINUTES = 60;

export function noticeOf(
  type: (typeof JANAZAH_TOPICS)[number],
  data: EventData<(typeof JANAZAH_TOPICS)[number]>,
): JanazahNotice {
  if (type === 'janazah.cancelled') {
    const { cancelledBy: _by, ...rest } = data as EventData<'janazah.cancelled'>;
    return { change: 'cancelled', ...rest };
  }
  if (type === 'janazah.updated') {
    const { updatedBy: _by, ...rest } = data as EventData<'janazah.updated'>;
    return { change: 'updated', ...rest };
  }
  const { publishedBy: _by, ...rest } = data as EventData<'janazah.published'>;
  // The first version of the notice: updates raise it from here.
  return { change: 'published', sequence: 0, ...rest };
}

/** libs/i18n's `JanazahNotifications` catalogue. */
const say = messagesOf('JanazahNotifications');

const when = (notice: JanazahNotice, lang: MemberLanguage) =>
  momentFor(lang, notice.prayerAt, notice.timeZone);
const place = (notice: Extract<JanazahNotice, { masjidName: string }>) =>
  `${notice.masjidName}, ${notice.masjidAddress}`;

/** The bell's notification. */
export function janazahNotificationText(
  notice: JanazahNotice,
  lang: MemberLanguage,
): NotificationText {
  const { deceasedName } = notice;
  if (notice.change === 'cancelled') {
    return {
      title: say(lang, 'cancelledTitle', { deceasedName }),
      message: say(lang, 'cancelled', {
        deceasedName,
        when: when(notice, lang),
        reason: notice.reason,
      }),
      type: NotificationType.WARNING,
    };
  }
  const note = notice.note?.trim() ? ` ${notice.note.trim()}` : '';
  return {
    title: say(lang, notice.change === 'updated' ? 'changedTitle' : 'publishedTitle', {
      deceasedName,
    }),
    message: `${say(lang, 'notice', {
      deceasedName,
      when: when(notice, lang),
      place: place(notice),
      burialPlace: notice.burialPlace,
    })}${note}`,
    type: NotificationType.INFO,
  };
}

/** The calendar entry: one per notice (uid), replaced by updates, removed by a cancellation. */
export function janazahInvite(notice: JanazahNotice, lang: MemberLanguage): CalendarInvite {
  return {
    uid: `${notice.noticeId}@jibs`,
    start: new Date(notice.prayerAt),
    durationMinutes: PRAYER_MINUTES,
    summary: say(lang, 'inviteSummary', { deceasedName: notice.deceasedName }),
    location: notice.change === 'cancelled' ? '' : place(notice),
    description:
      notice.change === 'cancelled'
        ? say(lang, 'inviteCancelled', { reason: notice.reason })
        : `${say(lang, 'inviteBurial', { burialPlace: notice.burialPlace })}${notice.note ? `\n${notice.note}` : ''}`,
    sequence: notice.sequence,
    cancelled: notice.change === 'cancelled',
  };
}

/** An "add to calendar" link (Google Calendar's template URL: a link, no script). */
export function calendarLink(invite: CalendarInvite): string {
  const stamp = (moment: Date) => moment.toISOString().replace(/[-:]|\.\d{3}/g, '');
  const end = new Date(invite.start.getTime() + invite.durationMinutes * 60_000);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: invite.summary,
    dates: `${stamp(invite.start)}/${stamp(end)}`,
    details: invite.description,
    location: invite.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export interface JanazahEmail {
  subject: string;
  text: string;
  ics: string;
}

/** The email: the notice, both calendars, map and calendar links, the .ics attached. */
export function janazahEmail(
  notice: JanazahNotice,
  firstName: string | null,
  organisation: string,
  unsubscribeUrl: string,
  lang: MemberLanguage,
): JanazahEmail {
  const { title, message } = janazahNotificationText(notice, lang);
  const invite = janazahInvite(notice, lang);
  const links =
    notice.change === 'cancelled'
      ? ''
      : `\n\n${say(lang, 'mapLine', { url: mapLink(notice.masjidAddress) })}\n${say(lang, 'calendarLine', { url: calendarLink(invite) })}`;
  const greeting = mailText(lang, 'greeting', { firstName: firstName ?? mailText(lang, 'friend') });
  return {
    subject: mailText(lang, 'subject', { organisation, title }),
    text: `${greeting}\n\n${message}${links}\n\n${organisation}\n\n${mailText(lang, 'unsubscribe', { url: unsubscribeUrl })}`,
    ics: buildIcs(invite),
  };
}

/** The text message: short, both calendars, the map link. */
export function janazahSms(
  notice: JanazahNotice,
  organisation: string,
  lang: MemberLanguage,
): string {
  const { deceasedName } = notice;
  if (notice.change === 'cancelled') {
    return say(lang, 'smsCancelled', { organisation, deceasedName, when: when(notice, lang) });
  }
  return say(lang, 'sms', {
    organisation,
    deceasedName,
    when: when(notice, lang),
    masjidName: notice.masjidName,
    mapUrl: mapLink(notice.masjidAddress),
  });
}
