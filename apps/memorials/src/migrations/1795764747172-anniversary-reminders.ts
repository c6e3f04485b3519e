import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AnniversaryReminders1795764747172 implements MigrationInterface {
  name = 'AnniversaryReminders1795764747172';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "anniversary_reminders_sent" ("memorial_id" uuid NOT NULL, "user_id" uuid NOT NULL, "calendar" character varying(16) NOT NULL, "year" integer NOT NULL, "anniversary_date" date NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_baa9d2f16c0637d7f6f27c5a44b" PRIMARY KEY ("memorial_id", "user_id", "calendar", "year"))',
    );
    await queryRunner.query(
      'CREATE TABLE "anniversary_reminders" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "memorial_id" uuid NOT NULL, "user_id" uuid NOT NULL, "calendar" character varying(16) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5f050397288e6fc9927eeaa5c45" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "anniversary_reminders_user_idx" ON "anniversary_reminders"  ("user_id") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "anniversary_reminders_memorial_user_calendar_idx" ON "anniversary_reminders"  ("memorial_id", "user_id", "calendar") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'DROP INDEX "public"."anniversary_reminders_memorial_user_calendar_idx"',
    );
    await queryRunner.query('DROP INDEX "public"."anniversary_reminders_user_idx"');
    await queryRunner.query('DROP TABLE "anniversary_reminders"');
    await queryRunner.query('DROP TABLE "anniversary_reminders_sent"');
  }
}
