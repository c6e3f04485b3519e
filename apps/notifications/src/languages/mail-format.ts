import {
  calendarDateIn,
  formatHijriDate,
  formatMomentBothCalendars,
  formatUtcDate,
} from '@jibs/domain';
import { formatDate, intlLocaleOf, numberFormats } from '@jibs/i18n';
import type { MemberLanguage } from './member-languages';

/**
 * Money and dates as a member's messages word them: libs/i18n's `formatDate` (the one helper of
 * both clients and the mailer), English keeping the product's own formats; a date shows the
 * Hijri (Umm al-Qura) date beside the Gregorian one when the member chose it.
 */

export function moneyIn(lang: MemberLanguage, cents: number, currency = 'usd'): string {
  return numberFormats(lang.language).money(cents, currency);
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (YYYY-MM-DD), with the Hijri date beside when the member chose it. */
export function calendarDateFor(lang: MemberLanguage, day: string): string {
  return formatDate(day, { locale: lang.language, hijri: lang.showHijri });
}

/** A moment's UTC day (receipts, periods), with the Hijri date beside when chosen. */
export function utcDateFor(lang: MemberLanguage, value: Date | string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || (lang.language === 'en' && !lang.showHijri)) {
    return formatUtcDate(value);
  }
  return calendarDateFor(lang, date.toISOString().slice(0, 10));
}

/** Both calendars, whatever the member chose (a Gregorian anniversary shown with its Hijri day). */
export function bothCalendarsFor(lang: MemberLanguage, day: string): string {
  return formatDate(day, { locale: lang.language, hijri: true });
}

/** The Gregorian date alone. */
export function gregorianDateFor(lang: MemberLanguage, day: string): string {
  return formatDate(day, { locale: lang.language });
}

/** The Hijri date alone (a Hijri anniversary's own day); '' when unreadable. */
export function hijriDateFor(lang: MemberLanguage, day: string): string {
  if (lang.language === 'en') return formatHijriDate(day);
  if (!CALENDAR_DATE.test(day)) return '';
  return new Intl.DateTimeFormat(`${lang.language}-u-ca-islamic-umalqura-nu-latn`, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * A prayer's moment in its own time zone, both calendars always (a janazah notice):
 * "Friday, March 6, 2026 (Ramadan 17, 1447 AH), 1:30 PM EST" in English.
 */
export function momentFor(lang: MemberLanguage, moment: Date | string, timeZone: string): string {
  if (lang.language === 'en') return formatMomentBothCalendars(moment, timeZone);
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return '';
  const locale = intlLocaleOf(lang.language);
  const weekday = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long' }).format(date);
  const time = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
  return `${weekday}، ${bothCalendarsFor(lang, calendarDateIn(date, timeZone))}، ${time}`;
}
