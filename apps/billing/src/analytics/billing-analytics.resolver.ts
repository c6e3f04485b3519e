import { Field, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { DataSource } from 'typeorm';
import { Roles } from '@jibs/auth';
import { BILLING_CURRENCY, MembershipStatus, PaymentStatus, PaymentType, Role } from '@jibs/domain';

@ObjectType('BillingStats', {
  description: "The admin dashboard's membership and revenue figures.",
})
export class BillingStatsModel {
  @Field(() => Int, { description: 'Members billing knows (registered with identity).' })
  totalMembers!: number;

  @Field(() => Int)
  activeMembers!: number;

  @Field(() => Int)
  pendingMembers!: number;

  @Field(() => Int)
  inactiveMembers!: number;

  @Field(() => Int, {
    description:
      'All-time revenue in cents (USD): completed payments. A payment refunded or not counted is CANCELLED, so it is not in here.',
  })
  totalRevenueCents!: number;

  @Field(() => Int, { description: 'How many completed payments make up the revenue.' })
  completedPayments!: number;
}

@ObjectType('RevenueMonth', { description: 'Completed payments in one month (UTC).' })
export class RevenueMonthModel {
  @Field({ description: 'YYYY-MM.' })
  month!: string;

  @Field(() => Int, { description: 'Cents (USD).' })
  amountCents!: number;

  @Field(() => Int)
  payments!: number;
}

@ObjectType('MembersByStatusMonth', {
  description: 'Members by membership status at the end of one month (UTC; this month: now).',
})
export class MembersByStatusMonthModel {
  @Field({ description: 'YYYY-MM.' })
  month!: string;

  @Field(() => Int)
  active!: number;

  @Field(() => Int)
  pending!: number;

  @Field(() => Int)
  inactive!: number;
}

@ObjectType('FailedRenewalsMonth', {
  description: 'Monthly dues payments that failed, in one month.',
})
export class FailedRenewalsMonthModel {
  @Field({ description: 'YYYY-MM.' })
  month!: string;

  @Field(() => Int)
  count!: number;
}

/** A 12-month series ending this month (UTC), as `m.month` (timestamp) and its bounds. */
const MONTHS = `(SELECT month,
        month AT TIME ZONE 'UTC' AS starts,
        (month + interval '1 month') AT TIME ZONE 'UTC' AS ends
   FROM generate_series(
     date_trunc('month', now() AT TIME ZONE 'UTC') - interval '11 months',
     date_trunc('month', now() AT TIME ZONE 'UTC'),
     interval '1 month') AS month) AS m`;

/** Billing's figures for the admin dashboard and analytics: SQL grouped by month, admins only. */
@Resolver()
export class BillingAnalyticsResolver {
  constructor(private readonly dataSource: DataSource) {}

  @Roles(Role.ADMIN)
  @Query(() => BillingStatsModel, { description: 'Admins only: members by status, revenue.' })
  async billingStats(): Promise<BillingStatsModel> {
    const [members] = await this.dataSource.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE membership_status = $1)::int AS active,
              count(*) FILTER (WHERE membership_status = $2)::int AS pending,
              count(*) FILTER (WHERE membership_status = $3)::int AS inactive
         FROM members`,
      [MembershipStatus.ACTIVE, MembershipStatus.PENDING, MembershipStatus.INACTIVE],
    );
    const [revenue] = await this.dataSource.query(
      `SELECT coalesce(sum(amount), 0)::bigint AS cents, count(*)::int AS payments
         FROM payments WHERE status = $1 AND currency = $2`,
      [PaymentStatus.COMPLETED, BILLING_CURRENCY],
    );
    return Object.assign(new BillingStatsModel(), {
      totalMembers: members.total,
      activeMembers: members.active,
      pendingMembers: members.pending,
      inactiveMembers: members.inactive,
      totalRevenueCents: Number(revenue.cents),
      completedPayments: revenue.payments,
    });
  }

  @Roles(Role.ADMIN)
  @Query(() => [RevenueMonthModel], {
    description:
      'Admins only: completed payments per month (USD cents), last 12 months, oldest first.',
  })
  async revenuePerMonth(): Promise<RevenueMonthModel[]> {
    const rows: { month: string; cents: string; payments: number }[] = await this.dataSource.query(
      `SELECT to_char(m.month, 'YYYY-MM') AS month,
              coalesce(sum(p.amount), 0)::bigint AS cents,
              count(p.id)::int AS payments
         FROM ${MONTHS}
         LEFT JOIN payments p
           ON p.created_at >= m.starts AND p.created_at < m.ends
          AND p.status = $1 AND p.currency = $2
        GROUP BY m.month ORDER BY m.month`,
      [PaymentStatus.COMPLETED, BILLING_CURRENCY],
    );
    return rows.map((row) =>
      Object.assign(new RevenueMonthModel(), {
        month: row.month,
        amountCents: Number(row.cents),
        payments: row.payments,
      }),
    );
  }

  @Roles(Role.ADMIN)
  @Query(() => [MembersByStatusMonthModel], {
    description:
      "Admins only: members by status at each month's end (this month: now), last 12 months, oldest first; from the status history.",
  })
  async membersByStatusPerMonth(): Promise<MembersByStatusMonthModel[]> {
    return this.dataSource
      .query(
        `SELECT to_char(m.month, 'YYYY-MM') AS month,
                count(*) FILTER (WHERE s.status = $1)::int AS active,
                count(*) FILTER (WHERE s.status = $2)::int AS pending,
                count(*) FILTER (WHERE s.status = $3)::int AS inactive
           FROM ${MONTHS}
           LEFT JOIN LATERAL (
             SELECT DISTINCT ON (h.user_id) h.status
               FROM member_status_history h
              WHERE h.changed_at < m.ends
              ORDER BY h.user_id, h.changed_at DESC, h.id DESC
           ) s ON true
          GROUP BY m.month ORDER BY m.month`,
        [MembershipStatus.ACTIVE, MembershipStatus.PENDING, MembershipStatus.INACTIVE],
      )
      .then((rows: MembersByStatusMonthModel[]) =>
        rows.map((row) => Object.assign(new MembersByStatusMonthModel(), row)),
      );
  }

  @Roles(Role.ADMIN)
  @Query(() => [FailedRenewalsMonthModel], {
    description:
      'Admins only: failed monthly dues payments per month, last 12 months, oldest first.',
  })
  async failedRenewalsPerMonth(): Promise<FailedRenewalsMonthModel[]> {
    const rows: { month: string; count: number }[] = await this.dataSource.query(
      `SELECT to_char(m.month, 'YYYY-MM') AS month, count(p.id)::int AS count
         FROM ${MONTHS}
         LEFT JOIN payments p
           ON p.created_at >= m.starts AND p.created_at < m.ends
          AND p.status = $1 AND p.type = $2
        GROUP BY m.month ORDER BY m.month`,
      [PaymentStatus.FAILED, PaymentType.MEMBERSHIP],
    );
    return rows.map((row) => Object.assign(new FailedRenewalsMonthModel(), row));
  }
}
