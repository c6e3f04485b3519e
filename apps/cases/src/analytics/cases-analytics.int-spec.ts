import { last12Months } from '@jibs/testing';
import { CasesHarness } from '../testing/cases-harness';

const PER_MONTH = '{ deathReportsPerMonth { month submitted approved rejected } }';

describe('cases analytics: death reports per month', () => {
  let harness: CasesHarness;

  beforeAll(async () => {
    harness = await CasesHarness.start();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('refuses anonymous callers and members', async () => {
    const anonymous = await harness.gql(PER_MONTH);
    expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect(anonymous.data ?? null).toBeNull();
    const member = await harness.gql(PER_MONTH, {}, await harness.aMember({ paid: true }));
    expect(member.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(member.data ?? null).toBeNull();
  });

  it('counts the reports submitted each month of the last 12, and how they were decided', async () => {
    const admin = await harness.anAdmin();
    const read = async () => {
      const body = await harness.gql(PER_MONTH, {}, admin);
      expect(body.errors).toBeUndefined();
      return body.data.deathReportsPerMonth as {
        month: string;
        submitted: number;
        approved: number;
        rejected: number;
      }[];
    };
    const before = await read();
    expect(before.map((row) => row.month)).toEqual(last12Months());
    const member = await harness.aMember({ paid: true });
    const [a, b, c] = [
      await harness.submit(member),
      await harness.submit(member),
      await harness.submit(member),
    ];
    expect((await harness.review(admin, a.id, 'APPROVED')).errors).toBeUndefined();
    expect((await harness.review(admin, b.id, 'REJECTED')).errors).toBeUndefined();
    // One moved five months back, one out of the window.
    await harness.dataSource.query(
      `UPDATE death_reports SET created_at = date_trunc('month', now()) - interval '5 months' + interval '2 days' WHERE id = $1`,
      [b.id],
    );
    await harness.dataSource.query(
      `UPDATE death_reports SET created_at = now() - interval '13 months' WHERE id = $1`,
      [c.id],
    );
    const after = await read();
    expect(after[11]).toEqual({
      ...before[11],
      submitted: before[11]!.submitted + 1,
      approved: before[11]!.approved + 1,
    });
    expect(after[6]).toEqual({
      ...before[6],
      submitted: before[6]!.submitted + 1,
      rejected: before[6]!.rejected + 1,
    });
    expect(after[5]).toEqual(before[5]);
    expect(after.reduce((n, row) => n + row.submitted, 0)).toBe(
      before.reduce((n, row) => n + row.submitted, 0) + 2,
    );
  });
});
