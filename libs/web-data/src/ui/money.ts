const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * An amount stored in cents, shown in dollars with two decimals: 17500 → "$175.00" (as the
 * member site's `formatCents`, so both clients show money alike).
 */
export function formatCents(cents: number): string {
  return usd.format(Math.round(cents) / 100);
}
