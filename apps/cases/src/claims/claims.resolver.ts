import { Args, ID, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Authenticated, CurrentUser, RegisteredMember, Roles, type AuthUser } from '@jibs/auth';
import { DomainError, Role } from '@jibs/domain';
import { EligibilityAssessmentModel } from '../assistance/assessment.model';
import { EligibilityService } from '../assistance/eligibility.service';
import { DeathReportModel } from '../death-reports/death-report.model';
import { DeathReportsService } from '../death-reports/death-reports.service';
import { ClaimModel } from './claim.model';
import { ClaimsService } from './claims.service';
import { AddClaimExpenseInput } from './dto/add-claim-expense.input';

/** A report's eligibility assessment and claim (issue 23): the family's own, or an admin. */
@Resolver(() => DeathReportModel)
export class ClaimsResolver {
  constructor(
    private readonly reports: DeathReportsService,
    private readonly eligibility: EligibilityService,
    private readonly claims: ClaimsService,
  ) {}

  @Authenticated()
  @ResolveField(() => EligibilityAssessmentModel, {
    description: 'The reporting member or an admin only: who is covered and why, rule by rule.',
  })
  async assessment(
    @Parent() report: DeathReportModel,
    @CurrentUser() user: AuthUser,
  ): Promise<EligibilityAssessmentModel> {
    const row = await this.readable(report, user);
    return EligibilityAssessmentModel.from(await this.eligibility.assess(row));
  }

  @Authenticated()
  @ResolveField(() => ClaimModel, {
    description: 'The reporting member or an admin only: the expense lines (none before approval).',
  })
  async claim(
    @Parent() report: DeathReportModel,
    @CurrentUser() user: AuthUser,
  ): Promise<ClaimModel> {
    const row = await this.readable(report, user);
    return ClaimModel.of(row.id, row.windowOverride, await this.claims.lines(row.id));
  }

  @RegisteredMember()
  @Mutation(() => DeathReportModel, {
    description:
      "Adds an expense line to an approved report's claim: the family on their own report, or an admin for them. Publishes claim.updated.",
  })
  async addClaimExpense(
    @CurrentUser() user: AuthUser,
    @Args('input') input: AddClaimExpenseInput,
  ): Promise<DeathReportModel> {
    return DeathReportModel.from(await this.claims.addLine(user, input));
  }

  @RegisteredMember()
  @Mutation(() => DeathReportModel, {
    description:
      "Removes an expense line from an approved report's claim. Publishes claim.updated.",
  })
  async removeClaimExpense(
    @CurrentUser() user: AuthUser,
    @Args('lineId', { type: () => ID }) lineId: string,
  ): Promise<DeathReportModel> {
    return DeathReportModel.from(await this.claims.removeLine(user, lineId));
  }

  @Roles(Role.ADMIN)
  @Mutation(() => DeathReportModel, {
    description:
      "Admins only: accepts an approved report's claim outside the claim window; the note is kept in the audit trail.",
  })
  async acceptLateClaim(
    @CurrentUser() user: AuthUser,
    @Args('reportId', { type: () => ID }) reportId: string,
    @Args('note') note: string,
  ): Promise<DeathReportModel> {
    return DeathReportModel.from(await this.claims.acceptLateClaim(user.id, reportId, note));
  }

  /** The row behind a report the caller was given: theirs, or any for an admin. */
  private async readable(report: DeathReportModel, user: AuthUser) {
    if (user.role !== Role.ADMIN && report.member.id !== user.id) throw DomainError.forbidden();
    return user.role === Role.ADMIN
      ? this.reports.any(report.id)
      : this.reports.own(user.id, report.id);
  }
}
