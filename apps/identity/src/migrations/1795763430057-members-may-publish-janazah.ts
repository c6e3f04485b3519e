import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MembersMayPublishJanazah1795763430057 implements MigrationInterface {
  name = 'MembersMayPublishJanazah1795763430057';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "site_settings" ADD "members_may_publish_janazah" boolean NOT NULL DEFAULT false',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "site_settings" DROP COLUMN "members_may_publish_janazah"',
    );
  }
}
