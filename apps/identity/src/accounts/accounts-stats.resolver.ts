import { Field, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { DataSource } from 'typeorm';
import { Roles } from '@jibs/auth';
import { Role } from '@jibs/domain';

@ObjectType('UserStats', { description: "Identity's accounts, counted." })
export class UserStatsModel {
  @Field(() => Int, { description: 'Every account, admins included.' })
  total!: number;

  @Field(() => Int)
  members!: number;

  @Field(() => Int)
  admins!: number;
}

@ObjectType('RegistrationsMonth', { description: 'Accounts created in one month (UTC).' })
export class RegistrationsMonthModel {
  @Field({ description: 'YYYY-MM.' })
  month!: string;

  @Field(() => Int)
  count!: number;
}

/** The SQL of a 12-month series ending this month (UTC), months with no rows as 0. */
export const LAST_12_MONTHS = `generate_series(
  date_trunc('month', now() AT TIME ZONE 'UTC') - interval '11 months',
  date_trunc('month', now() AT TIME ZONE 'UTC'),
  interval '1 month') AS m(month)`;

/** The admin dashboard's user count and analytics' registrations per month. */
@Resolver()
export class AccountsStatsResolver {
  constructor(private readonly dataSource: DataSource) {}

  @Roles(Role.ADMIN)
  @Query(() => UserStatsModel, { description: 'Admins only: how many accounts, by role.' })
  async userStats(): Promise<UserStatsModel> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE role = $1)::int AS admins
         FROM accounts`,
      [Role.ADMIN],
    );
    return Object.assign(new UserStatsModel(), {
      total: row.total,
      admins: row.admins,
      members: row.total - row.admins,
    });
  }

  @Roles(Role.ADMIN)
  @Query(() => [RegistrationsMonthModel], {
    description: 'Admins only: accounts created per month, the last 12 months (UTC), oldest first.',
  })
  async registrationsPerMonth(): Promise<RegistrationsMonthModel[]> {
    const rows: { month: string; count: number }[] = await this.dataSource.query(
      `SELECT to_char(m.month, 'YYYY-MM') AS month, count(a.id)::int AS count
         FROM ${LAST_12_MONTHS}
         LEFT JOIN accounts a
           ON a.created_at >= m.month AT TIME ZONE 'UTC'
          AND a.created_at < (m.month + interval '1 month') AT TIME ZONE 'UTC'
        GROUP BY m.month ORDER BY m.month`,
    );
    return rows.map((row) => Object.assign(new RegistrationsMonthModel(), row));
  }
}
