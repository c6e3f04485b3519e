import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DEFAULT_SETTINGS,
  SUPPORTED_FILE_TYPES,
  megabytesToBytes,
  type SupportedFileType,
  type UploadRules,
  type SiteSettingsValues,
} from '@jibs/domain';
import { UploadSettingsEntity } from './upload-settings.entity';

const SITE = 'site';

export interface UploadSettings {
  maxFileSizeMb: number;
  allowedFileTypes: SupportedFileType[];
  autoApproval: boolean;
}

const DEFAULTS: UploadSettings = {
  maxFileSizeMb: DEFAULT_SETTINGS.maxFileSizeMb,
  allowedFileTypes: DEFAULT_SETTINGS.allowedFileTypes as SupportedFileType[],
  autoApproval: DEFAULT_SETTINGS.autoApproval,
};

const megabytes = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 1024
    ? value
    : fallback;

function fileTypes(value: unknown, fallback: SupportedFileType[]): SupportedFileType[] {
  if (!Array.isArray(value)) return fallback;
  const known = value.filter((type): type is SupportedFileType =>
    (SUPPORTED_FILE_TYPES as readonly unknown[]).includes(type),
  );
  return known.length ? [...new Set(known)] : fallback;
}

/** The upload rules: this service's copy of identity's settings, the defaults until one arrives. */
@Injectable()
export class UploadSettingsService {
  constructor(private readonly dataSource: DataSource) {}

  async current(manager: EntityManager = this.dataSource.manager): Promise<UploadSettings> {
    const row = await manager.findOneBy(UploadSettingsEntity, { id: SITE });
    if (!row) return { ...DEFAULTS, allowedFileTypes: [...DEFAULTS.allowedFileTypes] };
    return {
      maxFileSizeMb: row.maxFileSizeMb,
      allowedFileTypes: fileTypes(row.allowedFileTypes, DEFAULTS.allowedFileTypes),
      autoApproval: row.autoApproval,
    };
  }

  /** What an upload is checked against now. */
  async rules(): Promise<UploadRules & { autoApproval: boolean }> {
    const settings = await this.current();
    return {
      maxBytes: megabytesToBytes(settings.maxFileSizeMb),
      allowed: settings.allowedFileTypes,
      autoApproval: settings.autoApproval,
    };
  }

  /** Keeps the newest published settings; an older event delivered late changes nothing. */
  async apply(
    manager: EntityManager,
    settings: Partial<SiteSettingsValues>,
    publishedAt: Date,
  ): Promise<void> {
    const existing = await manager.findOne(UploadSettingsEntity, {
      where: { id: SITE },
      lock: { mode: 'pessimistic_write' },
    });
    if (existing && existing.publishedAt > publishedAt) return;
    const base: UploadSettings = existing
      ? {
          maxFileSizeMb: existing.maxFileSizeMb,
          allowedFileTypes: fileTypes(existing.allowedFileTypes, DEFAULTS.allowedFileTypes),
          autoApproval: existing.autoApproval,
        }
      : DEFAULTS;
    await manager.save(UploadSettingsEntity, {
      id: SITE,
      maxFileSizeMb: megabytes(settings['maxFileSizeMb'], base.maxFileSizeMb),
      allowedFileTypes: fileTypes(settings['allowedFileTypes'], base.allowedFileTypes),
      autoApproval:
        typeof settings['autoApproval'] === 'boolean'
          ? settings['autoApproval']
          : base.autoApproval,
      publishedAt,
    });
  }
}
