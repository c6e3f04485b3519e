import { describeCountdown, formatCountdown, secondsUntil } from './countdown';

describe('secondsUntil', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it('counts whole seconds, rounding up so the wait never reads 0 too early', () => {
    expect(secondsUntil('2026-03-10T12:01:00.000Z', now)).toBe(60);
    expect(secondsUntil('2026-03-10T12:00:00.200Z', now)).toBe(1);
  });

  it('is 0 once the time has passed, or for an unreadable time', () => {
    expect(secondsUntil('2026-03-10T11:59:00.000Z', now)).toBe(0);
    expect(secondsUntil('2026-03-10T12:00:00.000Z', now)).toBe(0);
    expect(secondsUntil('soon', now)).toBe(0);
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '0:00'],
    [9, '0:09'],
    [59, '0:59'],
    [60, '1:00'],
    [65, '1:05'],
    [600, '10:00'],
    [-5, '0:00'],
    [4.2, '0:05'],
  ])('%p seconds read %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

describe('describeCountdown', () => {
  it.each([
    [0, '0 seconds'],
    [1, '1 second'],
    [42, '42 seconds'],
    [60, '1 minute'],
    [61, '1 minute 1 second'],
    [125, '2 minutes 5 seconds'],
  ])('%p seconds read "%s"', (seconds, text) => {
    expect(describeCountdown(seconds)).toBe(text);
  });
});
