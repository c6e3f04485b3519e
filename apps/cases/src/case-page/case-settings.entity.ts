import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CaseChecklistItemSetting } from '@jibs/domain';

/** Cases' copy of the checklist setting, kept from `settings.updated` (identity owns it). */
@Entity({ name: 'case_settings' })
export class CaseSettingsEntity {
  /** One row: the site. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  id!: string;

  @Column({ type: 'jsonb' })
  checklist!: CaseChecklistItemSetting[];

  /** When identity published the copy (event time), so an older event never wins. */
  @Column({ name: 'published_at', type: 'timestamptz' })
  publishedAt!: Date;
}
