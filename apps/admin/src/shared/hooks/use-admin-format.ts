import { formatCents, formatDateTime } from '@jibs/domain';
import { formatDate, intlLocaleOf } from '@jibs/i18n';
import { useLanguage } from '@jibs/web-data';

const money = new Map<string, Intl.NumberFormat>();

/**
 * The console's moments (date and time) and amounts in the reader's language, the Hijri date
 * beside when they chose it. English reads exactly as it always has (libs/domain's formatters).
 */
export function useAdminFormat(): {
  dateTime: (value: string | null | undefined) => string;
  cents: (cents: number) => string;
} {
  const { locale, hijri } = useLanguage();
  if (locale === 'en' && !hijri) return { dateTime: formatDateTime, cents: formatCents };
  return {
    dateTime: (value) => formatDate(value, { locale, hijri, time: true }),
    cents: (cents) => {
      if (locale === 'en') return formatCents(cents);
      const tag = intlLocaleOf(locale);
      let format = money.get(tag);
      if (!format) {
        format = new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' });
        money.set(tag, format);
      }
      // '$' (Arabic's Intl writes 'US$'): the fund's dollars, with the language's separators.
      return format
        .formatToParts(Math.round(cents) / 100)
        .map((part) => (part.type === 'currency' ? '$' : part.value))
        .join('');
    },
  };
}
