/** How long before expiry the access token is renewed, at most. */
export const REFRESH_LEAD_MS = 60_000;
/** Never renew more often than this, whatever the server says about expiry. */
export const MIN_REFRESH_DELAY_MS = 5_000;

/**
 * Milliseconds to wait before renewing a token that expires at `expiresAt`: a minute early,
 * or half the remaining lifetime when that is shorter, so short tokens are renewed in time too.
 */
export function refreshDelayMs(expiresAt: string | Date, now: Date = new Date()): number {
  const remaining = new Date(expiresAt).getTime() - now.getTime();
  if (Number.isNaN(remaining)) return MIN_REFRESH_DELAY_MS;
  const lead = Math.min(REFRESH_LEAD_MS, remaining / 2);
  return Math.max(MIN_REFRESH_DELAY_MS, Math.floor(remaining - lead));
}
