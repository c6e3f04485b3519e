import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_CASE_CHECKLIST } from '@jibs/domain';

/**
 * The case checklist setting, filled with the defaults for the existing row. The other
 * services take the defaults until an admin changes it (their copies have no checklist yet).
 */
export class CaseChecklistSetting1795763628876 implements MigrationInterface {
  name = 'CaseChecklistSetting1795763628876';

  async up(queryRunner: QueryRunner): Promise<void> {
    const defaults = JSON.stringify(DEFAULT_CASE_CHECKLIST).replace(/'/g, "''");
    await queryRunner.query(
      `ALTER TABLE "site_settings" ADD "case_checklist" jsonb NOT NULL DEFAULT '${defaults}'::jsonb`,
    );
    await queryRunner.query(
      `ALTER TABLE "site_settings" ALTER COLUMN "case_checklist" DROP DEFAULT`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "site_settings" DROP COLUMN "case_checklist"`);
  }
}
