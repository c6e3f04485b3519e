import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ReviewMails1795493669237 implements MigrationInterface {
  name = 'ReviewMails1795493669237';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "outgoing_mail" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "event_id" character varying(100) NOT NULL, "kind" character varying(300) NOT NULL, "recipient_user_id" uuid, "to_address" character varying(254), "subject" character varying(300) NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_ed85381cac829352bf9e8238ff8" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "outgoing_mail_pending_idx" ON "outgoing_mail"  ("event_id") WHERE sent_at IS NULL',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "outgoing_mail_event_kind_key" ON "outgoing_mail"  ("event_id", "kind") ',
    );
    await queryRunner.query('ALTER TABLE "organisation" ADD "admin_email" character varying(254)');
    await queryRunner.query('ALTER TABLE "organisation" ADD "email_notifications" boolean');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "organisation" DROP COLUMN "email_notifications"');
    await queryRunner.query('ALTER TABLE "organisation" DROP COLUMN "admin_email"');
    await queryRunner.query('DROP INDEX "public"."outgoing_mail_event_kind_key"');
    await queryRunner.query('DROP INDEX "public"."outgoing_mail_pending_idx"');
    await queryRunner.query('DROP TABLE "outgoing_mail"');
  }
}
