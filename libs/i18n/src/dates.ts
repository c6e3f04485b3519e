import { formatBothCalendars, formatCalendarDate, formatMoment } from '@jibs/domain';
import { intlLocaleOf, type Locale } from './locales';

export interface DateFormatOptions {
  locale: Locale;
  /** Show the Hijri (Umm al-Qura) date beside the Gregorian one. */
  hijri?: boolean;
  /** The time of day too (a moment only), in `timeZone`. */
  time?: boolean;
  /** The zone a moment is shown in (IANA name); the reader's own when not given. */
  timeZone?: string;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(id, format);
  }
  return format;
}

/**
 * A date as the reader's language writes it, with the Hijri date beside the Gregorian one when
 * they chose it: "March 6, 2026 (Ramadan 17, 1447 AH)", "6 مارس 2026 (17 رمضان 1447 هـ)". A stored
 * calendar date (YYYY-MM-DD) is that day wherever the reader is; any other value is a moment,
 * shown as its day in `timeZone`. One helper for both clients and the mailer; '' without a date,
 * an unreadable value as it came.
 */
export function formatDate(
  value: string | Date | null | undefined,
  options: DateFormatOptions,
): string {
  if (value === null || value === undefined || value === '') return '';
  const calendarDate = typeof value === 'string' && CALENDAR_DATE.test(value);
  if (options.locale === 'en' && !options.time && !options.timeZone && typeof value === 'string') {
    // English reads exactly as the product always has (libs/domain's formatters).
    if (calendarDate) return options.hijri ? formatBothCalendars(value) : formatCalendarDate(value);
    if (!options.hijri) return formatMoment(value);
  }
  const date = calendarDate ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  const timeZone = calendarDate ? 'UTC' : options.timeZone;
  const locale = intlLocaleOf(options.locale);
  const day: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  };
  const gregorian = dateFormat(locale, day).format(date);
  const hijri = options.hijri
    ? dateFormat(`${locale.split('-u-')[0]}-u-ca-islamic-umalqura-nu-latn`, day).format(date)
    : '';
  const both = hijri ? `${gregorian} (${hijri})` : gregorian;
  if (!options.time || calendarDate) return both;
  // Urdu's data writes the half-day in Latin letters ('PM'): Urdu reads a 24-hour clock, as the
  // janazah notice's time does.
  const time = dateFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    ...(options.locale === 'ur' ? { hourCycle: 'h23' as const } : {}),
  }).format(date);
  return `${both}${options.locale === 'en' ? ',' : '،'} ${time}`;
}
