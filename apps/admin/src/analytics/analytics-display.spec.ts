import { formatUsd, monthLabel } from './analytics-display';

describe('analytics display', () => {
  it('shows cents as US dollars', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(123_450)).toBe('$1,234.50');
  });

  it('names months', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
    expect(monthLabel('bad')).toBe('bad');
  });
});
