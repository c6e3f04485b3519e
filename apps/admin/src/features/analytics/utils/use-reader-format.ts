import { formatCents, formatDateTime, formatMonth } from '@jibs/domain';
import { formatDate, intlLocaleOf } from '@jibs/i18n';
import { useLanguage } from '@jibs/web-data';
import { useMemo } from 'react';

export interface ReaderFormat {
  /** Cents as dollars: "$175.00" in English, Intl's way in Arabic or Urdu. */
  money(cents: number): string;
  /** A count: "1,234". */
  count(value: number): string;
  /** 'YYYY-MM' as the month's name: "Mar 2026". */
  month(month: string): string;
  /** A moment with its time of day (the Hijri date beside when chosen). */
  moment(value: string | null | undefined): string;
}

/**
 * Numbers, money, months and moments in the reader's language for the admin's figures. English
 * reads exactly as before (libs/domain's en-US formatters); other languages through Intl.
 */
export function useReaderFormat(): ReaderFormat {
  const { locale, hijri } = useLanguage();
  return useMemo(() => {
    if (locale === 'en' && !hijri) {
      return {
        money: formatCents,
        count: (value) => value.toLocaleString(),
        month: formatMonth,
        moment: formatDateTime,
      };
    }
    const intl = intlLocaleOf(locale);
    const usd = new Intl.NumberFormat(intl, { style: 'currency', currency: 'USD' });
    const counts = new Intl.NumberFormat(intl);
    const months = new Intl.DateTimeFormat(intl, {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return {
      // '$' where Arabic's data writes 'US$': the fund is only ever in dollars.
      money: (cents) =>
        usd
          .formatToParts(Math.round(cents) / 100)
          .map((part) => (part.type === 'currency' ? '$' : part.value))
          .join(''),
      count: (value) => counts.format(value),
      month: (month) => {
        const [year, monthNumber] = month.split('-').map(Number);
        if (!year || !monthNumber) return month;
        return months.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
      },
      moment: (value) => formatDate(value, { locale, hijri, time: true }),
    };
  }, [locale, hijri]);
}
