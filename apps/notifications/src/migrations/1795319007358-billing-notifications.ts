import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BillingNotifications1795319007358 implements MigrationInterface {
  name = 'BillingNotifications1795319007358';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "organisation" ("id" smallint NOT NULL, "name" character varying(100) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c725ae234ef1b74cce43d2d00c1" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "receipts" ("payment_id" uuid NOT NULL, "user_id" uuid NOT NULL, "amount" integer NOT NULL, "currency" character varying(8) NOT NULL, "payment_type" character varying(16) NOT NULL, "description" character varying(500), "paid_at" TIMESTAMP WITH TIME ZONE NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d2cfb7a62d629121d47a89ab989" PRIMARY KEY ("payment_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "receipts_pending_user_idx" ON "receipts"  ("user_id") WHERE sent_at IS NULL',
    );
    await queryRunner.query(
      'CREATE TABLE "recipients" ("user_id" uuid NOT NULL, "email" character varying(254) NOT NULL, "first_name" character varying(100) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6157e8b6ba4e6e3089616481fe2" PRIMARY KEY ("user_id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "subscription_states" ("user_id" uuid NOT NULL, "status" character varying(16) NOT NULL, "cancel_at_period_end" boolean NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7fb7f3630bf049239add5d19a14" PRIMARY KEY ("user_id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "subscription_states"');
    await queryRunner.query('DROP TABLE "recipients"');
    await queryRunner.query('DROP INDEX "public"."receipts_pending_user_idx"');
    await queryRunner.query('DROP TABLE "receipts"');
    await queryRunner.query('DROP TABLE "organisation"');
  }
}
