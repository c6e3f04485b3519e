import {
  Args,
  ID,
  Int,
  Mutation,
  Parent,
  Query,
  ResolveReference,
  Resolver,
} from '@nestjs/graphql';
import { Authenticated, CurrentUser, RegisteredMember, Roles, type AuthUser } from '@jibs/auth';
import { Role } from '@jibs/domain';
import { DeathReportCountsModel, DeathReportModel } from './death-report.model';
import { DeathReportsService, type DeathReportCounts } from './death-reports.service';
import { SubmitDeathReportInput } from './dto/submit-death-report.input';
import { ReviewDecision, ReviewStatus } from './review-enums';

const counts = (value: DeathReportCounts) => Object.assign(new DeathReportCountsModel(), value);

@Resolver(() => DeathReportModel)
export class DeathReportsResolver {
  constructor(private readonly reports: DeathReportsService) {}

  @RegisteredMember()
  @Query(() => [DeathReportModel], { description: "The signed-in member's reports, newest first." })
  async myDeathReports(@CurrentUser() user: AuthUser): Promise<DeathReportModel[]> {
    return (await this.reports.listOwn(user.id)).map((row) => DeathReportModel.from(row));
  }

  @RegisteredMember()
  @Query(() => DeathReportCountsModel, { description: "The dashboard's cards: own reports." })
  async myDeathReportCounts(@CurrentUser() user: AuthUser): Promise<DeathReportCountsModel> {
    return counts(await this.reports.countsOwn(user.id));
  }

  @Roles(Role.ADMIN)
  @Query(() => [DeathReportModel], {
    description:
      "Admins only: every report, newest first. `search` matches the deceased's name or the relationship (case-insensitive).",
  })
  async deathReports(
    @Args('search', { type: () => String, nullable: true }) search?: string | null,
    @Args('status', { type: () => ReviewStatus, nullable: true }) status?: ReviewStatus | null,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 50 }) limit?: number | null,
    @Args('offset', { type: () => Int, nullable: true, defaultValue: 0 }) offset?: number | null,
  ): Promise<DeathReportModel[]> {
    const rows = await this.reports.list({ search, status, limit, offset });
    return rows.map((row) => DeathReportModel.from(row));
  }

  @Roles(Role.ADMIN)
  @Query(() => DeathReportCountsModel, { description: 'Admins only: all reports, pending ones.' })
  async deathReportStats(): Promise<DeathReportCountsModel> {
    return counts(await this.reports.stats());
  }

  @RegisteredMember()
  @Mutation(() => DeathReportModel, { description: 'Stored pending review.' })
  async submitDeathReport(
    @CurrentUser() user: AuthUser,
    @Args('input') input: SubmitDeathReportInput,
  ): Promise<DeathReportModel> {
    return DeathReportModel.from(await this.reports.submit(user.id, input));
  }

  @Roles(Role.ADMIN)
  @Mutation(() => DeathReportModel, {
    description:
      "Admins only, pending reports only (CONFLICT otherwise). A rejection without notes stores 'Report requires revision'.",
  })
  async reviewDeathReport(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
    @Args('decision', { type: () => ReviewDecision }) decision: ReviewDecision,
    @Args('adminNotes', { type: () => String, nullable: true }) adminNotes?: string | null,
  ): Promise<DeathReportModel> {
    return DeathReportModel.from(await this.reports.review(user.id, id, decision, adminNotes));
  }

  /** Another subgraph's reference: the reporting member or an admin only (NOT_FOUND otherwise). */
  @Authenticated()
  @ResolveReference()
  async resolveReference(
    @Parent() reference: { id: string },
    @CurrentUser() user: AuthUser,
  ): Promise<DeathReportModel> {
    const row =
      user.role === Role.ADMIN
        ? await this.reports.any(reference.id)
        : await this.reports.own(user.id, reference.id);
    return DeathReportModel.from(row);
  }
}
