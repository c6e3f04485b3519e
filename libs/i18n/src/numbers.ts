import {
  formatCents,
  formatCentsShort,
  formatMoney,
  formatMonth,
  formatPaymentAmount,
} from '@jibs/domain';
import { directionOf, intlLocaleOf, type Locale } from './locales';

/**
 * Money, counts and months in a reader's language: the one formatter of both clients and the
 * mailer. English keeps the product's own formats (libs/domain: "$175.00", "$25", "$25.00 USD");
 * Arabic and Urdu go through Intl with Latin digits, as CLDR writes them ("‏175.00 US$" in
 * Arabic, "$175.00" in Urdu): the library's convention, not a hand-made one; the currency set
 * apart as a left-to-right unit.
 */
export interface NumberFormats {
  /** Cents as dollars: 17500 → "$175.00". */
  cents(cents: number): string;
  /** Whole dollars without the cents, as prices are worded: 2500 → "$25"; else as `cents`. */
  short(cents: number): string;
  /** An amount with its currency, as payments record it: "$25.00 USD" in English. */
  withCurrency(cents: number, currency: string): string;
  /** An amount in its currency, as the emails word it: "$250.00" (USD) or "250.00 EUR". */
  money(cents: number, currency?: string): string;
  /** A count: "1,234". */
  count(value: number): string;
  /** A month ('YYYY-MM') by name: "Mar 2026"; as given when unreadable. */
  month(month: string): string;
}

const ENGLISH: NumberFormats = {
  cents: formatCents,
  short: formatCentsShort,
  withCurrency: formatPaymentAmount,
  money: formatMoney,
  count: (value) => value.toLocaleString('en-US'),
  month: formatMonth,
};

const byLocale = new Map<Locale, NumberFormats>();

/**
 * In a right-to-left language a currency written with Latin letters is set apart as a
 * left-to-right unit (Unicode isolates): otherwise "US$" after an Arabic amount is drawn "$US".
 */
const LRI = '\u2066';
const PDI = '\u2069';

function intlFormats(locale: Locale): NumberFormats {
  const tag = intlLocaleOf(locale);
  const rtl = directionOf(locale) === 'rtl';
  const currencies = new Map<string, Intl.NumberFormat>();
  const amount = (cents: number, currency = 'USD', whole = false): string => {
    const key = `${currency.toUpperCase()}:${whole}`;
    let format = currencies.get(key);
    if (!format) {
      format = new Intl.NumberFormat(tag, {
        style: 'currency',
        currency: currency.toUpperCase(),
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: whole ? 0 : 2,
      });
      currencies.set(key, format);
    }
    return format
      .formatToParts(Math.round(cents) / 100)
      .map((part) =>
        part.type === 'currency' && rtl && /[A-Za-z]/.test(part.value)
          ? `${LRI}${part.value}${PDI}`
          : part.value,
      )
      .join('');
  };
  const counts = new Intl.NumberFormat(tag);
  const months = new Intl.DateTimeFormat(tag, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return {
    cents: (cents) => amount(cents),
    short: (cents) => amount(cents, 'USD', Math.round(cents) % 100 === 0),
    withCurrency: (cents, currency) => amount(cents, currency),
    money: (cents, currency = 'usd') => amount(cents, currency),
    count: (value) => counts.format(value),
    month: (month) => {
      const [year, monthNumber] = month.split('-').map(Number);
      if (!year || !monthNumber) return month;
      return months.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
    },
  };
}

/** The formats of a language (built once per language). */
export function numberFormats(locale: Locale): NumberFormats {
  if (locale === 'en') return ENGLISH;
  let formats = byLocale.get(locale);
  if (!formats) {
    formats = intlFormats(locale);
    byLocale.set(locale, formats);
  }
  return formats;
}
