/** Money and months as the admin console shows them. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents → '$1,234.50'. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** 'YYYY-MM' → 'Mar 2026' (the month as named in UTC, where it was counted). */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return new Date(Date.UTC(year, monthNumber - 1, 1)).toLocaleString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
