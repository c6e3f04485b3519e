import { DataExportMessages, DomainError } from '@jibs/domain';
import { adminExportFilename, parseAdminExportRequest } from './export-request';

const now = new Date('2026-03-15T12:00:00Z');

function problem(query: Record<string, unknown>): Record<string, string> | undefined {
  try {
    parseAdminExportRequest(query, now);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('BAD_USER_INPUT');
    return (error as DomainError).fieldErrors;
  }
  throw new Error('the request was accepted');
}

describe('parseAdminExportRequest', () => {
  it('defaults to JSON without metadata or range', () => {
    expect(parseAdminExportRequest({}, now)).toEqual({
      format: 'json',
      from: null,
      to: null,
      metadata: false,
    });
  });

  it('reads a CSV request with metadata and a range', () => {
    expect(
      parseAdminExportRequest(
        { format: 'csv', metadata: 'true', from: '2026-01-01', to: '2026-03-15' },
        now,
      ),
    ).toEqual({ format: 'csv', from: '2026-01-01', to: '2026-03-15', metadata: true });
  });

  it("refuses a bad range with the spec's messages", () => {
    expect(problem({ from: '2026-01-01' })).toEqual({ to: DataExportMessages.dateRangeIncomplete });
    expect(problem({ to: '2026-01-01' })).toEqual({
      from: DataExportMessages.dateRangeIncomplete,
    });
    expect(problem({ from: '2026-02-30', to: '2026-03-01' })).toEqual({
      from: DataExportMessages.invalidDate,
    });
    expect(problem({ from: '2026-01-01', to: '2026-03-17' })).toEqual({
      to: DataExportMessages.dateInFuture,
    });
    expect(problem({ from: '2026-03-02', to: '2026-03-01' })).toEqual({
      from: DataExportMessages.startAfterEnd,
    });
  });

  it('refuses an unknown format, a bad metadata flag and repeated parameters', () => {
    expect(problem({ format: 'xlsx' })).toEqual({ format: 'Please choose json or csv' });
    expect(problem({ metadata: 'maybe' })).toEqual({ metadata: 'Please answer true or false' });
    expect(problem({ format: ['csv', 'json'] })).toEqual({ format: 'Please choose json or csv' });
  });

  it("accepts today anywhere on Earth (UTC+14's date)", () => {
    expect(parseAdminExportRequest({ from: '2026-03-16', to: '2026-03-16' }, now).to).toBe(
      '2026-03-16',
    );
  });
});

describe('adminExportFilename', () => {
  it('names the table, the day and the range', () => {
    const request = parseAdminExportRequest({ format: 'csv' }, now);
    expect(adminExportFilename('payments', request, now)).toBe('jibs-payments-2026-03-15.csv');
    expect(
      adminExportFilename(
        'payments',
        parseAdminExportRequest({ from: '2026-01-01', to: '2026-01-31' }, now),
        now,
      ),
    ).toBe('jibs-payments-2026-03-15-2026-01-01-to-2026-01-31.json');
  });
});
