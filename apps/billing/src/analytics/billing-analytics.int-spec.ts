import { randomUUID } from 'node:crypto';
import { pendingSchemaChanges } from '@jibs/database';
import { last12Months } from '@jibs/testing';
import { BillingHarness } from '../testing/billing-harness';

const STATS = `{ billingStats { totalMembers activeMembers pendingMembers inactiveMembers totalRevenueCents completedPayments } }`;
const REVENUE = '{ revenuePerMonth { month amountCents payments } }';
const BY_STATUS = '{ membersByStatusPerMonth { month active pending inactive } }';
const FAILED = '{ failedRenewalsPerMonth { month count } }';

/** Mid-month `monthsAgo` months back (UTC). */
function monthsAgo(months: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 10, 12));
}

describe('billing analytics (admin dashboard and charts)', () => {
  let h: BillingHarness;
  let admin: string;

  beforeAll(async () => {
    h = await BillingHarness.start();
    admin = await h.token(randomUUID(), 'admin');
  });

  afterAll(async () => {
    await h?.close();
  });

  const read = async <T>(query: string, field: string): Promise<T> => {
    const body = await h.gql(query, {}, admin);
    expect(body.errors).toBeUndefined();
    return body.data[field] as T;
  };

  async function aPayment(
    userId: string,
    values: { amount: number; status: string; type?: string; at?: Date; currency?: string },
  ): Promise<void> {
    await h.dataSource.query(
      `INSERT INTO payments (user_id, amount, currency, status, type, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        userId,
        values.amount,
        values.currency ?? 'usd',
        values.status,
        values.type ?? 'membership',
        values.at ?? new Date(),
      ],
    );
  }

  it('has migrations that match its entities', async () => {
    expect(await pendingSchemaChanges(h.dataSource)).toEqual([]);
  });

  it('refuses anonymous callers and members on every analytics query', async () => {
    const member = await h.aMember();
    for (const query of [STATS, REVENUE, BY_STATUS, FAILED]) {
      const anonymous = await h.gql(query);
      expect({ query, code: anonymous.errors?.[0]?.extensions.code }).toEqual({
        query,
        code: 'UNAUTHENTICATED',
      });
      const asMember = await h.gql(query, {}, member.token);
      expect({ query, code: asMember.errors?.[0]?.extensions.code }).toEqual({
        query,
        code: 'FORBIDDEN',
      });
      expect(asMember.data ?? null).toBeNull();
    }
  });

  it('counts members by status and all-time revenue from completed payments only', async () => {
    const before = await read<Record<string, number>>(STATS, 'billingStats');
    const [a, b] = [await h.aMember(), await h.aMember()];
    await h.dataSource.query(`UPDATE members SET membership_status = 'active' WHERE user_id = $1`, [
      a.id,
    ]);
    await aPayment(a.id, { amount: 12_500, status: 'completed', type: 'registration' });
    await aPayment(a.id, { amount: 2_000, status: 'completed' });
    await aPayment(b.id, { amount: 2_000, status: 'failed' });
    await aPayment(b.id, { amount: 9_900, status: 'cancelled' }); // refunded / not counted
    await aPayment(b.id, { amount: 2_000, status: 'pending' });
    const after = await read<Record<string, number>>(STATS, 'billingStats');
    expect(after).toEqual({
      totalMembers: before.totalMembers! + 2,
      activeMembers: before.activeMembers! + 1,
      pendingMembers: before.pendingMembers! + 1,
      inactiveMembers: before.inactiveMembers,
      totalRevenueCents: before.totalRevenueCents! + 14_500,
      completedPayments: before.completedPayments! + 2,
    });
  });

  it('sums revenue and failed renewals per month over the last 12 months, empty months as 0', async () => {
    const revenueBefore = await read<{ month: string }[]>(REVENUE, 'revenuePerMonth');
    const failedBefore = await read<{ month: string; count: number }[]>(
      FAILED,
      'failedRenewalsPerMonth',
    );
    expect(revenueBefore.map((row) => row.month)).toEqual(last12Months());
    expect(failedBefore.map((row) => row.month)).toEqual(last12Months());
    const member = await h.aMember();
    await aPayment(member.id, { amount: 3_000, status: 'completed', at: monthsAgo(3) });
    await aPayment(member.id, { amount: 1_500, status: 'completed', at: monthsAgo(3) });
    await aPayment(member.id, { amount: 2_000, status: 'failed', at: monthsAgo(2) });
    await aPayment(member.id, { amount: 2_000, status: 'failed', at: monthsAgo(2) });
    await aPayment(member.id, {
      amount: 12_500,
      status: 'failed',
      type: 'registration',
      at: monthsAgo(2),
    });
    await aPayment(member.id, { amount: 1_000, status: 'completed', at: monthsAgo(13) });
    const revenue = await read<{ month: string; amountCents: number; payments: number }[]>(
      REVENUE,
      'revenuePerMonth',
    );
    const failed = await read<{ month: string; count: number }[]>(FAILED, 'failedRenewalsPerMonth');
    expect(revenue[8]).toEqual({ month: last12Months()[8], amountCents: 4_500, payments: 2 });
    expect(revenue[7]).toEqual({ month: last12Months()[7], amountCents: 0, payments: 0 });
    expect(failed[9]).toEqual({ month: last12Months()[9], count: 2 });
    expect(failed[8]).toEqual({ month: last12Months()[8], count: 0 });
  });

  it('tells members by status at each month end from the history the status changes write', async () => {
    const member = await h.aMember();
    // Registered (pending) four months ago, active two months ago, inactive this month.
    await h.dataSource.query(
      `UPDATE member_status_history SET changed_at = $2 WHERE user_id = $1`,
      [member.id, monthsAgo(4)],
    );
    await h.dataSource.query(`UPDATE members SET membership_status = 'active' WHERE user_id = $1`, [
      member.id,
    ]);
    await h.dataSource.query(
      `UPDATE member_status_history SET changed_at = $2 WHERE user_id = $1 AND status = 'active'`,
      [member.id, monthsAgo(2)],
    );
    const before = await read<
      { month: string; active: number; pending: number; inactive: number }[]
    >(BY_STATUS, 'membersByStatusPerMonth');
    await h.dataSource.query(
      `UPDATE members SET membership_status = 'inactive' WHERE user_id = $1`,
      [member.id],
    );
    // An update that leaves the status alone writes no history.
    await h.dataSource.query(`UPDATE members SET missed_payments = 2 WHERE user_id = $1`, [
      member.id,
    ]);
    expect(
      await h.dataSource.query(
        'SELECT status FROM member_status_history WHERE user_id = $1 ORDER BY id',
        [member.id],
      ),
    ).toEqual([{ status: 'pending' }, { status: 'active' }, { status: 'inactive' }]);
    const after = await read<
      { month: string; active: number; pending: number; inactive: number }[]
    >(BY_STATUS, 'membersByStatusPerMonth');
    expect(after.map((row) => row.month)).toEqual(last12Months());
    // Months before and up to the change see the old status: nothing there moves.
    expect(after.slice(0, 11)).toEqual(before.slice(0, 11));
    expect(after[11]).toEqual({
      ...before[11],
      active: before[11]!.active - 1,
      inactive: before[11]!.inactive + 1,
    });
    // Every other member of this file registered this month: earlier months are this member's.
    const at = (offset: number) => {
      const { month: _month, ...counts } = after[11 - offset]!;
      return counts;
    };
    expect(at(5)).toEqual({ active: 0, pending: 0, inactive: 0 });
    expect(at(4)).toEqual({ active: 0, pending: 1, inactive: 0 });
    expect(at(3)).toEqual({ active: 0, pending: 1, inactive: 0 });
    expect(at(2)).toEqual({ active: 1, pending: 0, inactive: 0 });
    expect(at(1)).toEqual({ active: 1, pending: 0, inactive: 0 });
  });
});
