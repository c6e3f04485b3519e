import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_SETTINGS, SETTING_KEYS } from '@jibs/domain';
import { EventPublisher } from '@jibs/events';

/**
 * The settings row every query reads, with the specification's defaults, announced as
 * settings.updated (by the system: updatedBy null) so other services start from the same values.
 */
export class SeedSiteSettings1795316555298 implements MigrationInterface {
  name = 'SeedSiteSettings1795316555298';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = DEFAULT_SETTINGS;
    const inserted = (await queryRunner.query(
      `INSERT INTO site_settings (id, site_name, admin_email, registration_fee, monthly_dues,
         member_fee, max_file_size_mb, allowed_file_types, email_notifications, sms_notifications,
         auto_approval, maintenance_mode)
       VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
      [
        s.siteName,
        s.adminEmail,
        s.registrationFee,
        s.monthlyDues,
        s.memberFee,
        s.maxFileSizeMb,
        s.allowedFileTypes,
        s.emailNotifications,
        s.smsNotifications,
        s.autoApproval,
        s.maintenanceMode,
      ],
    )) as unknown[];
    if (!inserted.length) return;
    // A migration is not built by Nest, so it makes its own publisher; the source is what
    // identity's publisher had when this migration was written, as a migration keeps its SQL.
    await new EventPublisher({ source: 'jibs/identity' }).publish(
      queryRunner.manager,
      'settings.updated',
      { settings: { ...s }, changed: [...SETTING_KEYS], updatedBy: null },
      { subject: 'site' },
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM site_settings WHERE id = 1');
  }
}
