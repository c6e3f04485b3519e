import type { MigrationInterface, QueryRunner } from 'typeorm';

export class JanazahNotices1795763587612 implements MigrationInterface {
  name = 'JanazahNotices1795763587612';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "janazah_settings" ("id" character varying(16) NOT NULL, "members_may_publish_janazah" boolean NOT NULL DEFAULT false, "published_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9948598a09d17e975a4b3cfcc45" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "janazah_attendance" ("notice_id" uuid NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d3e6c0204ea09a6ed156d8a9718" PRIMARY KEY ("notice_id", "user_id"))',
    );
    await queryRunner.query(
      `CREATE TABLE "janazah_notices" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "report_id" uuid NOT NULL, "user_id" uuid NOT NULL, "deceased_name" character varying(200) NOT NULL, "prayer_at" TIMESTAMP WITH TIME ZONE NOT NULL, "time_zone" character varying(64) NOT NULL, "masjid_name" character varying(200) NOT NULL, "masjid_address" character varying(300) NOT NULL, "burial_place" character varying(300) NOT NULL, "family_contact" character varying(200), "visibility" character varying(16) NOT NULL, "note" text, "status" character varying(16) NOT NULL DEFAULT 'active', "sequence" integer NOT NULL DEFAULT '0', "published_by" uuid NOT NULL, "cancel_reason" text, "cancelled_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_254442c18e4ad0edf56f3cdf271" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      'CREATE INDEX "janazah_notices_prayer_idx" ON "janazah_notices"  ("prayer_at") ',
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "janazah_notices_one_active_per_report" ON "janazah_notices"  ("report_id") WHERE status = 'active'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."janazah_notices_one_active_per_report"');
    await queryRunner.query('DROP INDEX "public"."janazah_notices_prayer_idx"');
    await queryRunner.query('DROP TABLE "janazah_notices"');
    await queryRunner.query('DROP TABLE "janazah_attendance"');
    await queryRunner.query('DROP TABLE "janazah_settings"');
  }
}
