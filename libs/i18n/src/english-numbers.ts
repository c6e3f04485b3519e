import {
  formatCents,
  formatCentsShort,
  formatMoney,
  formatMonth,
  formatPaymentAmount,
} from '@jibs/domain';

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

/** English's formats: the product's own (libs/domain). */
export const ENGLISH_NUMBERS: NumberFormats = {
  cents: formatCents,
  short: formatCentsShort,
  withCurrency: formatPaymentAmount,
  money: formatMoney,
  count: (value) => value.toLocaleString('en-US'),
  month: formatMonth,
};
