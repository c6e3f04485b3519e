import {
  buildDataExport,
  DataExportError,
  DataExportMessages,
  dateRangeProblem,
  exportedAsMessage,
  MEMBER_EXPORT_SECTIONS,
  memberExportBundle,
  type DataExportBundle,
} from './data-export';

// Noon UTC is the same calendar day in every time zone from UTC-11 to UTC+11.
const now = new Date('2026-03-15T12:00:00Z');

const bundle: DataExportBundle = {
  profile: { id: 'u1', email: 'amina@example.com', createdAt: '2025-01-01T12:00:00Z' },
  payments: [
    { id: 'p1', amount: 20000, currency: 'usd', createdAt: '2026-01-10T12:00:00Z' },
    { id: 'p2', amount: 2500, currency: 'usd', createdAt: '2026-02-10T12:00:00Z' },
  ],
  notifications: [
    { id: 'n1', title: 'Hello, "friend"', message: 'line one\nline two', createdAt: null },
  ],
};

describe('dateRangeProblem', () => {
  it('accepts no range or an empty one', () => {
    expect(dateRangeProblem(null, now)).toBeNull();
    expect(dateRangeProblem({ start: '', end: '' }, now)).toBeNull();
  });

  it('needs both dates', () => {
    expect(dateRangeProblem({ start: '2026-01-01' }, now)).toBe(
      DataExportMessages.dateRangeIncomplete,
    );
    expect(dateRangeProblem({ end: '2026-01-01' }, now)).toBe(
      DataExportMessages.dateRangeIncomplete,
    );
  });

  it('refuses future dates, impossible dates and a start after the end', () => {
    expect(dateRangeProblem({ start: '2026-01-01', end: '2026-03-16' }, now)).toBe(
      DataExportMessages.dateInFuture,
    );
    expect(dateRangeProblem({ start: '2026-02-30', end: '2026-03-01' }, now)).toBe(
      DataExportMessages.invalidDate,
    );
    expect(dateRangeProblem({ start: '2026-03-01', end: '2026-02-01' }, now)).toBe(
      DataExportMessages.startAfterEnd,
    );
    expect(dateRangeProblem({ start: '2026-03-15', end: '2026-03-15' }, now)).toBeNull();
  });
});

describe('buildDataExport', () => {
  it('writes JSON with the metadata when asked', () => {
    const file = buildDataExport(bundle, {
      format: 'json',
      includeMetadata: true,
      userId: 'u1',
      exportedBy: 'amina@example.com',
      now,
    });
    expect(file.filename).toBe('jibs-data-export-2026-03-15.json');
    expect(file.mimeType).toBe('application/json');
    const parsed = JSON.parse(file.content);
    expect(parsed.metadata).toEqual({
      exportedAt: '2026-03-15T12:00:00.000Z',
      exportedBy: 'amina@example.com',
      version: '1.0',
    });
    expect(parsed.data.payments).toHaveLength(2);
  });

  it('leaves the metadata out when not asked', () => {
    const file = buildDataExport(bundle, {
      format: 'json',
      includeMetadata: false,
      userId: 'u1',
      now,
    });
    expect(JSON.parse(file.content).metadata).toBeUndefined();
  });

  it('keeps only list entries created within the range, and the profile', () => {
    const file = buildDataExport(bundle, {
      format: 'json',
      includeMetadata: false,
      userId: 'u1',
      dateRange: { start: '2026-02-01', end: '2026-02-28' },
      now,
    });
    const { data } = JSON.parse(file.content);
    expect(data.payments.map((p: { id: string }) => p.id)).toEqual(['p2']);
    expect(data.notifications).toEqual([]);
    expect(data.profile.id).toBe('u1');
  });

  it('writes CSV with one table, quoting what needs it', () => {
    const file = buildDataExport(bundle, {
      format: 'csv',
      includeMetadata: true,
      userId: 'u1',
      now,
    });
    expect(file.filename).toBe('jibs-data-export-2026-03-15.csv');
    expect(file.mimeType).toBe('text/csv;charset=utf-8');
    const lines = file.content.split('\r\n');
    expect(lines[0]).toBe('exportedAt,2026-03-15T12:00:00.000Z');
    expect(lines[1]).toBe('exportedBy,u1');
    expect(lines[2]).toBe('version,1.0');
    expect(lines[3]).toBe('');
    expect(lines[4]).toBe('section,id,email,createdAt,amount,currency,title,message');
    expect(lines[5]).toBe('profile,u1,amina@example.com,2025-01-01T12:00:00Z,,,,');
    expect(file.content).toContain('notifications,n1,,,,,"Hello, ""friend""","line one\nline two"');
  });

  it('keeps a formula-like text as text in CSV', () => {
    const file = buildDataExport(
      { notes: [{ id: 'x', title: '=HYPERLINK("bad")' }] },
      { format: 'csv', includeMetadata: false, userId: 'u1', now },
    );
    expect(file.content).toContain(`notes,x,"'=HYPERLINK(""bad"")"`);
  });

  it('refuses an export without a user id or with a bad range', () => {
    expect(() =>
      buildDataExport(bundle, { format: 'json', includeMetadata: false, userId: '', now }),
    ).toThrow(new DataExportError(DataExportMessages.userIdRequired));
    expect(() =>
      buildDataExport(bundle, {
        format: 'json',
        includeMetadata: false,
        userId: 'u1',
        dateRange: { start: '2026-03-01' },
        now,
      }),
    ).toThrow(DataExportMessages.dateRangeIncomplete);
  });

  it('words the success toast', () => {
    expect(exportedAsMessage('jibs-data-export-2026-03-15.csv')).toBe(
      'Data exported as jibs-data-export-2026-03-15.csv',
    );
  });
});

describe('memberExportBundle', () => {
  it("has exactly the spec's sections, the household inside the profile, absent ones empty", () => {
    const bundle = memberExportBundle({
      profile: { id: 'u1', firstName: 'Amina' },
      household: [{ fullName: 'Yusuf Rahman' }],
      payments: [{ id: 'p1', createdAt: '2026-01-02T10:00:00Z' }],
      notifications: null,
    });
    expect(Object.keys(bundle)).toEqual([...MEMBER_EXPORT_SECTIONS]);
    expect(MEMBER_EXPORT_SECTIONS).toEqual([
      'profile',
      'deathReports',
      'documents',
      'payments',
      'notifications',
    ]);
    expect(bundle.profile).toEqual({
      id: 'u1',
      firstName: 'Amina',
      household: [{ fullName: 'Yusuf Rahman' }],
    });
    expect(bundle.deathReports).toEqual([]);
    expect(bundle.documents).toEqual([]);
    expect(bundle.notifications).toEqual([]);
    expect(bundle.payments).toHaveLength(1);
  });
});
