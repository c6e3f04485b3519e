import {
  formatCalendarDate,
  formatCents,
  formatCentsShort,
  formatDateTime,
  formatMoment,
  formatMoney,
  formatMonth,
  formatMonthly,
  formatPaymentAmount,
  formatShortCalendarDate,
  formatUtcDate,
} from './format';

describe('formatCents', () => {
  it.each([
    [17_500, '$175.00'],
    [2_500, '$25.00'],
    [0, '$0.00'],
    [1, '$0.01'],
    [99, '$0.99'],
    [123_456, '$1,234.56'],
    [123_450, '$1,234.50'],
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

describe('formatMoney (emails)', () => {
  it('writes dollars with separators, other currencies after the amount', () => {
    expect(formatMoney(25_000)).toBe('$250.00');
    expect(formatMoney(2_500, 'USD')).toBe('$25.00');
    expect(formatMoney(123_456_789)).toBe('$1,234,567.89');
    expect(formatMoney(1_050, 'eur')).toBe('10.50 EUR');
  });
});

describe('formatPaymentAmount', () => {
  it('formats cents with the currency upper-cased', () => {
    expect(formatPaymentAmount(20_000, 'usd')).toBe('$200.00 USD');
    expect(formatPaymentAmount(2_550, 'eur')).toBe('25.50 EUR');
  });
});

describe('formatCalendarDate', () => {
  it('writes the date out, on the same day whatever the time zone', () => {
    expect(formatCalendarDate('1980-03-04')).toBe('March 4, 1980');
    expect(formatCalendarDate('2000-12-31')).toBe('December 31, 2000');
  });

  it('shows nothing for no date, and an unreadable value as it is', () => {
    expect(formatCalendarDate(null)).toBe('');
    expect(formatCalendarDate('')).toBe('');
    expect(formatCalendarDate('04/03/1980')).toBe('04/03/1980');
  });
});

describe('formatShortCalendarDate', () => {
  it('writes the date short, as written', () => {
    expect(formatShortCalendarDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatShortCalendarDate('not a date')).toBe('not a date');
  });
});

describe('formatUtcDate (emails)', () => {
  it('names the day in UTC, whatever the hour', () => {
    expect(formatUtcDate('2026-12-31T23:30:00Z')).toBe('December 31, 2026');
    expect(formatUtcDate(new Date('2026-01-01T00:00:00Z'))).toBe('January 1, 2026');
  });
});

describe('formatMoment and formatDateTime', () => {
  it('show a moment in the local time zone', () => {
    const moment = new Date(2026, 2, 4, 14, 7).toISOString();
    expect(formatMoment(moment)).toBe('March 4, 2026');
    expect(formatDateTime(moment)).toBe('Mar 4, 2026, 2:07 PM');
  });

  it('show nothing for no moment', () => {
    expect(formatMoment(null)).toBe('');
    expect(formatMoment('soon')).toBe('soon');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('soon')).toBe('');
  });
});

describe('formatMonth', () => {
  it('names months', () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    expect(formatMonth('2025-12')).toBe('Dec 2025');
    expect(formatMonth('bad')).toBe('bad');
  });
});
