import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MemberLanguage1795776158075 implements MigrationInterface {
  name = 'MemberLanguage1795776158075';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "accounts" ADD "language" character varying(2) NOT NULL DEFAULT \'en\'',
    );
    await queryRunner.query(
      'ALTER TABLE "accounts" ADD "show_hijri" boolean NOT NULL DEFAULT false',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "accounts" DROP COLUMN "show_hijri"');
    await queryRunner.query('ALTER TABLE "accounts" DROP COLUMN "language"');
  }
}
