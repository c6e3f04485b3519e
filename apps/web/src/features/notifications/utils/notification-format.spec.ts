import { bellAriaLabel, relativeTime, unreadBadgeLabel } from './notification-format';

describe('relativeTime', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [60_000, '1m ago'],
    [59 * 60_000 + 59_999, '59m ago'],
    [60 * 60_000, '1h ago'],
    [23 * 3_600_000 + 3_599_999, '23h ago'],
    [24 * 3_600_000, '1d ago'],
    [45 * 86_400_000, '45d ago'],
  ])('%i ms ago reads %s', (elapsed, expected) => {
    expect(relativeTime(ago(elapsed), now)).toBe(expected);
  });

  it('reads Just now for a time slightly in the future (clock skew)', () => {
    expect(relativeTime(ago(-5_000), now)).toBe('Just now');
  });

  it('reads Just now for an unparseable time rather than NaN', () => {
    expect(relativeTime('not a date', now)).toBe('Just now');
  });

  it('accepts Date values', () => {
    expect(relativeTime(new Date(now.getTime() - 2 * 3_600_000), now)).toBe('2h ago');
  });
});

describe('unreadBadgeLabel', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
  ])('%i unread shows %p', (count, expected) => {
    expect(unreadBadgeLabel(count)).toBe(expected);
  });
});

describe('bellAriaLabel', () => {
  it('names the unread count', () => {
    expect(bellAriaLabel(3)).toBe('Notifications, 3 unread');
    expect(bellAriaLabel(250)).toBe('Notifications, 99+ unread');
  });

  it('is plain when nothing is unread', () => {
    expect(bellAriaLabel(0)).toBe('Notifications');
  });
});
