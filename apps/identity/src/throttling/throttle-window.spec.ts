import { isAllowed, nextAllowedAt, windowStart, type ThrottleRule } from './throttle-window';

const rule: ThrottleRule = { bucket: 'test', limit: 3, windowSeconds: 900, message: 'slow down' };
const now = new Date('2026-05-01T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('throttle windows', () => {
  it('starts the window the rule length before now', () => {
    expect(windowStart(rule, now)).toEqual(minutesAgo(15));
  });

  it('allows events while fewer than the limit fall inside the window', () => {
    expect(isAllowed(rule, [], now)).toBe(true);
    expect(isAllowed(rule, [minutesAgo(1), minutesAgo(2)], now)).toBe(true);
    expect(nextAllowedAt(rule, [minutesAgo(1), minutesAgo(2)], now)).toEqual(now);
  });

  it('refuses at the limit until the oldest counted event leaves the window', () => {
    const hits = [minutesAgo(1), minutesAgo(10), minutesAgo(5)];
    expect(isAllowed(rule, hits, now)).toBe(false);
    expect(nextAllowedAt(rule, hits, now)).toEqual(new Date(minutesAgo(10).getTime() + 900_000));
  });

  it('ignores events that already left the window', () => {
    expect(
      isAllowed(rule, [minutesAgo(15), minutesAgo(20), minutesAgo(1), minutesAgo(2)], now),
    ).toBe(true);
  });

  it('waits for enough events to leave when more than the limit were counted', () => {
    const hits = [minutesAgo(1), minutesAgo(2), minutesAgo(3), minutesAgo(4), minutesAgo(14)];
    // Five counted, limit three: the third newest (3 minutes ago) must leave.
    expect(nextAllowedAt(rule, hits, now)).toEqual(new Date(minutesAgo(3).getTime() + 900_000));
  });
});
