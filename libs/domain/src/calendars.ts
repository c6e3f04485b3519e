import { lazily } from './lazily';
import { formatCalendarDate } from './format';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The Hijri calendar the community follows: Umm al-Qura, as Intl computes it. One helper for both
 * clients and the mailer, so a date reads the same on a memorial, a janazah notice and an email.
 */
const hijriCalendarDate = lazily(
  () =>
    new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }),
);

/** A stored date (YYYY-MM-DD) in the Hijri calendar: "Rabiʻ II 17, 1400 AH"; '' when unreadable. */
export function formatHijriDate(value: string | null | undefined): string {
  if (!value || !CALENDAR_DATE.test(value)) return '';
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return hijriCalendarDate().format(date);
}

/** "March 4, 1980 (Rabiʻ II 17, 1400 AH)", or '' without a date. */
export function formatBothCalendars(value: string | null | undefined): string {
  const gregorian = formatCalendarDate(value);
  if (!gregorian) return '';
  const hijri = formatHijriDate(value);
  return hijri ? `${gregorian} (${hijri})` : gregorian;
}

const hijriNumeric = lazily(
  () =>
    new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      timeZone: 'UTC',
    }),
);

/** A stored date (YYYY-MM-DD) as Umm al-Qura year, month (1-12) and day (1-30). */
export function hijriDateParts(value: string): { year: number; month: number; day: number } {
  const parts = hijriNumeric().formatToParts(new Date(`${value}T00:00:00Z`));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The calendar date (YYYY-MM-DD) of a moment as it is in a time zone (IANA name). */
export function calendarDateIn(moment: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(moment);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * A moment (a prayer time) in its own time zone, with both calendars:
 * "Friday, March 6, 2026 (Ramadan 17, 1447 AH), 1:30 PM EST".
 */
export function formatMomentBothCalendars(moment: Date | string, timeZone: string): string {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return '';
  const day = calendarDateIn(date, timeZone);
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(date);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
  return `${weekday}, ${formatBothCalendars(day)}, ${time}`;
}
