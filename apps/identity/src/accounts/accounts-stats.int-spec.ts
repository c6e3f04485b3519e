import { last12Months } from '@jibs/testing';
import { IdentityHarness } from '../testing/identity-harness';

const STATS = '{ userStats { total members admins } }';
const MONTHS = '{ registrationsPerMonth { month count } }';

describe('identity: admin user stats and registrations per month', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await IdentityHarness.start();
  });

  afterAll(async () => {
    await identity?.close();
  });

  it('refuses anonymous callers and members', async () => {
    const member = await identity.aMember();
    for (const query of [STATS, MONTHS]) {
      const anonymous = await identity.gql(query);
      expect(anonymous.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      expect(anonymous.body.data ?? null).toBeNull();
      const asMember = await identity.gql(query, {}, { token: member.accessToken });
      expect(asMember.body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect(asMember.body.data ?? null).toBeNull();
    }
  });

  it('counts accounts by role, and each new registration', async () => {
    const admin = await identity.anAdmin();
    const read = async () => {
      const { body } = await identity.gql(STATS, {}, { token: admin.accessToken });
      expect(body.errors).toBeUndefined();
      return body.data.userStats as { total: number; members: number; admins: number };
    };
    const before = await read();
    expect(before.total).toBe(before.members + before.admins);
    expect(before.admins).toBeGreaterThanOrEqual(1);
    expect(before.total).toBe(await identity.count('accounts'));
    await identity.aMember();
    await identity.aMember();
    const after = await read();
    expect(after).toEqual({
      total: before.total + 2,
      members: before.members + 2,
      admins: before.admins,
    });
  });

  it('gives the last 12 months oldest first, empty months as 0, this month counting new accounts', async () => {
    const admin = await identity.anAdmin();
    const read = async () => {
      const { body } = await identity.gql(MONTHS, {}, { token: admin.accessToken });
      expect(body.errors).toBeUndefined();
      return body.data.registrationsPerMonth as { month: string; count: number }[];
    };
    const member = await identity.aMember();
    // One account moved back four months; nothing else falls in that month.
    await identity.dataSource.query(
      `UPDATE accounts SET created_at = date_trunc('month', now()) - interval '4 months' + interval '3 days' WHERE id = $1`,
      [member.id],
    );
    const before = await read();
    expect(before.map((row) => row.month)).toEqual(last12Months());
    expect(before[7]!.count).toBe(1);
    expect(before[6]!.count).toBe(0);
    await identity.aMember();
    const after = await read();
    expect(after[11]!.count).toBe(before[11]!.count + 1);
    expect(after.slice(0, 11)).toEqual(before.slice(0, 11));
  });
});
