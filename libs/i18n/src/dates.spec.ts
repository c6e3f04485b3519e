import { formatBothCalendars, formatCalendarDate } from '@jibs/domain';
import { formatDate } from './dates';

describe('formatDate', () => {
  it('reads in English exactly as the product always has', () => {
    expect(formatDate('2026-03-06', { locale: 'en' })).toBe(formatCalendarDate('2026-03-06'));
    expect(formatDate('2026-03-06', { locale: 'en', hijri: true })).toBe(
      formatBothCalendars('2026-03-06'),
    );
    expect(formatDate('2026-03-06', { locale: 'en', hijri: true })).toBe(
      'March 6, 2026 (Ramadan 17, 1447 AH)',
    );
  });

  it('writes Arabic and Urdu dates in their language, Latin digits, Hijri beside when chosen', () => {
    expect(formatDate('2026-03-06', { locale: 'ar' })).toBe('6 مارس 2026');
    expect(formatDate('2026-03-06', { locale: 'ar', hijri: true })).toBe(
      '6 مارس 2026 (17 رمضان 1447 هـ)',
    );
    expect(formatDate('2026-03-06', { locale: 'ur', hijri: true })).toMatch(
      /^6 مارچ، 2026 \(17 رمضان، 1447/,
    );
  });

  it('shows a moment as its day (and time) in a zone', () => {
    const moment = '2026-03-06T03:30:00Z';
    expect(formatDate(moment, { locale: 'en', timeZone: 'America/Chicago' })).toBe('March 5, 2026');
    expect(formatDate(moment, { locale: 'ar', timeZone: 'America/Chicago', time: true })).toMatch(
      /^5 مارس 2026، 9:30/,
    );
  });

  it("gives '' without a date and an unreadable value as it came", () => {
    expect(formatDate(null, { locale: 'ar' })).toBe('');
    expect(formatDate('', { locale: 'ar', hijri: true })).toBe('');
    expect(formatDate('soon', { locale: 'ar' })).toBe('soon');
  });
});

describe('a moment in Urdu', () => {
  it('reads a 24-hour clock, with no Latin half-day', () => {
    const text = formatDate('2026-01-01T15:04:00Z', { locale: 'ur', time: true, timeZone: 'UTC' });
    expect(text).toContain('15:04');
    expect(text).not.toMatch(/[A-Za-z]/);
  });
});
