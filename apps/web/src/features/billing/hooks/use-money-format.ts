import { formatCents, formatCentsShort, formatPaymentAmount } from '@jibs/domain';
import { intlLocaleOf, type Locale } from '@jibs/i18n';
import { useLanguage } from '@jibs/web-data';
import { useMemo } from 'react';

export interface MoneyFormat {
  /** 17500 → "$175.00" (English), "‏175.00 US$" (Arabic). */
  cents: (cents: number) => string;
  /** Whole dollars without the cents, as prices are worded: 2500 → "$25". */
  short: (cents: number) => string;
  /** An amount with its currency: "$25.00 USD" in English. */
  withCurrency: (cents: number, currency: string) => string;
}

const ENGLISH: MoneyFormat = {
  cents: formatCents,
  short: formatCentsShort,
  withCurrency: formatPaymentAmount,
};

/** Money in the reader's language through Intl (Latin digits in all three); English as always. */
export function moneyFormat(locale: Locale): MoneyFormat {
  if (locale === 'en') return ENGLISH;
  const intlLocale = intlLocaleOf(locale);
  const format = (cents: number, currency = 'USD', whole = false) =>
    new Intl.NumberFormat(intlLocale, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(Math.round(cents) / 100);
  return {
    cents: (cents) => format(cents),
    short: (cents) => format(cents, 'USD', Math.round(cents) % 100 === 0),
    withCurrency: (cents, currency) => format(cents, currency),
  };
}

export function useMoneyFormat(): MoneyFormat {
  const { locale } = useLanguage();
  return useMemo(() => moneyFormat(locale), [locale]);
}
