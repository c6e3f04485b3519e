import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  BURIAL_ITEM,
  CaseChecklistMessages,
  CaseValueMessages,
  caseChecklistSchema,
  checklistItemId,
  DEFAULT_CASE_CHECKLIST,
  DomainError,
  isUuid,
  parseChecklistItemId,
  ReviewStatus,
  Role,
  type CaseChecklistItemSetting,
  type SiteSettingsValues,
} from '@jibs/domain';
import { DeathReportEntity } from '../death-reports/death-report.entity';
import { CasesMessages } from '../death-reports/death-reports.service';
import { CaseChecklistItemModel } from './case-checklist-item.model';
import { CaseChecklistTickEntity } from './case-checklist-tick.entity';
import { CaseDocumentEntity } from './case-document.entity';
import { CaseSettingsEntity } from './case-settings.entity';
import { CaseTimelineService } from './case-timeline.service';

const SITE = 'site';

export interface Caller {
  id: string;
  role: string;
}

/** The line the timeline shows for a change of an item. */
const tickLabel = (item: CaseChecklistItemSetting, done: boolean) =>
  done ? CaseValueMessages.itemDone(item.label) : CaseValueMessages.itemNotDone(item.label);

/**
 * Every case's checklist: its items come from the settings (cases' copy); admins tick any
 * item, the family only theirs; items about documents are done once the member has an
 * approved document of that type; `assistance.paid` ticks the assistance item.
 */
