import { z } from 'zod';
import { optionalText, requiredText } from './blank-text';

/** Who may read a janazah notice: signed-in members (the default) or everyone. */
export const JANAZAH_VISIBILITIES = ['members', 'public'] as const;
export type JanazahVisibility = (typeof JANAZAH_VISIBILITIES)[number];

export const JANAZAH_LIMITS = {
  deceasedName: 200,
  masjidName: 200,
  masjidAddress: 300,
  burialPlace: 300,
  familyContact: 200,
  note: 2000,
  cancelReason: 1000,
  timeZone: 64,
} as const;

/** How long the calendar invite blocks: the prayer itself and the walk to the burial. */
export const JANAZAH_INVITE_MINUTES = 60;

/** The most notices the landing page may ask for at once. */
export const MAX_NEXT_JANAZAH_NOTICES = 10;

/** How many days back /janazah keeps showing a notice after its prayer. */
export const JANAZAH_RECENT_DAYS = 14;

/** Every message a janazah notice's form or its operations can answer with. */
export const JanazahMessages = {
  deceasedNameRequired: "The deceased's name is required",
  deceasedNameTooLong: `The deceased's name can be at most ${JANAZAH_LIMITS.deceasedName} characters`,
  prayerAtRequired: 'The prayer date and time are required',
  prayerAtInvalid: 'Enter the prayer time as a date and time with its offset',
  prayerAtInPast: 'The prayer time must be in the future',
  timeZoneRequired: 'The time zone is required',
  timeZoneUnknown: 'Choose a known time zone (like America/Chicago)',
  masjidNameRequired: 'The masjid name is required',
  masjidNameTooLong: `The masjid name can be at most ${JANAZAH_LIMITS.masjidName} characters`,
  masjidAddressRequired: "The masjid's address is required",
  masjidAddressTooLong: `The masjid's address can be at most ${JANAZAH_LIMITS.masjidAddress} characters`,
  burialPlaceRequired: 'The burial place is required',
  burialPlaceTooLong: `The burial place can be at most ${JANAZAH_LIMITS.burialPlace} characters`,
  familyContactTooLong: `The family contact can be at most ${JANAZAH_LIMITS.familyContact} characters`,
  visibilityUnknown: "Visibility must be 'members' or 'public'",
  noteTooLong: `The note can be at most ${JANAZAH_LIMITS.note} characters`,
  cancelReasonRequired: 'Give a reason for cancelling the notice',
  cancelReasonTooLong: `The reason can be at most ${JANAZAH_LIMITS.cancelReason} characters`,
  reportNotApproved: 'A janazah notice can only be published for an approved report',
  alreadyPublished: 'This report already has an active janazah notice',
  membersMayNotPublish: 'Only an administrator may publish a janazah notice for this report',
  noticeNotFound: 'Janazah notice not found',
  limitOutOfRange: `Choose a limit from 1 to ${MAX_NEXT_JANAZAH_NOTICES}`,
  prayerTimePassed: 'The prayer time has passed; the notice can no longer be changed',
  noticeCancelled: 'This janazah notice was cancelled',
  published: 'Janazah notice published',
  updated: 'Janazah notice updated',
  cancelled: 'Janazah notice cancelled',
  attending: 'You said you will attend',
} as const;

/** The zone's canonical IANA name when Intl knows it, else null ("Mars/Base", "+05:00"). */
export function canonicalTimeZone(zone: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** An ISO 8601 moment with a date, a time and an offset (or Z): nothing left to guess. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Date fields as written name a real day and time (Date would roll Feb 31 into March). */
function isRealCalendarMoment(value: string): boolean {
  const [year, month, day, hour, minute] = value.split(/[-T:]/).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    date.getUTCMonth() === month! - 1 && date.getUTCDate() === day! && hour! < 24 && minute! < 60
  );
}

const requiredWithin = (required: string, max: number, tooLong: string) =>
  requiredText(required).max(max, tooLong);

