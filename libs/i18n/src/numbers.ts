import { ENGLISH_NUMBERS, type NumberFormats } from './english-numbers';
import { directionOf, intlLocaleOf, type Locale } from './locales';

// English's formats live in english-numbers.ts, so that a page which only needs them (every
// English page's first load) does not carry the other languages' Intl formats below.
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

/** The Intl formats of Arabic or Urdu, built once per language. */
function intl(locale: Locale): NumberFormats {
  let formats = byLocale.get(locale);
  if (!formats) {
    formats = intlFormats(locale);
    byLocale.set(locale, formats);
  }
  return formats;
}

/** The formats of a language. */
export function numberFormats(locale: Locale): NumberFormats {
  return locale === 'en' ? ENGLISH_NUMBERS : intl(locale);
}
