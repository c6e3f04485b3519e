import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvent, type EventOf } from '@jibs/events';
import { UploadSettingsService } from './upload-settings.service';

export const SETTINGS_GROUP = 'documents.settings';

/** Keeps the documents service's copy of the upload settings in step with the admin's. */
@Injectable()
export class SettingsConsumer {
  constructor(private readonly settings: UploadSettingsService) {}

  @OnEvent('settings.updated', { group: SETTINGS_GROUP })
  async apply(event: EventOf<'settings.updated'>, manager: EntityManager): Promise<void> {
    await this.settings.apply(manager, event.data.settings, new Date(event.time));
  }
}
