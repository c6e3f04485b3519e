import { Context, Parent, ResolveField, ResolveReference, Resolver } from '@nestjs/graphql';
import { DataSource, In } from 'typeorm';
import { Public, Roles, type RequestAuthContext } from '@jibs/auth';
import { isUuid, Role } from '@jibs/domain';
import { RowsByUserLoader, userReference, type UserReference } from '@jibs/subgraph';
import { DeathReportEntity } from '../death-reports/death-report.entity';
import { DeathReportModel } from '../death-reports/death-report.model';

const User = userReference();

/** `User.deathReports` for the admin console's user details: admins only, batched. */
@Resolver(() => User)
export class DeathReportsUserResolver {
  private readonly rows: RowsByUserLoader<DeathReportEntity>;

  constructor(dataSource: DataSource) {
    this.rows = new RowsByUserLoader(async (ids) => {
      const valid = ids.filter((id) => isUuid(id));
      return valid.length
        ? dataSource.manager.find(DeathReportEntity, {
            where: { userId: In(valid) },
            order: { createdAt: 'DESC', id: 'DESC' },
          })
        : [];
    });
  }

  /** Only the id the gateway gave: what may be read of it, its fields decide. */
  @Public()
  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }): UserReference {
    return User.of(reference.id);
  }

  @Roles(Role.ADMIN)
  @ResolveField(() => [DeathReportModel], {
    description: "Admins only: the user's death reports, newest first.",
  })
  async deathReports(
    @Parent() user: UserReference,
    @Context() context: RequestAuthContext,
  ): Promise<DeathReportModel[]> {
    return (await this.rows.load(context, user.id)).map((row) => DeathReportModel.from(row));
  }
}
