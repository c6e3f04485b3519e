import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvent, type EventOf } from '@jibs/events';
import { CaseChecklistService } from './case-checklist.service';

export const CASE_SETTINGS_GROUP = 'cases.case-settings';

/** Keeps cases' copy of the checklist setting in step with the admin's. */
@Injectable()
export class CaseSettingsConsumer {
  constructor(private readonly checklist: CaseChecklistService) {}

  @OnEvent('settings.updated', { group: CASE_SETTINGS_GROUP })
  async apply(event: EventOf<'settings.updated'>, manager: EntityManager): Promise<void> {
    await this.checklist.applySettings(manager, event.data.settings, new Date(event.time));
  }
}
