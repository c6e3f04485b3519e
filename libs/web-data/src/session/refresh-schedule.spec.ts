import { MIN_REFRESH_DELAY_MS, REFRESH_LEAD_MS, refreshDelayMs } from './refresh-schedule';

describe('refreshDelayMs', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();

  it('renews a minute before a 15-minute token expires', () => {
    expect(refreshDelayMs(inMs(15 * 60_000), now)).toBe(15 * 60_000 - REFRESH_LEAD_MS);
  });

  it('renews a short-lived token halfway through its life', () => {
    expect(refreshDelayMs(inMs(60_000), now)).toBe(30_000);
  });

  it('never renews sooner than the minimum delay, even for an expired token', () => {
    expect(refreshDelayMs(inMs(2_000), now)).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelayMs(inMs(-60_000), now)).toBe(MIN_REFRESH_DELAY_MS);
  });

  it('falls back to the minimum delay for an unreadable expiry', () => {
    expect(refreshDelayMs('soon', now)).toBe(MIN_REFRESH_DELAY_MS);
  });
});
