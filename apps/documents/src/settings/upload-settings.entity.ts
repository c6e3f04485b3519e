import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The documents service's copy of the upload settings, kept from `settings.updated` (identity owns them). */
@Entity({ name: 'upload_settings' })
export class UploadSettingsEntity {
  /** One row: the site. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  id!: string;

  @Column({ name: 'max_file_size_mb', type: 'int', default: 10 })
  maxFileSizeMb!: number;

  /** Extensions as the settings name them: pdf, jpg, jpeg, png. */
  @Column({ name: 'allowed_file_types', type: 'jsonb' })
  allowedFileTypes!: string[];

  @Column({ name: 'auto_approval', type: 'boolean', default: false })
  autoApproval!: boolean;

  /** When identity published the copy (event time), so an older event never wins. */
  @Column({ name: 'published_at', type: 'timestamptz' })
  publishedAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
