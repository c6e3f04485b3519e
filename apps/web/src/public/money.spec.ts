import { formatCents, formatCentsShort, formatMonthly } from './money';

describe('formatCents', () => {
  it.each([
    [17_500, '$175.00'],
    [2_500, '$25.00'],
    [0, '$0.00'],
    [1, '$0.01'],
    [99, '$0.99'],
    [123_456, '$1,234.56'],
  ])('%i cents reads %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it('rounds a fractional cent rather than showing it', () => {
    expect(formatCents(2_500.4)).toBe('$25.00');
  });
});

describe('formatCentsShort and formatMonthly', () => {
  it('drops the cents of whole dollars, as the spec words prices', () => {
    expect(formatCentsShort(2_500)).toBe('$25');
    expect(formatCentsShort(2_550)).toBe('$25.50');
    expect(formatMonthly(2_500)).toBe('$25/month');
  });
});
