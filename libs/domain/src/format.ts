import { lazily } from './lazily';

/**
 * Money and dates as the product shows them: one home for the member site, the admin console
 * and the emails (pure Intl, en-US, no state).
 */

const usd = lazily(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

const usdWhole = lazily(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);

const twoDecimals = lazily(
  () =>
    new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

/** An amount stored in cents, shown in dollars with two decimals: 17500 → "$175.00". */
export function formatCents(cents: number): string {
  return usd().format(Math.round(cents) / 100);
}

/** Whole dollars without the cents, as the spec words prices: 2500 → "$25"; else as formatCents. */
export function formatCentsShort(cents: number): string {
  const rounded = Math.round(cents);
  return rounded % 100 === 0 ? usdWhole().format(rounded / 100) : formatCents(rounded);
}

/** Monthly dues as the buttons word them: 2500 → "$25/month". */
export function formatMonthly(cents: number): string {
  return `${formatCentsShort(cents)}/month`;
}

/**
 * Cents in a currency, as the emails word them: "$250.00" for USD (thousands separated),
 * otherwise "250.00 EUR".
 */
export function formatMoney(cents: number, currency = 'usd'): string {
  const amount = twoDecimals().format(cents / 100);
  return currency.toLowerCase() === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

/** An amount in cents with its currency upper-cased: 2500, 'usd' → "$25.00 USD". */
export function formatPaymentAmount(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  return code === 'USD' ? `${formatCents(cents)} USD` : `${(cents / 100).toFixed(2)} ${code}`;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const utcLongDate = lazily(
  () =>
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }),
);

const utcShortDate = lazily(
  () =>
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
);

const localLongDate = lazily(
  () =>
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }),
);

const localDateTime = lazily(
  () =>
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

const utcMonth = lazily(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/**
 * A calendar date as stored (YYYY-MM-DD), in words: "March 4, 1980". Read as UTC so no time
 * zone moves it to the day before. Anything unreadable is shown as it is.
 */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return '';
  if (!CALENDAR_DATE.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : utcLongDate().format(date);
}

/** A YYYY-MM-DD calendar date as written, short (no time zone shift): "Mar 5, 2026". */
export function formatShortCalendarDate(value: string): string {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return value;
  return utcShortDate().format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))),
  );
}

/** A moment as its day in UTC, in words (billing periods): "December 31, 2026". */
export function formatUtcDate(value: Date | string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : utcLongDate().format(date);
}

/** A moment (ISO date-time) as the reader's local day in words: "March 4, 2026". */
export function formatMoment(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : localLongDate().format(date);
}

/** A moment as a readable local date and time: "Mar 5, 2026, 2:07 PM"; '' when unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : localDateTime().format(date);
}

/** 'YYYY-MM' → "Mar 2026" (the month as named in UTC, where it was counted). */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return utcMonth().format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}
