import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityOnboarding1795316546557 implements MigrationInterface {
  name = 'IdentityOnboarding1795316546557';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "site_settings" ("id" smallint NOT NULL, "site_name" character varying(100) NOT NULL, "admin_email" character varying(254) NOT NULL, "registration_fee" integer NOT NULL, "monthly_dues" integer NOT NULL, "member_fee" integer NOT NULL, "max_file_size_mb" integer NOT NULL, "allowed_file_types" text array NOT NULL, "email_notifications" boolean NOT NULL, "sms_notifications" boolean NOT NULL, "auto_approval" boolean NOT NULL, "maintenance_mode" boolean NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_by" uuid, CONSTRAINT "site_settings_single_row" CHECK ("id" = 1), CONSTRAINT "PK_e4290e8371a166d7e066d131f6e" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "contact_messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" character varying(16) NOT NULL, "name" character varying(200) NOT NULL, "email" character varying(254) NOT NULL, "phone" character varying(16), "subject" character varying(16), "message" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "emailed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_b74f96eb2edd977ccfba6533293" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "throttle_hits" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "bucket" character varying(40) NOT NULL, "key_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e9318e351cd8474bb7829a0a060" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "throttle_hits_created_idx" ON "throttle_hits"  ("created_at") ',
    );
    await queryRunner.query(
      'CREATE INDEX "throttle_hits_key_idx" ON "throttle_hits"  ("bucket", "key_hash", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "password_reset_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "token_hash" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d16bebd73e844c48bca50ff8d3d" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "password_reset_tokens_hash_key" ON "password_reset_tokens"  ("token_hash") ',
    );
    await queryRunner.query(
      'CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens"  ("user_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "sign_in_challenges" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "kind" character varying(16) NOT NULL, "token_hash" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f57d5bce65af0940271d12af92d" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "sign_in_challenges_hash_key" ON "sign_in_challenges"  ("token_hash") ',
    );
    await queryRunner.query(
      'CREATE INDEX "sign_in_challenges_user_idx" ON "sign_in_challenges"  ("user_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "totp_credentials" ("user_id" uuid NOT NULL, "secret" character varying(64), "pending_secret" character varying(64), "last_time_step" integer, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e7500eeafa3a0dcb09090965589" PRIMARY KEY ("user_id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "verification_codes" ("user_id" uuid NOT NULL, "method" character varying(8) NOT NULL, "code_hash" character varying(128) NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "attempts" smallint NOT NULL DEFAULT \'0\', "consumed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_0a53c41a810420ee446082ce6c6" PRIMARY KEY ("user_id"))',
    );
    await queryRunner.query('ALTER TABLE "accounts" ADD "verified_at" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query('ALTER TABLE "accounts" ADD "verified_with" character varying(8)');
    await queryRunner.query(
      'ALTER TABLE "accounts" ADD "totp_enabled_at" TIMESTAMP WITH TIME ZONE',
    );
    await queryRunner.query('ALTER TABLE "accounts" ALTER COLUMN "phone" DROP NOT NULL');
    await queryRunner.query('ALTER TABLE "accounts" ALTER COLUMN "address_line1" DROP NOT NULL');
    await queryRunner.query('ALTER TABLE "accounts" ALTER COLUMN "city" DROP NOT NULL');
    await queryRunner.query('ALTER TABLE "accounts" ALTER COLUMN "state" DROP NOT NULL');
    await queryRunner.query('ALTER TABLE "accounts" ALTER COLUMN "zip_code" DROP NOT NULL');
    await queryRunner.query('ALTER TABLE "accounts" ALTER COLUMN "is_us_citizen" DROP NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "accounts" ALTER COLUMN "is_us_citizen" SET NOT NULL');
    await queryRunner.query('ALTER TABLE "accounts" ALTER COLUMN "zip_code" SET NOT NULL');
    await queryRunner.query('ALTER TABLE "accounts" ALTER COLUMN "state" SET NOT NULL');
    await queryRunner.query('ALTER TABLE "accounts" ALTER COLUMN "city" SET NOT NULL');
    await queryRunner.query('ALTER TABLE "accounts" ALTER COLUMN "address_line1" SET NOT NULL');
    await queryRunner.query('ALTER TABLE "accounts" ALTER COLUMN "phone" SET NOT NULL');
    await queryRunner.query('ALTER TABLE "accounts" DROP COLUMN "totp_enabled_at"');
    await queryRunner.query('ALTER TABLE "accounts" DROP COLUMN "verified_with"');
    await queryRunner.query('ALTER TABLE "accounts" DROP COLUMN "verified_at"');
    await queryRunner.query('DROP TABLE "verification_codes"');
    await queryRunner.query('DROP TABLE "totp_credentials"');
    await queryRunner.query('DROP INDEX "public"."sign_in_challenges_user_idx"');
    await queryRunner.query('DROP INDEX "public"."sign_in_challenges_hash_key"');
    await queryRunner.query('DROP TABLE "sign_in_challenges"');
    await queryRunner.query('DROP INDEX "public"."password_reset_tokens_user_idx"');
    await queryRunner.query('DROP INDEX "public"."password_reset_tokens_hash_key"');
    await queryRunner.query('DROP TABLE "password_reset_tokens"');
    await queryRunner.query('DROP INDEX "public"."throttle_hits_key_idx"');
    await queryRunner.query('DROP INDEX "public"."throttle_hits_created_idx"');
    await queryRunner.query('DROP TABLE "throttle_hits"');
    await queryRunner.query('DROP TABLE "contact_messages"');
    await queryRunner.query('DROP TABLE "site_settings"');
  }
}
