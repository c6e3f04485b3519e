import { DataExportMessages } from '@jibs/domain';
import { adminExportUrl, exportFailure, exportFilename, rangeProblem } from './admin-export';

describe('admin export helpers', () => {
  it('asks the gateway for the table with the options', () => {
    expect(
      adminExportUrl('payments', { format: 'csv', includeMetadata: false, start: '', end: '' }),
    ).toBe('/api/export/admin/payments?format=csv');
    expect(
      adminExportUrl('death_reports', {
        format: 'json',
        includeMetadata: true,
        start: '2026-01-01',
        end: '2026-01-31',
      }),
    ).toBe(
      '/api/export/admin/death_reports?format=json&metadata=true&from=2026-01-01&to=2026-01-31',
    );
  });

  it("checks the range with the spec's rules", () => {
    const today = new Date(2026, 2, 15, 12);
    expect(rangeProblem(false, '', '', today)).toBeNull();
    expect(rangeProblem(true, '2026-01-01', '', today)).toBe(
      DataExportMessages.dateRangeIncomplete,
    );
    expect(rangeProblem(true, '2026-01-01', '2026-03-16', today)).toBe(
      DataExportMessages.dateInFuture,
    );
    expect(rangeProblem(true, '2026-02-01', '2026-01-01', today)).toBe(
      DataExportMessages.startAfterEnd,
    );
    expect(rangeProblem(true, '2026-01-01', '2026-03-15', today)).toBeNull();
  });

  it("takes the service's file name", () => {
    expect(
      exportFilename('attachment; filename="jibs-payments-2026-03-15.csv"', 'payments', 'csv'),
    ).toBe('jibs-payments-2026-03-15.csv');
    expect(exportFilename(null, 'payments', 'json')).toBe('jibs-payments.json');
  });

  it('reads errors by their code: bad input speaks, the rest gets the generic words', async () => {
    const answer = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    expect(
      await exportFailure(
        answer(400, {
          errors: [
            {
              message: DataExportMessages.startAfterEnd,
              extensions: {
                code: 'BAD_USER_INPUT',
                fieldErrors: { from: DataExportMessages.startAfterEnd },
              },
            },
          ],
        }),
      ),
    ).toEqual({
      code: 'BAD_USER_INPUT',
      message: DataExportMessages.startAfterEnd,
      fieldErrors: { from: DataExportMessages.startAfterEnd },
    });
    expect(
      (
        await exportFailure(
          answer(500, { errors: [{ message: 'db down', extensions: { code: 'X' } }] }),
        )
      ).message,
    ).toBe(DataExportMessages.exportFailed);
    expect((await exportFailure(new Response('Bad gateway', { status: 502 }))).message).toBe(
      DataExportMessages.exportFailed,
    );
  });
});
