import { buildIcs, mapLink } from './calendar-invite';
import {
  calendarDateIn,
  formatBothCalendars,
  formatHijriDate,
  formatMomentBothCalendars,
} from './calendars';

describe('Hijri dates (Umm al-Qura)', () => {
  it('shows a stored date in the Hijri calendar too', () => {
    expect(formatHijriDate('1980-03-04')).toBe('Rabiʻ II 16, 1400 AH');
    expect(formatBothCalendars('1980-03-04')).toBe('March 4, 1980 (Rabiʻ II 16, 1400 AH)');
    // 1 Ramadan 1447 by Umm al-Qura is 18 February 2026.
    expect(formatHijriDate('2026-02-18')).toBe('Ramadan 1, 1447 AH');
  });

  it('shows nothing for a missing or unreadable date', () => {
    expect(formatHijriDate(null)).toBe('');
    expect(formatHijriDate('1980-3-4')).toBe('');
    expect(formatBothCalendars('')).toBe('');
  });

  it('reads a moment on the day it is where it happens', () => {
    const lateEvening = new Date('2026-03-07T03:30:00Z'); // 10:30 PM on March 6 in New York
    expect(calendarDateIn(lateEvening, 'America/New_York')).toBe('2026-03-06');
    expect(calendarDateIn(lateEvening, 'UTC')).toBe('2026-03-07');
    expect(formatMomentBothCalendars(lateEvening, 'America/New_York')).toBe(
      'Friday, March 6, 2026 (Ramadan 17, 1447 AH), 10:30 PM EST',
    );
  });
});

describe('calendar invites', () => {
  const invite = {
    uid: 'notice-1@jibs',
    start: new Date('2026-03-06T18:30:00Z'),
    durationMinutes: 60,
    summary: 'Janazah prayer: Amina Yusuf',
    location: 'Masjid Al-Noor, 12 Main St, Springfield',
    description: 'Line one\nLine two; with a semicolon',
  };

  it('writes one event in UTC with its text escaped', () => {
    const ics = buildIcs(invite, new Date('2026-03-06T12:00:00Z'));
    expect(ics).toContain('BEGIN:VEVENT\r\n');
    expect(ics).toContain('DTSTART:20260306T183000Z\r\n');
    expect(ics).toContain('DTEND:20260306T193000Z\r\n');
    expect(ics).toContain('LOCATION:Masjid Al-Noor\\, 12 Main St\\, Springfield\r\n');
    expect(ics).toContain('DESCRIPTION:Line one\\nLine two\\; with a semicolon\r\n');
    expect(ics).toContain('METHOD:PUBLISH\r\n');
  });

  it('folds long lines and marks a cancellation', () => {
    const ics = buildIcs({ ...invite, summary: 'x'.repeat(200), cancelled: true, sequence: 2 });
    for (const line of ics.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SEQUENCE:2');
  });

  it('links an address to the map without a script', () => {
    expect(mapLink('12 Main St, Springfield')).toBe(
      'https://www.openstreetmap.org/search?query=12%20Main%20St%2C%20Springfield',
    );
  });
});
