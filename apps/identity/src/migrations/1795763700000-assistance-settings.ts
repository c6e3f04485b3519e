import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Burial-assistance settings (issue 23); the one row takes the defaults written in the README. */
export class AssistanceSettings1795763700000 implements MigrationInterface {
  name = 'AssistanceSettings1795763700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "site_settings" ADD "waiting_period_days" integer NOT NULL DEFAULT \'30\'',
    );
    await queryRunner.query(
      'ALTER TABLE "site_settings" ADD "claim_window_days" integer NOT NULL DEFAULT \'90\'',
    );
    await queryRunner.query(
      'ALTER TABLE "site_settings" ADD "coverage_limit" integer NOT NULL DEFAULT \'500000\'',
    );
    await queryRunner.query(
      'ALTER TABLE "site_settings" ADD "approval_threshold" integer NOT NULL DEFAULT \'100000\'',
    );
    await queryRunner.query(
      'ALTER TABLE "site_settings" ADD "eligible_expense_categories" text array NOT NULL DEFAULT \'{funeral_home,burial_plot,grave_opening_closing,ghusl_kafan,transport}\'',
    );
    await queryRunner.query(
      'ALTER TABLE "site_settings" ADD "child_age_limit" integer NOT NULL DEFAULT \'21\'',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of [
      'child_age_limit',
      'eligible_expense_categories',
      'approval_threshold',
      'coverage_limit',
      'claim_window_days',
      'waiting_period_days',
    ]) {
      await queryRunner.query(`ALTER TABLE "site_settings" DROP COLUMN "${column}"`);
    }
  }
}
