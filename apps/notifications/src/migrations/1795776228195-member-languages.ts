import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MemberLanguages1795776228195 implements MigrationInterface {
  name = 'MemberLanguages1795776228195';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "member_languages" ("user_id" uuid NOT NULL, "language" character varying(2) NOT NULL, "show_hijri" boolean NOT NULL DEFAULT false, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2fdc738e2e7d9dbd12537e1528c" PRIMARY KEY ("user_id"))',
    );
    await queryRunner.query(
      'ALTER TABLE "outgoing_mail" ADD "language" character varying(2) NOT NULL DEFAULT \'en\'',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "outgoing_mail" DROP COLUMN "language"');
    await queryRunner.query('DROP TABLE "member_languages"');
  }
}
