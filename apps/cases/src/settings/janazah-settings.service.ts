import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DEFAULT_SETTINGS, type SiteSettingsValues } from '@jibs/domain';
import { JanazahSettingsEntity } from './janazah-settings.entity';

const SITE = 'site';

/** Whether reporting members may publish: this service's copy of identity's setting. */
@Injectable()
export class JanazahSettingsService {
  constructor(private readonly dataSource: DataSource) {}

  async membersMayPublish(manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const row = await manager.findOneBy(JanazahSettingsEntity, { id: SITE });
    return row?.membersMayPublishJanazah ?? DEFAULT_SETTINGS.membersMayPublishJanazah;
  }

  /** Keeps the newest published value; an older event delivered late changes nothing. */
  async apply(
    manager: EntityManager,
    settings: Partial<SiteSettingsValues>,
    publishedAt: Date,
  ): Promise<void> {
    const value = settings['membersMayPublishJanazah'];
    if (typeof value !== 'boolean') return;
    const existing = await manager.findOne(JanazahSettingsEntity, {
      where: { id: SITE },
      lock: { mode: 'pessimistic_write' },
    });
    if (existing && existing.publishedAt > publishedAt) return;
    await manager.save(JanazahSettingsEntity, {
      id: SITE,
      membersMayPublishJanazah: value,
      publishedAt,
    });
  }
}
