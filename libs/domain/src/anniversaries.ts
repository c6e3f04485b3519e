import { hijriDateParts } from './calendars';
import { MemorialPageMessages } from './memorial-page-messages';

/**
 * Yearly reminders of a death's anniversary (issue 24): in the Hijri calendar (Umm al-Qura),
 * the Gregorian one, or both, sent the day before.
 */
export const ANNIVERSARY_CALENDARS = ['hijri', 'gregorian'] as const;
export type AnniversaryCalendar = (typeof ANNIVERSARY_CALENDARS)[number];

export const ANNIVERSARY_CALENDAR_LABELS: Record<AnniversaryCalendar, string> = {
  hijri: MemorialPageMessages.hijriAnniversary,
  gregorian: MemorialPageMessages.gregorianAnniversary,
};

export const AnniversaryMessages = {
  noDeathDate: 'This memorial has no date of death, so it has no anniversary to remind you of.',
  unknownCalendar: `Unknown calendar: choose one of ${ANNIVERSARY_CALENDARS.join(', ')}.`,
  reminderOn: 'You will be reminded the day before the anniversary.',
  reminderOff: 'Anniversary reminder turned off.',
};

export interface Anniversary {
  calendar: AnniversaryCalendar;
  /** The Gregorian date it falls on (YYYY-MM-DD). */
  date: string;
  /** Its year in its own calendar (a Hijri year for a Hijri anniversary): one reminder each. */
  year: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * The first anniversary of `deathDate` on or after `from` (both YYYY-MM-DD). Gregorian: the
 * same day and month (29 February on 28 February in other years). Hijri: the first Gregorian
 * date whose Umm al-Qura day and month are the death's (the 30th on the 29th in a month of 29
 * days). A Hijri year being 11 days shorter, two Hijri anniversaries can fall in one Gregorian
 * year; each is its own (its Hijri year).
 */
export function nextAnniversary(
  deathDate: string,
  calendar: AnniversaryCalendar,
  from: string,
): Anniversary {
  return calendar === 'gregorian' ? nextGregorian(deathDate, from) : nextHijri(deathDate, from);
}

function nextGregorian(deathDate: string, from: string): Anniversary {
  const [deathYear, month, day] = deathDate.split('-').map(Number) as [number, number, number];
  for (let year = Math.max(Number(from.slice(0, 4)), deathYear + 1); ; year += 1) {
    const dayThatYear = month === 2 && day === 29 && !isLeapYear(year) ? 28 : day;
    const date = `${year}-${String(month).padStart(2, '0')}-${String(dayThatYear).padStart(2, '0')}`;
    if (date >= from) return { calendar: 'gregorian', date, year };
  }
}

function nextHijri(deathDate: string, from: string): Anniversary {
  const death = hijriDateParts(deathDate);
  // One Hijri year is 354 or 355 days: the anniversary is within 356 days of any date.
  let date = from;
  for (let step = 0; step <= 400; step += 1, date = addDays(date, 1)) {
    const today = hijriDateParts(date);
    if (today.year <= death.year || today.month !== death.month) continue;
    if (today.day === death.day) return { calendar: 'hijri', date, year: today.year };
    const lastOfShortMonth =
      death.day === 30 &&
      today.day === 29 &&
      hijriDateParts(addDays(date, 1)).month !== today.month;
    if (lastOfShortMonth) return { calendar: 'hijri', date, year: today.year };
  }
  throw new Error(`no Hijri anniversary of ${deathDate} after ${from}`);
}

/**
 * The anniversary a reminder is due for on `today` (YYYY-MM-DD, UTC): the one tomorrow (the day
 * before, as promised), or today's when yesterday's run was missed; otherwise null.
 */
export function dueAnniversary(
  deathDate: string,
  calendar: AnniversaryCalendar,
  today: string,
): Anniversary | null {
  const next = nextAnniversary(deathDate, calendar, today);
  return daysBetween(today, next.date) <= 1 ? next : null;
}
