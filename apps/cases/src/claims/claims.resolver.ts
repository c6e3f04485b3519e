import { Args, Context, ID, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import DataLoader from 'dataloader';
import { DataSource, In } from 'typeorm';
import {
  Authenticated,
  CurrentUser,
  RegisteredMember,
  Roles,
  type AuthUser,
  type RequestAuthContext,
} from '@jibs/auth';
import { DomainError, Role } from '@jibs/domain';
import { EligibilityAssessmentModel } from '../assistance/assessment.model';
import { EligibilityService } from '../assistance/eligibility.service';
import { DeathReportEntity } from '../death-reports/death-report.entity';
import { DeathReportModel } from '../death-reports/death-report.model';
import { CasesMessages } from '../death-reports/cases-messages';
import { ClaimLineEntity } from './claim-line.entity';
import { ClaimModel } from './claim.model';
import { ClaimsService } from './claims.service';
import { AddClaimExpenseInput } from './dto/add-claim-expense.input';

/** A report's eligibility assessment and claim (issue 23): the family's own, or an admin. */
@Resolver(() => DeathReportModel)
export class ClaimsResolver {
  /** Per request: the report rows behind the fields, and their claim lines, one query each. */
  private readonly rows = new WeakMap<object, DataLoader<string, DeathReportEntity | null>>();
  private readonly lines = new WeakMap<object, DataLoader<string, ClaimLineEntity[]>>();

  constructor(
    private readonly dataSource: DataSource,
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
    @Context() context: RequestAuthContext,
  ): Promise<EligibilityAssessmentModel> {
    const row = await this.readable(context, report, user);
    return EligibilityAssessmentModel.from(await this.eligibility.assessInRequest(context, row));
  }

  @Authenticated()
  @ResolveField(() => ClaimModel, {
    description: 'The reporting member or an admin only: the expense lines (none before approval).',
  })
  async claim(
    @Parent() report: DeathReportModel,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestAuthContext,
  ): Promise<ClaimModel> {
    const row = await this.readable(context, report, user);
    const lines = await this.loader(this.lines, context, async (ids) => {
      const found = await this.dataSource.manager.find(ClaimLineEntity, {
        where: { reportId: In([...ids]) },
        order: { createdAt: 'ASC', id: 'ASC' },
      });
      return ids.map((id) => found.filter((line) => line.reportId === id));
    }).load(row.id);
    return ClaimModel.of(row.id, row.windowOverride, lines);
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

  /**
   * The row behind a report the caller was given (the operation that returned it already chose
   * the caller's own or, for an admin, any); checked again here: deny by default.
   */
  private async readable(
    context: object,
    report: DeathReportModel,
    user: AuthUser,
  ): Promise<DeathReportEntity> {
    if (user.role !== Role.ADMIN && report.member.id !== user.id) throw DomainError.forbidden();
    const row = await this.loader(this.rows, context, async (ids) => {
      const found = await this.dataSource.manager.find(DeathReportEntity, {
        where: { id: In([...ids]) },
      });
      return ids.map((id) => found.find((each) => each.id === id) ?? null);
    }).load(report.id);
    if (!row || (user.role !== Role.ADMIN && row.userId !== user.id))
      throw DomainError.notFound(CasesMessages.reportNotFound);
    return row;
  }

  private loader<V>(
    map: WeakMap<object, DataLoader<string, V>>,
    context: object,
    batch: (ids: readonly string[]) => Promise<V[]>,
  ): DataLoader<string, V> {
    let loader = map.get(context);
    if (!loader) {
      loader = new DataLoader(batch);
      map.set(context, loader);
    }
    return loader;
  }
}
