import { formatCalendarDate } from './calendar-date';

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