/** The notice's form as publishing and editing check it; `now` decides what "past" means. */
export function janazahNoticeSchema(now: Date = new Date()) {
  return z.object({
    deceasedName: requiredWithin(
      JanazahMessages.deceasedNameRequired,
      JANAZAH_LIMITS.deceasedName,
      JanazahMessages.deceasedNameTooLong,
    ),
    prayerAt: z
      .string({ error: JanazahMessages.prayerAtRequired })
      .trim()
      .min(1, JanazahMessages.prayerAtRequired)
      .regex(ISO_MOMENT, JanazahMessages.prayerAtInvalid)
      .transform((value, context) => {
        const moment = new Date(value);
        if (Number.isNaN(moment.getTime()) || !isRealCalendarMoment(value)) {
          context.addIssue({ code: 'custom', message: JanazahMessages.prayerAtInvalid });
          return z.NEVER;
        }
        if (moment.getTime() <= now.getTime()) {
          context.addIssue({ code: 'custom', message: JanazahMessages.prayerAtInPast });
          return z.NEVER;
        }
        return moment;
      }),
    timeZone: z
      .string({ error: JanazahMessages.timeZoneRequired })
      .trim()
      .min(1, JanazahMessages.timeZoneRequired)
      .max(JANAZAH_LIMITS.timeZone, JanazahMessages.timeZoneUnknown)
      .transform((value, context) => {
        const zone = canonicalTimeZone(value);
        if (!zone) {
          context.addIssue({ code: 'custom', message: JanazahMessages.timeZoneUnknown });
          return z.NEVER;
        }
        return zone;
      }),
    masjidName: requiredWithin(
      JanazahMessages.masjidNameRequired,
      JANAZAH_LIMITS.masjidName,
      JanazahMessages.masjidNameTooLong,
    ),
    masjidAddress: requiredWithin(
      JanazahMessages.masjidAddressRequired,
      JANAZAH_LIMITS.masjidAddress,
      JanazahMessages.masjidAddressTooLong,
    ),
    burialPlace: requiredWithin(
      JanazahMessages.burialPlaceRequired,
      JANAZAH_LIMITS.burialPlace,
      JanazahMessages.burialPlaceTooLong,
    ),
    familyContact: optionalText(JANAZAH_LIMITS.familyContact, JanazahMessages.familyContactTooLong),
    visibility: z
      .enum(JANAZAH_VISIBILITIES, { error: JanazahMessages.visibilityUnknown })
      .nullish()
      .transform((value): JanazahVisibility => value ?? 'members'),
    note: optionalText(JANAZAH_LIMITS.note, JanazahMessages.noteTooLong),
  });
}

export type JanazahNoticeValues = z.output<ReturnType<typeof janazahNoticeSchema>>;

/** A cancellation's reason: required, cleaned, bounded. */
export const janazahCancelReasonSchema = requiredWithin(
  JanazahMessages.cancelReasonRequired,
  JANAZAH_LIMITS.cancelReason,
  JanazahMessages.cancelReasonTooLong,
);

/** The calendar entry's title, the same in the .ics download and the mailed invite. */
export function janazahInviteSummary(deceasedName: string): string {
  return `Janazah prayer for ${deceasedName}`;
}

/** The offset of `zone` from UTC at `moment`, in milliseconds (positive east of Greenwich). */
function zoneOffsetMs(moment: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(moment));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(moment / 1000) * 1000;
}

/**
 * A wall-clock date (YYYY-MM-DD) and time (HH:MM) in an IANA zone, as the ISO moment the form
 * sends; null when either is unreadable or the zone unknown. A time skipped by a clock change
 * reads as the moment after it.
 */
export function zonedMomentToIso(date: string, time: string, zone: string): string | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch || !canonicalTimeZone(zone)) return null;
  const wall = Date.UTC(
    Number(dateMatch[1]),
    Number(dateMatch[2]) - 1,
    Number(dateMatch[3]),
    Number(timeMatch[1]),
    Number(timeMatch[2]),
  );
  if (Number.isNaN(wall)) return null;
  let moment = wall - zoneOffsetMs(wall, zone);
  moment = wall - zoneOffsetMs(moment, zone);
  return new Date(moment).toISOString();
}

/** A moment's wall-clock date and time in a zone, to fill the form when editing. */
export function isoToZonedMoment(iso: string, zone: string): { date: string; time: string } {
  const moment = new Date(iso).getTime();
  const wall = new Date(moment + zoneOffsetMs(moment, zone)).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** What a notice's calendar entry says, for `buildIcs` (the page's download and the mailer alike). */
export function janazahCalendarInvite(notice: {
  id: string;
  deceasedName: string;
  prayerAt: string | Date;
  masjidName: string;
  masjidAddress: string;
  burialPlace: string;
  note?: string | null;
  sequence?: number;
  cancelled?: boolean;
}) {
  return {
    uid: `janazah-${notice.id}@jibs`,
    start: new Date(notice.prayerAt),
    durationMinutes: JANAZAH_INVITE_MINUTES,
    summary: janazahInviteSummary(notice.deceasedName),
    location: `${notice.masjidName}, ${notice.masjidAddress}`,
    description: [`Burial: ${notice.burialPlace}`, notice.note ?? ''].filter(Boolean).join('\n'),
    sequence: notice.sequence ?? 0,
    cancelled: notice.cancelled ?? false,
  };
}
