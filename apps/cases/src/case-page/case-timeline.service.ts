import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { CASE_STEP_LABELS, type CaseStep } from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { CaseTimelineEntryEntity } from './case-timeline-entry.entity';

export interface NewTimelineEntry {
  reportId: string;
  userId: string;
  step: CaseStep;
  /** The step's own label unless given. */
  label?: string;
  notes?: string | null;
  amount?: number | null;
  at?: Date;
}

/** The steps cases performs itself and tells the family of (`case.progressed`). */
type ProgressStep = 'under_review' | 'checklist' | 'burial_done';

/** A case's timeline: appended in the transaction of what happened, read in order. */
@Injectable()
export class CaseTimelineService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  async append(manager: EntityManager, entry: NewTimelineEntry): Promise<void> {
    await manager.insert(CaseTimelineEntryEntity, {
      reportId: entry.reportId,
      userId: entry.userId,
      step: entry.step,
      label: (entry.label ?? CASE_STEP_LABELS[entry.step]).slice(0, 200),
      notes: entry.notes ?? null,
      amount: entry.amount ?? null,
      at: entry.at ?? new Date(),
    });
  }

  /** A step cases performed that the family is told of: on the timeline and as `case.progressed`. */
  async progressed(
    manager: EntityManager,
    entry: NewTimelineEntry & { step: ProgressStep },
  ): Promise<void> {
    const at = entry.at ?? new Date();
    const label = (entry.label ?? CASE_STEP_LABELS[entry.step]).slice(0, 200);
    await this.append(manager, { ...entry, label, at });
    await this.events.publish(
      manager,
      'case.progressed',
      {
        reportId: entry.reportId,
        userId: entry.userId,
        step: entry.step,
        label,
        at: at.toISOString(),
      },
      { subject: entry.userId },
    );
  }

  /** The timelines of these reports, each in order. */
  forReports(reportIds: readonly string[]): Promise<CaseTimelineEntryEntity[]> {
    if (!reportIds.length) return Promise.resolve([]);
    return this.dataSource.manager.find(CaseTimelineEntryEntity, {
      where: { reportId: In([...reportIds]) },
      order: { at: 'ASC', seq: 'ASC' },
    });
  }
}
