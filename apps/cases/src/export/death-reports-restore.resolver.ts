import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentUser, RegisteredMember, type AuthUser } from '@jibs/auth';
import { DeathReportsRestoreService } from './death-reports-restore.service';
import { RestoreDeathReportInput } from './restore-death-report.input';

@Resolver()
export class DeathReportsRestoreResolver {
  constructor(private readonly restore: DeathReportsRestoreService) {}

  @RegisteredMember()
  @Mutation(() => Int, {
    description:
      "Restores the signed-in member's death reports from their backup: re-creates, as pending, each report whose id is missing; existing ones (own or not) are left alone. Returns how many were re-created.",
  })
  restoreMyDeathReports(
    @CurrentUser() user: AuthUser,
    @Args('reports', { type: () => [RestoreDeathReportInput] })
    reports: RestoreDeathReportInput[],
  ): Promise<number> {
    return this.restore.restore(user.id, reports);
  }
}
