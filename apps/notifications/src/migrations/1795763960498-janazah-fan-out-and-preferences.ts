import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How each member wants to be told (their choices per kind, their verified phone, the SMS
 * switch) and the janazah fan-out: the notice versions and one delivery row per member and channel.
 */
export class JanazahFanOutAndPreferences1795763960498 implements MigrationInterface {
  name = 'JanazahFanOutAndPreferences1795763960498';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "janazah_deliveries" ("id" BIGSERIAL NOT NULL, "notice_id" uuid NOT NULL, "sequence" integer NOT NULL, "change" character varying(16) NOT NULL, "user_id" uuid NOT NULL, "channel" character varying(8) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2ca37a949d3f50e23edceef01df" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "janazah_deliveries_pending_idx" ON "janazah_deliveries"  ("id") WHERE sent_at IS NULL',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "janazah_deliveries_once_key" ON "janazah_deliveries"  ("notice_id", "sequence", "change", "user_id", "channel") ',
    );
    await queryRunner.query(
      'CREATE TABLE "janazah_notice_versions" ("notice_id" uuid NOT NULL, "sequence" integer NOT NULL, "change" character varying(16) NOT NULL, "notice" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b6a4296e0a8cd244c7074ca620a" PRIMARY KEY ("notice_id", "sequence", "change"))',
    );
    await queryRunner.query(
      'CREATE TABLE "notification_preferences" ("user_id" uuid NOT NULL, "kind" character varying(32) NOT NULL, "email" boolean NOT NULL, "sms" boolean NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4beeeb46feaf58d75e124c8ba58" PRIMARY KEY ("user_id", "kind"))',
    );
    await queryRunner.query(
      'CREATE TABLE "verified_phones" ("user_id" uuid NOT NULL, "phone" character varying(20) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5c910130d0a0212ebfbc23212a7" PRIMARY KEY ("user_id"))',
    );
    await queryRunner.query('ALTER TABLE "organisation" ADD "sms_notifications" boolean');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "organisation" DROP COLUMN "sms_notifications"');
    await queryRunner.query('DROP TABLE "verified_phones"');
    await queryRunner.query('DROP TABLE "notification_preferences"');
    await queryRunner.query('DROP TABLE "janazah_notice_versions"');
    await queryRunner.query('DROP INDEX "public"."janazah_deliveries_once_key"');
    await queryRunner.query('DROP INDEX "public"."janazah_deliveries_pending_idx"');
    await queryRunner.query('DROP TABLE "janazah_deliveries"');
  }
}
