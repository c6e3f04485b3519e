import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The cases service's copy of the janazah setting, kept from `settings.updated` (identity owns it). */
@Entity({ name: 'janazah_settings' })
export class JanazahSettingsEntity {
  /** One row: the site. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  id!: string;

  @Column({ name: 'members_may_publish_janazah', type: 'boolean', default: false })
  membersMayPublishJanazah!: boolean;

  /** When identity published the copy (event time), so an older event never wins. */
  @Column({ name: 'published_at', type: 'timestamptz' })
  publishedAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
