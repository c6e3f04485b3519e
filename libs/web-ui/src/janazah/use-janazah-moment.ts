import { formatMomentBothCalendars } from '@jibs/domain';
import { formatDate, intlLocaleOf } from '@jibs/i18n';
import { useLanguage } from '@jibs/web-data';

/**
 * A prayer's moment as a notice words it: the weekday, both calendars and the time on the
 * masjid's clock (its time zone). English reads exactly as before (with the zone's short name);
 * Arabic and Urdu in their own words, the Hijri date always beside the Gregorian one.
 */
export function useJanazahMoment(): (prayerAt: string, timeZone: string) => string {
  const { locale } = useLanguage();
  return (prayerAt, timeZone) => {
    if (locale === 'en') return formatMomentBothCalendars(prayerAt, timeZone);
    const date = new Date(prayerAt);
    if (Number.isNaN(date.getTime())) return '';
    const intlLocale = intlLocaleOf(locale);
    const weekday = new Intl.DateTimeFormat(intlLocale, { weekday: 'long', timeZone }).format(date);
    // Urdu's Intl writes the day's half as Latin 'AM'/'PM': a 24-hour clock reads plainly.
    const time = new Intl.DateTimeFormat(intlLocale, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      ...(locale === 'ur' ? { hourCycle: 'h23' as const } : {}),
    }).format(date);
    return `${weekday}، ${formatDate(date, { locale, hijri: true, timeZone })}، ${time}`;
  };
}
