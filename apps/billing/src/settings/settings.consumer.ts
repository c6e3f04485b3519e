import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvent, type EventOf } from '@jibs/events';
import { FeeSettingsService } from './fee-settings.service';

export const SETTINGS_GROUP = 'billing.settings';

/** Keeps billing's copy of the fees in step with the admin's settings. */
@Injectable()
export class SettingsConsumer {
  constructor(private readonly settings: FeeSettingsService) {}

  @OnEvent('settings.updated', { group: SETTINGS_GROUP })
  async apply(event: EventOf<'settings.updated'>, manager: EntityManager): Promise<void> {
    await this.settings.apply(manager, event.data.settings, new Date(event.time));
  }
}
