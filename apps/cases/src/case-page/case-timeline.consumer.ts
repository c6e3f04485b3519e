import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ASSISTANCE_PAID_ITEM } from '@jibs/domain';
import { OnEvent, type EventOf } from '@jibs/events';
import { CaseChecklistService } from './case-checklist.service';
import { CaseTimelineService } from './case-timeline.service';
import {
  ASSISTANCE_TOPICS,
  assistanceEntry,
  JANAZAH_TOPICS,
  janazahEntry,
} from './case-timeline.appliers';

export const CASE_JANAZAH_GROUP = 'cases.case-janazah';
export const CASE_ASSISTANCE_GROUP = 'cases.case-assistance';

/**
 * The steps other parts of the fund take, appended to the case's timeline once per event (the
 * inbox drops a redelivery): janazah notices, the claim and its payouts.
 */
@Injectable()
export class CaseTimelineConsumer {
  constructor(
    private readonly timeline: CaseTimelineService,
    private readonly checklist: CaseChecklistService,
  ) {}

  @OnEvent(JANAZAH_TOPICS, { group: CASE_JANAZAH_GROUP })
  async janazah(
    event: EventOf<(typeof JANAZAH_TOPICS)[number]>,
    manager: EntityManager,
  ): Promise<void> {
    await this.timeline.append(manager, janazahEntry(event));
  }

  @OnEvent(ASSISTANCE_TOPICS, { group: CASE_ASSISTANCE_GROUP })
  async assistance(
    event: EventOf<(typeof ASSISTANCE_TOPICS)[number]>,
    manager: EntityManager,
  ): Promise<void> {
    await this.timeline.append(manager, assistanceEntry(event));
    if (event.type === 'assistance.paid') {
      await this.checklist.tickByEvent(
        manager,
        event.data.reportId,
        ASSISTANCE_PAID_ITEM,
        new Date(event.time),
      );
    }
  }
}
