import { Inject } from '@nestjs/common';
import { Context, Parent, ResolveField, ResolveReference, Resolver } from '@nestjs/graphql';
import { DataSource, In } from 'typeorm';
import { TOKEN_VERIFIER, type RequestAuthContext, type TokenVerifier } from '@jibs/auth';
import { isUuid } from '@jibs/domain';
import {
  AdminFieldAccess,
  RowsByUserLoader,
  userReference,
  type UserReference,
} from '@jibs/subgraph';
import { DeathReportEntity } from '../death-reports/death-report.entity';
import { DeathReportModel } from '../death-reports/death-report.model';

const User = userReference();

/** `User.deathReports` for the admin console's user details: admins only, batched. */
@Resolver(() => User)
export class DeathReportsUserResolver {
  private readonly access: AdminFieldAccess;

  private readonly rows: RowsByUserLoader<DeathReportEntity>;

  constructor(dataSource: DataSource, @Inject(TOKEN_VERIFIER) verify: TokenVerifier) {
    this.access = new AdminFieldAccess(verify);
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

  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }): UserReference {
    return User.of(reference.id);
  }

  @ResolveField(() => [DeathReportModel], {
    description: "Admins only: the user's death reports, newest first.",
  })
  async deathReports(
    @Parent() user: UserReference,
    @Context() context: RequestAuthContext,
  ): Promise<DeathReportModel[]> {
    await this.access.requireAdmin(context);
    return (await this.rows.load(context, user.id)).map((row) => DeathReportModel.from(row));
  }
}
