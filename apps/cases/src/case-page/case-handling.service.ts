import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { DomainError, isUuid, ReviewStatus } from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { NamedMemberEntity, recordAudit } from '@jibs/subgraph';
import { DeathReportEntity } from '../death-reports/death-report.entity';
import { CasesMessages } from '../death-reports/death-reports.service';
import { CaseHandlerEntity } from './case-handler.entity';
import { CaseTimelineService } from './case-timeline.service';

/** What the family sees until cases has learnt the admin's name. */
export const UNNAMED_HANDLER = 'JIBS team';

/** Who handles a case: an admin takes it ("assign to me"), or the reviewer becomes it. */
@Injectable()
export class CaseHandlingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly timeline: CaseTimelineService,
  ) {}

  /**
   * The admin takes the case. The first time, while it waits for review, it is "under review"
   * on the timeline and the family is told; taking it over from another admin only changes the
   * handler (audited).
   */
  async take(adminId: string, reportId: string): Promise<DeathReportEntity> {
    if (!isUuid(reportId)) throw DomainError.notFound(CasesMessages.reportNotFound);
    return this.dataSource.transaction(async (manager) => {
      const report = await manager.findOne(DeathReportEntity, {
        where: { id: reportId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!report) throw DomainError.notFound(CasesMessages.reportNotFound);
      const before = await manager.findOneBy(CaseHandlerEntity, { reportId });
      if (before?.adminId === adminId) return report;
      const at = new Date();
      await manager.save(CaseHandlerEntity, { reportId, adminId, assignedAt: at });
      await recordAudit(this.events, manager, {
        actorId: adminId,
        action: 'death_report.assigned',
        subjectType: 'death_report',
        subjectId: reportId,
        memberId: report.userId,
        before: { handledBy: before?.adminId ?? null },
        after: { handledBy: adminId },
      });
      if (!before && report.status === ReviewStatus.PENDING) {
        await this.timeline.progressed(manager, {
          reportId,
          userId: report.userId,
          step: 'under_review',
          at,
        });
      }
      return report;
    });
  }

  /** Each report's handler with the name cases learnt (one read for any number of reports). */
  async forReports(
    reportIds: readonly string[],
  ): Promise<Map<string, { name: string; assignedAt: Date }>> {
    const result = new Map<string, { name: string; assignedAt: Date }>();
    if (!reportIds.length) return result;
    const handlers = await this.dataSource.manager.find(CaseHandlerEntity, {
      where: { reportId: In([...reportIds]) },
    });
    const names = handlers.length
      ? await this.dataSource.manager.find(NamedMemberEntity, {
          where: { userId: In(handlers.map((row) => row.adminId)) },
        })
      : [];
    for (const handler of handlers) {
      const member = names.find((row) => row.userId === handler.adminId);
      const name = member ? `${member.firstName} ${member.lastName}`.trim() : '';
      result.set(handler.reportId, {
        name: name || UNNAMED_HANDLER,
        assignedAt: handler.assignedAt,
      });
    }
    return result;
  }
}
