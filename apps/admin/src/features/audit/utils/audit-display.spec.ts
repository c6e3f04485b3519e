import { actionLabel, changesOf, dayEnd, dayStart, serviceLabel } from './audit-display';

describe('audit trail display', () => {
  it('says actions and services in words', () => {
    expect(actionLabel('death_report.approved')).toBe('Death report approved');
    expect(actionLabel('user.role_changed')).toBe('User role changed');
    expect(serviceLabel('jibs/documents')).toBe('Documents');
  });

  it('lists only the fields that changed', () => {
    expect(
      changesOf('{"status":"pending","notes":null}', '{"status":"approved","notes":null}'),
    ).toEqual([{ field: 'status', before: 'pending', after: 'approved' }]);
    expect(changesOf(null, '{"amount":2500}')).toEqual([
      { field: 'amount', before: '—', after: '2500' },
    ]);
    expect(changesOf('not json', null)).toEqual([]);
    expect(changesOf(null, '{"reviewedAt":"2026-03-01T10:00:00.000Z"}')[0]!.after).toMatch(
      /^Mar 1, 2026/,
    );
  });

  it('turns date inputs into a range whose end is exclusive', () => {
    expect(dayStart('')).toBeUndefined();
    const start = new Date(dayStart('2026-03-01')!);
    const end = new Date(dayEnd('2026-03-01')!);
    expect(end.getTime() - start.getTime()).toBeGreaterThanOrEqual(23 * 3600_000);
    expect(start.getDate()).toBe(1);
  });
});
