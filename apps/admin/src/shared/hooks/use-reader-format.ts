import { formatDateTime } from '@jibs/domain';
import { formatDate, numberFormats, type NumberFormats } from '@jibs/i18n';
import { useLanguage } from '@jibs/web-data';
import { useMemo } from 'react';

export interface ReaderFormat {
  /** Cents as dollars: "$175.00" in English, Intl's way in Arabic or Urdu. */
  money: NumberFormats['cents'];
  /** A count: "1,234". */
  count: NumberFormats['count'];
  /** 'YYYY-MM' as the month's name: "Mar 2026". */
  month: NumberFormats['month'];
  /** A moment with its time of day (the Hijri date beside when chosen). */
  moment(value: string | null | undefined): string;
}

/**
 * The console's amounts, counts, months and moments in the reader's language: money, counts
 * and months from libs/i18n's `numberFormats` (the one formatter of both clients and the
 * mailer), moments from its `formatDate`. English reads exactly as before.
 */
export function useReaderFormat(): ReaderFormat {
  const { locale, hijri } = useLanguage();
  return useMemo(() => {
    const numbers = numberFormats(locale);
    return {
      money: numbers.cents,
      count: numbers.count,
      month: numbers.month,
      moment:
        locale === 'en' && !hijri
          ? formatDateTime
          : (value) => formatDate(value, { locale, hijri, time: true }),
    };
  }, [locale, hijri]);
}
