import {
  buildIcs,
  formatMomentBothCalendars,
  mapLink,
  NotificationType,
  type CalendarInvite,
} from '@jibs/domain';
import type { EventData } from '@jibs/events';
import type { NotificationText } from '../billing/billing-messages';

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

const when = (notice: JanazahNotice) => formatMomentBothCalendars(notice.prayerAt, notice.timeZone);
const place = (notice: Extract<JanazahNotice, { masjidName: string }>) =>
  `${notice.masjidName}, ${notice.masjidAddress}`;

/** The bell's notification. */
export function janazahNotificationText(notice: JanazahNotice): NotificationText {
  if (notice.change === 'cancelled') {
    return {
      title: `Janazah cancelled: ${notice.deceasedName}`,
      message: `The janazah prayer for ${notice.deceasedName} on ${when(notice)} is cancelled. ${notice.reason}`,
      type: NotificationType.WARNING,
    };
  }
  const note = notice.note?.trim() ? ` ${notice.note.trim()}` : '';
  return {
    title: `${notice.change === 'updated' ? 'Janazah changed' : 'Janazah'}: ${notice.deceasedName}`,
    message: `Janazah prayer for ${notice.deceasedName}: ${when(notice)} at ${place(notice)}. Burial: ${notice.burialPlace}.${note}`,
    type: NotificationType.INFO,
  };
}

/** The calendar entry: one per notice (uid), replaced by updates, removed by a cancellation. */
export function janazahInvite(notice: JanazahNotice): CalendarInvite {
  return {
    uid: `${notice.noticeId}@jibs`,
    start: new Date(notice.prayerAt),
    durationMinutes: PRAYER_MINUTES,
    summary: `Janazah prayer: ${notice.deceasedName}`,
    location: notice.change === 'cancelled' ? '' : place(notice),
    description:
      notice.change === 'cancelled'
        ? `Cancelled. ${notice.reason}`
        : `Burial: ${notice.burialPlace}${notice.note ? `\n${notice.note}` : ''}`,
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
  firstName: string,
  organisation: string,
  unsubscribeUrl: string,
): JanazahEmail {
  const { title, message } = janazahNotificationText(notice);
  const invite = janazahInvite(notice);
  const links =
    notice.change === 'cancelled'
      ? ''
      : `\n\nMap: ${mapLink(notice.masjidAddress)}\nAdd to your calendar: ${calendarLink(invite)} (or open the attached invite)`;
  return {
    subject: `${organisation}: ${title}`,
    text: `Assalamu alaikum ${firstName},\n\n${message}${links}\n\n${organisation}\n\nTo stop these emails: ${unsubscribeUrl}`,
    ics: buildIcs(invite),
  };
}

/** The text message: short, both calendars, the map link. */
export function janazahSms(notice: JanazahNotice, organisation: string): string {
  if (notice.change === 'cancelled') {
    return `${organisation}: the janazah for ${notice.deceasedName} on ${when(notice)} is cancelled.`;
  }
  return `${organisation}: Janazah for ${notice.deceasedName}, ${when(notice)}, ${notice.masjidName}. Map: ${mapLink(notice.masjidAddress)}`;
}
