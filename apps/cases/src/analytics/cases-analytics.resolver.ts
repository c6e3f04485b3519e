import { Field, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { DataSource } from 'typeorm';
import { Roles } from '@jibs/auth';
import { Role } from '@jibs/domain';

@ObjectType('DeathReportsMonth', { description: 'Death reports submitted in one month (UTC).' })
export class DeathReportsMonthModel {
  @Field({ description: 'YYYY-MM.' })
  month!: string;

  @Field(() => Int, { description: 'Submitted that month.' })
  submitted!: number;

  @Field(() => Int, { description: 'Of those, approved since.' })
  approved!: number;

  @Field(() => Int, { description: 'Of those, rejected since.' })
  rejected!: number;
}

/** Reports per month for the admin analytics: SQL grouped by month, admins only. */
@Resolver()
export class CasesAnalyticsResolver {
  constructor(private readonly dataSource: DataSource) {}

  @Roles(Role.ADMIN)
  @Query(() => [DeathReportsMonthModel], {
    description:
      'Admins only: death reports submitted per month, the last 12 months (UTC), oldest first; empty months as 0.',
  })
  async deathReportsPerMonth(): Promise<DeathReportsMonthModel[]> {
    const rows: DeathReportsMonthModel[] = await this.dataSource.query(
      `SELECT to_char(m.month, 'YYYY-MM') AS month,
              count(r.id)::int AS submitted,
              count(r.id) FILTER (WHERE r.status = 'approved')::int AS approved,
              count(r.id) FILTER (WHERE r.status = 'rejected')::int AS rejected
         FROM generate_series(
                date_trunc('month', now() AT TIME ZONE 'UTC') - interval '11 months',
                date_trunc('month', now() AT TIME ZONE 'UTC'),
                interval '1 month') AS m(month)
         LEFT JOIN death_reports r
           ON r.created_at >= m.month AT TIME ZONE 'UTC'
          AND r.created_at < (m.month + interval '1 month') AT TIME ZONE 'UTC'
        GROUP BY m.month ORDER BY m.month`,
    );
    return rows.map((row) => Object.assign(new DeathReportsMonthModel(), row));
  }
}
