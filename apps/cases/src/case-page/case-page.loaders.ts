import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { DataSource, In } from 'typeorm';
import { DeathReportEntity } from '../death-reports/death-report.entity';
import type { CaseChecklistItemModel } from './case-checklist-item.model';
import { CaseChecklistService } from './case-checklist.service';
import { CaseDocumentEntity } from './case-document.entity';
import { CaseHandlingService } from './case-handling.service';
import type { CaseTimelineEntryEntity } from './case-timeline-entry.entity';
import { CaseTimelineService } from './case-timeline.service';

interface Loaders {
  timeline: DataLoader<string, CaseTimelineEntryEntity[]>;
  checklist: DataLoader<string, CaseChecklistItemModel[]>;
  documents: DataLoader<string, CaseDocumentEntity[]>;
  handler: DataLoader<string, { name: string; assignedAt: Date } | null>;
}

/** One set of DataLoaders per request: a list of reports reads each part once, not per report. */
@Injectable()
export class CasePageLoaders {
  private readonly loaders = new WeakMap<object, Loaders>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly timeline: CaseTimelineService,
    private readonly checklist: CaseChecklistService,
    private readonly handling: CaseHandlingService,
  ) {}

  for(context: object): Loaders {
    let loaders = this.loaders.get(context);
    if (!loaders) {
      loaders = this.create();
      this.loaders.set(context, loaders);
    }
    return loaders;
  }

  private reports(ids: readonly string[]): Promise<DeathReportEntity[]> {
    return this.dataSource.manager.findBy(DeathReportEntity, { id: In([...ids]) });
  }

  private create(): Loaders {
    return {
      timeline: new DataLoader(async (ids) => {
        const rows = await this.timeline.forReports(ids);
        return ids.map((id) => rows.filter((row) => row.reportId === id));
      }),
      checklist: new DataLoader(async (ids) => {
        const items = await this.checklist.forReports(await this.reports(ids));
        return ids.map((id) => items.get(id) ?? []);
      }),
      documents: new DataLoader(async (ids) => {
        const reports = await this.reports(ids);
        const types = (await this.checklist.items()).flatMap((item) =>
          item.documentType ? [item.documentType] : [],
        );
        const rows =
          reports.length && types.length
            ? await this.dataSource.manager.find(CaseDocumentEntity, {
                where: {
                  userId: In([...new Set(reports.map((report) => report.userId))]),
                  documentType: In(types),
                },
                order: { uploadedAt: 'DESC', documentId: 'ASC' },
              })
            : [];
        return ids.map((id) => {
          const report = reports.find((row) => row.id === id);
          return report ? rows.filter((row) => row.userId === report.userId) : [];
        });
      }),
      handler: new DataLoader(async (ids) => {
        const handlers = await this.handling.forReports(ids);
        return ids.map((id) => handlers.get(id) ?? null);
      }),
    };
  }
}
