import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import DataLoader from 'dataloader';
import { CurrentUser, Public, type AuthUser } from '@jibs/auth';
import { ReviewStatus } from '@jibs/domain';
import { DeathReportModel } from '../death-reports/death-report.model';
import { JanazahNoticeModel } from './janazah-notice.model';
import { JanazahService } from './janazah.service';

const ACTIVE_NOTICES = Symbol('activeJanazahNotices');
const MAY_PUBLISH = Symbol('membersMayPublishJanazah');
type LoaderContext = {
  [ACTIVE_NOTICES]?: DataLoader<string, JanazahNoticeModel | null>;
  [MAY_PUBLISH]?: Promise<boolean>;
};

/**
 * A report's janazah notice. `@Public()`: a report is given only to its reporting member and to
 * admins (the operations decided), so whoever holds one may read its notice.
 */
@Resolver(() => DeathReportModel)
export class DeathReportJanazahResolver {
  constructor(private readonly janazah: JanazahService) {}

  @Public()
  @ResolveField(() => JanazahNoticeModel, {
    nullable: true,
    description: 'The active janazah notice; null without one.',
  })
  async janazahNotice(
    @Parent() report: DeathReportModel,
    @CurrentUser() user: AuthUser | null,
    @Context() context: LoaderContext,
  ): Promise<JanazahNoticeModel | null> {
    if (!user) return null;
    context[ACTIVE_NOTICES] ??= new DataLoader(async (reportIds: readonly string[]) => {
      const found = await this.janazah.activeOf(reportIds, user);
      return reportIds.map((id) => {
        const seen = found.get(id);
        return seen ? JanazahNoticeModel.from(seen.notice, seen.facts) : null;
      });
    });
    return context[ACTIVE_NOTICES].load(report.id);
  }

  @Public()
  @ResolveField(() => Boolean, {
    description:
      'Whether the caller may publish its janazah notice now: approved, and an admin or allowed by the site.',
  })
  async mayPublishJanazah(
    @Parent() report: DeathReportModel,
    @CurrentUser() user: AuthUser | null,
    @Context() context: LoaderContext,
  ): Promise<boolean> {
    if (!user || report.status !== ReviewStatus.APPROVED) return false;
    context[MAY_PUBLISH] ??= this.janazah.mayPublish(user);
    return context[MAY_PUBLISH];
  }
}
