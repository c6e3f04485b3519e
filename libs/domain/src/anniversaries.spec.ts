import { dueAnniversary, nextAnniversary, type Anniversary } from './anniversaries';

describe('nextAnniversary', () => {
  it.each<[string, string, string, Anniversary['calendar'], string, number]>([
    ['same day and month', '2020-03-15', '2026-01-01', 'gregorian', '2026-03-15', 2026],
    ['on the day itself', '2020-03-15', '2026-03-15', 'gregorian', '2026-03-15', 2026],
    ['the day after: next year', '2020-03-15', '2026-03-16', 'gregorian', '2027-03-15', 2027],
    ['never the death itself', '2025-06-10', '2025-01-01', 'gregorian', '2026-06-10', 2026],
    ['29 February, common year', '2020-02-29', '2026-01-01', 'gregorian', '2026-02-28', 2026],
    ['29 February, leap year', '2020-02-29', '2027-12-01', 'gregorian', '2028-02-29', 2028],
    // 1 Muharram 1420 (17 April 1999): 1 Muharram 1429 and 1430 both fall in 2008.
    ['Hijri, first of two in 2008', '1999-04-17', '2008-01-01', 'hijri', '2008-01-10', 1429],
    ['Hijri, second of two in 2008', '1999-04-17', '2008-01-11', 'hijri', '2008-12-29', 1430],
    ['Hijri, the next Gregorian year', '1999-04-17', '2008-12-30', 'hijri', '2009-12-18', 1431],
    // 30 Jumada I 1441 (25 January 2020): in 1442 the month has 29 days, in 1443 it has 30.
    ['Hijri 30th, month of 29 days', '2020-01-25', '2020-06-01', 'hijri', '2021-01-13', 1442],
    ['Hijri 30th, month of 30 days', '2020-01-25', '2021-06-01', 'hijri', '2022-01-03', 1443],
    ['Hijri, never in the year of death', '2020-01-25', '2020-01-26', 'hijri', '2021-01-13', 1442],
  ])('%s: %s from %s (%s) -> %s', (_case, death, from, calendar, date, year) => {
    expect(nextAnniversary(death, calendar, from)).toEqual({ calendar, date, year });
  });
});

describe('dueAnniversary', () => {
  it.each<[string, string, string | null]>([
    ['2026-03-13', 'two days before', null],
    ['2026-03-14', 'the day before', '2026-03-15'],
    ['2026-03-15', 'on the day (a missed run)', '2026-03-15'],
    ['2026-03-16', 'the day after', null],
  ])('Gregorian anniversary 2026-03-15, on %s (%s) -> %s', (today, _case, date) => {
    expect(dueAnniversary('2020-03-15', 'gregorian', today)?.date ?? null).toBe(date);
  });

  it('is due the day before a Hijri anniversary', () => {
    expect(dueAnniversary('1999-04-17', 'hijri', '2008-12-28')).toEqual({
      calendar: 'hijri',
      date: '2008-12-29',
      year: 1430,
    });
  });
});
