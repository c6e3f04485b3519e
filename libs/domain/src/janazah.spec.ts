import {
  canonicalTimeZone,
  isoToZonedMoment,
  janazahNoticeSchema,
  JanazahMessages,
  zonedMomentToIso,
} from './janazah';

const NOW = new Date('2030-05-01T12:00:00Z');
const form = (overrides: Record<string, unknown> = {}) => ({
  deceasedName: 'Aminah Rahman',
  prayerAt: '2030-05-02T13:30:00-05:00',
  timeZone: 'America/Chicago',
  masjidName: 'Islamic Center',
  masjidAddress: '1 Main St',
  burialPlace: 'Restland',
  ...overrides,
});
const firstMessage = (overrides: Record<string, unknown>) => {
  const parsed = janazahNoticeSchema(NOW).safeParse(form(overrides));
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('janazah notice rules', () => {
  it('knows IANA zones by Intl, in their canonical spelling, and nothing else', () => {
    expect(canonicalTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('europe/london')).toBe('Europe/London');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const zone of ['Mars/Base', '+05:00', '', 'America/', '../etc']) {
      expect(canonicalTimeZone(zone)).toBeNull();
    }
  });

  it('reads a moment with its offset, defaults the visibility to members, and blanks to null', () => {
    const parsed = janazahNoticeSchema(NOW).parse(form({ note: '  ', familyContact: undefined }));
    expect(parsed.prayerAt.toISOString()).toBe('2030-05-02T18:30:00.000Z');
    expect(parsed).toMatchObject({ visibility: 'members', note: null, familyContact: null });
  });

  it.each([
    [{ prayerAt: '2030-05-01T06:59:00-05:00' }, JanazahMessages.prayerAtInPast],
    [{ prayerAt: '2030-05-01T12:00:00Z' }, JanazahMessages.prayerAtInPast],
    [{ prayerAt: '2030-02-30T10:00:00Z' }, JanazahMessages.prayerAtInvalid],
    [{ prayerAt: '2030-05-02T25:00:00Z' }, JanazahMessages.prayerAtInvalid],
    [{ prayerAt: '2030-05-02 13:30' }, JanazahMessages.prayerAtInvalid],
    [{ prayerAt: undefined }, JanazahMessages.prayerAtRequired],
    [{ visibility: 'all' }, JanazahMessages.visibilityUnknown],
    [{ timeZone: 'Narnia/Cair_Paravel' }, JanazahMessages.timeZoneUnknown],
  ])('refuses %j with its message', (overrides, message) => {
    expect(firstMessage(overrides)).toBe(message);
  });
});

describe('wall-clock times in a zone', () => {
  it('turns a date and time in a zone into the moment, across daylight saving', () => {
    expect(zonedMomentToIso('2030-01-15', '13:30', 'America/Chicago')).toBe(
      '2030-01-15T19:30:00.000Z',
    );
    expect(zonedMomentToIso('2030-07-15', '13:30', 'America/Chicago')).toBe(
      '2030-07-15T18:30:00.000Z',
    );
    expect(zonedMomentToIso('2030-07-15', '13:30', 'Asia/Riyadh')).toBe('2030-07-15T10:30:00.000Z');
    expect(zonedMomentToIso('2030-07-15', '13:30', 'Nowhere/Land')).toBeNull();
    expect(zonedMomentToIso('2030-07-15', '1:30 PM', 'UTC')).toBeNull();
  });

  it('reads a moment back as the wall clock of its zone', () => {
    expect(isoToZonedMoment('2030-07-15T18:30:00.000Z', 'America/Chicago')).toEqual({
      date: '2030-07-15',
      time: '13:30',
    });
    expect(isoToZonedMoment('2030-01-01T02:00:00.000Z', 'America/Los_Angeles')).toEqual({
      date: '2029-12-31',
      time: '18:00',
    });
  });
});