@Injectable()
export class CaseChecklistService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly timeline: CaseTimelineService,
  ) {}

  /** The settings' items, the defaults until identity's settings arrive. */
  async items(
    manager: EntityManager = this.dataSource.manager,
  ): Promise<CaseChecklistItemSetting[]> {
    const row = await manager.findOneBy(CaseSettingsEntity, { id: SITE });
    return row?.checklist ?? DEFAULT_CASE_CHECKLIST;
  }

  /** Keeps the newest published checklist; an older event, or one without it, changes nothing. */
  async applySettings(
    manager: EntityManager,
    settings: Partial<SiteSettingsValues>,
    publishedAt: Date,
  ): Promise<void> {
    const parsed = caseChecklistSchema.safeParse(settings['caseChecklist']);
    if (!parsed.success) return;
    const existing = await manager.findOne(CaseSettingsEntity, {
      where: { id: SITE },
      lock: { mode: 'pessimistic_write' },
    });
    if (existing && existing.publishedAt > publishedAt) return;
    await manager.save(CaseSettingsEntity, { id: SITE, checklist: parsed.data, publishedAt });
  }

  /** Each report's checklist, in the settings' order: three reads whatever the number of reports. */
  async forReports(
    reports: readonly DeathReportEntity[],
  ): Promise<Map<string, CaseChecklistItemModel[]>> {
    const result = new Map<string, CaseChecklistItemModel[]>();
    if (!reports.length) return result;
    const items = await this.items();
    const ticks = await this.dataSource.manager.find(CaseChecklistTickEntity, {
      where: { reportId: In(reports.map((report) => report.id)) },
    });
    const types = items.flatMap((item) => (item.documentType ? [item.documentType] : []));
    const approved = types.length
      ? await this.dataSource.manager.find(CaseDocumentEntity, {
          where: {
            userId: In([...new Set(reports.map((report) => report.userId))]),
            documentType: In(types),
            status: 'approved',
          },
        })
      : [];
    for (const report of reports) {
      result.set(
        report.id,
        items.map((item) => {
          const tick = ticks.find((row) => row.reportId === report.id && row.itemKey === item.key);
          const document = item.documentType
            ? approved
                .filter(
                  (row) => row.userId === report.userId && row.documentType === item.documentType,
                )
                .sort((a, b) => a.statusAt.getTime() - b.statusAt.getTime())[0]
            : undefined;
          // A tick by hand (or by an event) decides; otherwise an approved document does.
          const done = tick ? tick.done : Boolean(document);
          return Object.assign(new CaseChecklistItemModel(), {
            id: checklistItemId(report.id, item.key),
            key: item.key,
            label: item.label,
            owner: item.owner,
            documentType: item.documentType ?? null,
            done,
            familyMayTick: item.owner === 'family',
            doneAt: !done ? null : tick ? tick.tickedAt : (document?.statusAt ?? null),
            automatic: tick ? tick.done && tick.tickedBy === null : Boolean(document),
          });
        }),
      );
    }
    return result;
  }

  /**
   * Ticks or unticks one item of a case. Another family's case is not found (as an unknown
   * one); an item of another case, an unknown item and a member ticking an admin's item are
   * each refused with their reason; nothing is stored then.
   */
  async tick(
    caller: Caller,
    reportId: string,
    itemId: string,
    done: boolean,
  ): Promise<DeathReportEntity> {
    const admin = caller.role === Role.ADMIN;
    if (!isUuid(reportId)) throw DomainError.notFound(CasesMessages.reportNotFound);
    return this.dataSource.transaction(async (manager) => {
      const report = await manager.findOne(DeathReportEntity, {
        where: admin ? { id: reportId } : { id: reportId, userId: caller.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!report) throw DomainError.notFound(CasesMessages.reportNotFound);
      const parsed = parseChecklistItemId(itemId);
      if (parsed && parsed.reportId !== report.id)
        throw DomainError.badInput({ itemId: CaseChecklistMessages.itemOfAnotherCase });
      const item = (await this.items(manager)).find((candidate) => candidate.key === parsed?.key);
      if (!item) throw DomainError.badInput({ itemId: CaseChecklistMessages.itemNotFound });
      if (report.status === ReviewStatus.REJECTED)
        throw DomainError.conflict(CaseChecklistMessages.reportRejected);
      if (!admin && item.owner !== 'family')
        throw DomainError.forbidden(CaseChecklistMessages.adminItem);
      const current = await manager.findOneBy(CaseChecklistTickEntity, {
        reportId: report.id,
        itemKey: item.key,
      });
      if (current?.done === done) return report;
      const at = new Date();
      await manager.save(CaseChecklistTickEntity, {
        reportId: report.id,
        itemKey: item.key,
        done,
        tickedBy: caller.id,
        tickedAt: at,
      });
      const entry = { reportId: report.id, userId: report.userId, at };
      const byFamily = caller.id === report.userId;
      if (item.key === BURIAL_ITEM && done) {
        // The family is told of what others did for them, not of their own ticks.
        if (byFamily) await this.timeline.append(manager, { ...entry, step: 'burial_done' });
        else await this.timeline.progressed(manager, { ...entry, step: 'burial_done' });
      } else if (byFamily) {
        await this.timeline.append(manager, {
          ...entry,
          step: 'checklist',
          label: tickLabel(item, done),
        });
      } else {
        await this.timeline.progressed(manager, {
          ...entry,
          step: 'checklist',
          label: tickLabel(item, done),
        });
      }
      return report;
    });
  }

  /**
   * The member's first approved document of a type: each item about that type becomes done on
   * the member's cases where nobody ticked it by hand (on the timeline, told to the family).
   */
  async firstDocumentApproved(
    manager: EntityManager,
    userId: string,
    documentType: string,
    at: Date,
  ): Promise<void> {
    const items = (await this.items(manager)).filter((item) => item.documentType === documentType);
    if (!items.length) return;
    const reports = await manager.find(DeathReportEntity, { where: { userId } });
    if (!reports.length) return;
    const ticks = await manager.find(CaseChecklistTickEntity, {
      where: { reportId: In(reports.map((report) => report.id)) },
    });
    for (const report of reports) {
      if (report.status === ReviewStatus.REJECTED) continue;
      for (const item of items) {
        if (ticks.some((tick) => tick.reportId === report.id && tick.itemKey === item.key))
          continue;
        await this.timeline.progressed(manager, {
          reportId: report.id,
          userId,
          step: 'checklist',
          label: tickLabel(item, true),
          at,
        });
      }
    }
  }

  /** `assistance.paid`: the assistance item is done, ticked by the event (no one by hand). */
  async tickByEvent(
    manager: EntityManager,
    reportId: string,
    itemKey: string,
    at: Date,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO case_checklist_ticks (report_id, item_key, done, ticked_by, ticked_at)
       VALUES ($1, $2, true, NULL, $3)
       ON CONFLICT (report_id, item_key) DO UPDATE SET done = true, ticked_by = NULL, ticked_at = $3`,
      [reportId, itemKey, at],
    );
  }
}
