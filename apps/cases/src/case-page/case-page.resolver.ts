import {
  Args,
  Context,
  ID,
  Mutation,
  Parent,
  Query,
  ResolveField,
  Resolver,
} from '@nestjs/graphql';
import {
  Authenticated,
  CurrentUser,
  RegisteredMember,
  Roles,
  type AuthUser,
  type RequestAuthContext,
} from '@jibs/auth';
import { Role } from '@jibs/domain';
import { DeathReportModel } from '../death-reports/death-report.model';
import { DeathReportsService } from '../death-reports/death-reports.service';
import { CaseChecklistItemModel } from './case-checklist-item.model';
import { CaseChecklistService } from './case-checklist.service';
import { CaseDocumentModel } from './case-document.model';
import { CaseHandlerModel } from './case-handler.model';
import { CaseHandlingService } from './case-handling.service';
import { CasePageLoaders } from './case-page.loaders';
import { CaseTimelineEntryModel } from './case-timeline-entry.model';

/**
 * The case page: one report with its timeline, checklist, documents and handler. The parts are
 * fields of DeathReport, so whoever was given the report (its member, or an admin) reads them.
 */
@Resolver(() => DeathReportModel)
export class CasePageResolver {
  constructor(
    private readonly reports: DeathReportsService,
    private readonly checklist: CaseChecklistService,
    private readonly handling: CaseHandlingService,
    private readonly loaders: CasePageLoaders,
  ) {}

  @Authenticated()
  @Query(() => DeathReportModel, {
    description:
      "One report for its case page: the reporting member's own, or any for an admin. Another member's report is NOT_FOUND, as an unknown one.",
  })
  async deathReport(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<DeathReportModel> {
    const row =
      user.role === Role.ADMIN ? await this.reports.any(id) : await this.reports.own(user.id, id);
    return DeathReportModel.from(row);
  }

  @Roles(Role.ADMIN)
  @Mutation(() => DeathReportModel, {
    description:
      "Admins only: 'assign to me'. The first time, while pending, the case is under review and the family is told.",
  })
  async takeDeathReportCase(
    @CurrentUser() admin: AuthUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<DeathReportModel> {
    return DeathReportModel.from(await this.handling.take(admin.id, id));
  }

  @RegisteredMember()
  @Mutation(() => DeathReportModel, {
    description:
      "Ticks (done) or unticks a checklist item of a case: admins any item of any case, the reporting member the family's items of their own case.",
  })
  async setCaseChecklistItem(
    @CurrentUser() user: AuthUser,
    @Args('reportId', { type: () => ID }) reportId: string,
    @Args('itemId', { type: () => ID }) itemId: string,
    @Args('done') done: boolean,
  ): Promise<DeathReportModel> {
    return DeathReportModel.from(await this.checklist.tick(user, reportId, itemId, done));
  }

  @Authenticated()
  @ResolveField(() => [CaseTimelineEntryModel], { description: 'The case so far, oldest first.' })
  async timeline(
    @Parent() report: DeathReportModel,
    @Context() context: RequestAuthContext,
  ): Promise<CaseTimelineEntryModel[]> {
    const rows = await this.loaders.for(context).timeline.load(report.id);
    return rows.map((row) => CaseTimelineEntryModel.from(row));
  }

  @Authenticated()
  @ResolveField('checklist', () => [CaseChecklistItemModel], {
    description: "The case's checklist.",
  })
  checklistItems(
    @Parent() report: DeathReportModel,
    @Context() context: RequestAuthContext,
  ): Promise<CaseChecklistItemModel[]> {
    return this.loaders.for(context).checklist.load(report.id);
  }

  @Authenticated()
  @ResolveField(() => [CaseDocumentModel], {
    description:
      "The reporting member's documents of the types the checklist names (documents carry no report id), newest first.",
  })
  async caseDocuments(
    @Parent() report: DeathReportModel,
    @Context() context: RequestAuthContext,
  ): Promise<CaseDocumentModel[]> {
    const rows = await this.loaders.for(context).documents.load(report.id);
    return rows.map((row) => CaseDocumentModel.from(row));
  }

  @Authenticated()
  @ResolveField(() => CaseHandlerModel, {
    nullable: true,
    description: 'The admin handling the case (the name only); null until one takes it.',
  })
  async handler(
    @Parent() report: DeathReportModel,
    @Context() context: RequestAuthContext,
  ): Promise<CaseHandlerModel | null> {
    const handler = await this.loaders.for(context).handler.load(report.id);
    return handler ? Object.assign(new CaseHandlerModel(), handler) : null;
  }
}
