import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const ORGANISATION_ROW = 1;

/**
 * What mails need from the site settings, learned from `settings.updated` (identity owns them):
 * the organisation's name, and where (and whether) admins are alerted of new reports and
 * documents. Until the first settings event the defaults apply.
 */
@Entity({ name: 'organisation' })
export class OrganisationEntity {
  @PrimaryColumn({ type: 'smallint' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'admin_email', type: 'varchar', length: 254, nullable: true })
  adminEmail!: string | null;

  @Column({ name: 'email_notifications', type: 'boolean', nullable: true })
  emailNotifications!: boolean | null;

  /** The settings' SMS switch: no text to members while it is off (null: the default). */
  @Column({ name: 'sms_notifications', type: 'boolean', nullable: true })
  smsNotifications!: boolean | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
