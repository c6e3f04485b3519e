const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An amount stored in cents, shown in dollars with two decimals: 17500 → "$175.00". */
export function formatCents(cents: number): string {
  return usd.format(Math.round(cents) / 100);
}

const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Whole dollars without the cents, as the spec words prices: 2500 → "$25"; else as formatCents. */
export function formatCentsShort(cents: number): string {
  const rounded = Math.round(cents);
  return rounded % 100 === 0 ? usdWhole.format(rounded / 100) : formatCents(rounded);
}

/** Monthly dues as the buttons word them: 2500 → "$25/month". */
export function formatMonthly(cents: number): string {
  return `${formatCentsShort(cents)}/month`;
}
