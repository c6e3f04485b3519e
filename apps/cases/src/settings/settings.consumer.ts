import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvent, type EventOf } from '@jibs/events';
import { JanazahSettingsService } from './janazah-settings.service';

export const SETTINGS_GROUP = 'cases.settings';

/** Keeps the cases service's copy of the janazah setting in step with the admin's. */
@Injectable()
export class SettingsConsumer {
  constructor(private readonly settings: JanazahSettingsService) {}

  @OnEvent('settings.updated', { group: SETTINGS_GROUP })
  async apply(event: EventOf<'settings.updated'>, manager: EntityManager): Promise<void> {
    await this.settings.apply(manager, event.data.settings, new Date(event.time));
  }
}
