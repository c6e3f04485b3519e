import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LedgerEntryEntity } from './ledger-entry.entity';
import type { FundMonthModel, FundSummaryModel, FundYearModel } from './fund.models';

const int = (value: unknown): number => Number(value ?? 0);

/** The last `count` months (UTC) as YYYY-MM, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(date.toISOString().slice(0, 7));
  }
  return months;
}

/**
 * Reads the fund's books. Nothing here writes an entry: the ledger is filled by triggers on its
 * sources (payments, payouts) in their own transactions; the balance is always the entries' sum.
 */
@Injectable()
export class LedgerService {
  constructor(private readonly dataSource: DataSource) {}

  async balance(): Promise<number> {
    const [row] = await this.dataSource.query(
      'SELECT COALESCE(SUM(amount), 0)::bigint AS balance FROM ledger_entries',
    );
    return int(row?.balance);
  }

  async summary(now: Date = new Date()): Promise<FundSummaryModel> {
    const months = lastMonths(now, 12);
    // One snapshot for every figure, so the balance and the months agree.
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const [balanceRow] = await manager.query(
        'SELECT COALESCE(SUM(amount), 0)::bigint AS balance FROM ledger_entries',
      );
      const monthRows: { month: string; money_in: string; money_out: string }[] =
        await manager.query(
          `SELECT to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
                  COALESCE(SUM(amount) FILTER (WHERE amount > 0), 0)::bigint AS money_in,
                  COALESCE(-SUM(amount) FILTER (WHERE amount < 0), 0)::bigint AS money_out
             FROM ledger_entries
            WHERE occurred_at >= ($1::date)::timestamp AT TIME ZONE 'UTC'
            GROUP BY 1`,
          [`${months[0]}-01`],
        );
      const byMonth = new Map(monthRows.map((row) => [row.month, row]));
      const claimYears: { year: number; claims: number }[] = await manager.query(
        `SELECT extract(year FROM opened_at AT TIME ZONE 'UTC')::int AS year, count(*)::int AS claims
           FROM assistance_claims GROUP BY 1`,
      );
      const payoutYears: { year: number; payouts: number; paid_out: string }[] =
        await manager.query(
          `SELECT extract(year FROM paid_on)::int AS year, count(*)::int AS payouts,
                  SUM(amount)::bigint AS paid_out
             FROM assistance_payouts WHERE status = 'paid' GROUP BY 1`,
        );
      const [payoutStats] = await manager.query(
        `SELECT round(avg(amount))::bigint AS average,
                COALESCE(SUM(amount) FILTER (WHERE paid_on > ($1::date - interval '12 months')), 0)::bigint AS last_year
           FROM assistance_payouts WHERE status = 'paid'`,
        [now.toISOString().slice(0, 10)],
      );
      const years = new Map<number, FundYearModel>();
      const year = (y: number): FundYearModel => {
        let row = years.get(y);
        if (!row) years.set(y, (row = { year: y, claims: 0, payouts: 0, paidOut: 0 }));
        return row;
      };
      for (const row of claimYears) year(row.year).claims = row.claims;
      for (const row of payoutYears) {
        year(row.year).payouts = row.payouts;
        year(row.year).paidOut = int(row.paid_out);
      }
      const balance = int(balanceRow?.balance);
      const monthlyRate = int(payoutStats?.last_year) / 12;
      return {
        balance,
        months: months.map((month): FundMonthModel => ({
          month,
          moneyIn: int(byMonth.get(month)?.money_in),
          moneyOut: int(byMonth.get(month)?.money_out),
        })),
        years: [...years.values()].sort((a, b) => b.year - a.year),
        averagePayout: payoutStats?.average == null ? null : int(payoutStats.average),
        monthsCovered: monthlyRate > 0 ? Math.round((balance / monthlyRate) * 10) / 10 : null,
      };
    });
  }

  /** Entries newest first, at most `limit`. */
  entries(limit: number): Promise<LedgerEntryEntity[]> {
    return this.dataSource.manager.find(LedgerEntryEntity, {
      order: { occurredAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }
}
