import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BillingInitial1795319316243 implements MigrationInterface {
  name = 'BillingInitial1795319316243';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "members" ("user_id" uuid NOT NULL, "email" character varying(254), "first_name" character varying(100), "last_name" character varying(100), "provider_customer_id" character varying(255), "registration_fee_paid" boolean NOT NULL DEFAULT false, "dues_paid" boolean NOT NULL DEFAULT false, "subscription_ended" boolean NOT NULL DEFAULT false, "missed_payments" integer NOT NULL DEFAULT \'0\', "last_failed_invoice_id" character varying(255), "last_invoice_at" bigint NOT NULL DEFAULT \'0\', "membership_status" character varying(16) NOT NULL DEFAULT \'pending\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_da404b5fd9c390e25338996e2d1" PRIMARY KEY ("user_id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "fee_settings" ("id" character varying(16) NOT NULL, "registration_fee" integer NOT NULL, "member_fee" integer NOT NULL, "monthly_dues" integer NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7250ae05908b1c77e37317b8c23" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "payments" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "amount" integer NOT NULL, "currency" character varying(3) NOT NULL, "status" character varying(16) NOT NULL, "type" character varying(16) NOT NULL, "description" character varying(500), "provider_payment_id" character varying(255), "checkout_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_197ab7af18c93fbb0c9b28b4a59" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "payments_provider_payment_idx" ON "payments"  ("provider_payment_id") ',
    );
    await queryRunner.query(
      'CREATE INDEX "payments_user_created_idx" ON "payments"  ("user_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "household_members" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "first_name" character varying(100) NOT NULL, "last_name" character varying(100) NOT NULL, "relationship" character varying(16) NOT NULL, "date_of_birth" date NOT NULL, "is_working_full_time" boolean, "is_dependent_parent" boolean, "fee_status" character varying(16) NOT NULL, "fee" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_198055660706bdbea68909fdb01" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "household_members_user_created_idx" ON "household_members"  ("user_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "sandbox_objects" ("id" character varying(255) NOT NULL, "kind" character varying(32) NOT NULL, "data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_442c05bd8d056f94247a4527b5a" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "subscriptions" ("user_id" uuid NOT NULL, "provider_subscription_id" character varying(255) NOT NULL, "status" character varying(16) NOT NULL, "monthly_amount" integer NOT NULL, "current_period_start" TIMESTAMP WITH TIME ZONE, "current_period_end" TIMESTAMP WITH TIME ZONE, "cancel_at_period_end" boolean NOT NULL DEFAULT false, "state_at" bigint NOT NULL DEFAULT \'0\', "state_rank" integer NOT NULL DEFAULT \'0\', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d0a95ef8a28188364c546eb65c1" PRIMARY KEY ("user_id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "checkouts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "kind" character varying(24) NOT NULL, "state" character varying(16) NOT NULL DEFAULT \'open\', "amount" integer NOT NULL, "household_member_id" uuid, "provider_session_id" character varying(255), "url" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5800730d89f4137fc18770e4d4d" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "checkouts_provider_session_idx" ON "checkouts"  ("provider_session_id") ',
    );
    await queryRunner.query(
      'CREATE INDEX "checkouts_user_idx" ON "checkouts"  ("user_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "provider_events" ("id" character varying(255) NOT NULL, "type" character varying(100) NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d882a90f8c8180b9bdae9af62eb" PRIMARY KEY ("id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "provider_events"');
    await queryRunner.query('DROP INDEX "public"."checkouts_user_idx"');
    await queryRunner.query('DROP INDEX "public"."checkouts_provider_session_idx"');
    await queryRunner.query('DROP TABLE "checkouts"');
    await queryRunner.query('DROP TABLE "subscriptions"');
    await queryRunner.query('DROP TABLE "sandbox_objects"');
    await queryRunner.query('DROP INDEX "public"."household_members_user_created_idx"');
    await queryRunner.query('DROP TABLE "household_members"');
    await queryRunner.query('DROP INDEX "public"."payments_user_created_idx"');
    await queryRunner.query('DROP INDEX "public"."payments_provider_payment_idx"');
    await queryRunner.query('DROP TABLE "payments"');
    await queryRunner.query('DROP TABLE "fee_settings"');
    await queryRunner.query('DROP TABLE "members"');
  }
}
