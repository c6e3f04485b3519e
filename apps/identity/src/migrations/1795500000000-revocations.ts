import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Revocations1795500000000 implements MigrationInterface {
  name = 'Revocations1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "accounts" ADD "sessions_not_before" TIMESTAMP WITH TIME ZONE',
    );
    await queryRunner.query(
      'ALTER TABLE "accounts" ADD "email_verified_at" TIMESTAMP WITH TIME ZONE',
    );
    // Addresses proven before the column existed: a code by email, or the first admin's.
    await queryRunner.query(
      `UPDATE "accounts" SET "email_verified_at" = "verified_at" WHERE "verified_with" = 'email' OR ("role" = 'admin' AND "verified_at" IS NOT NULL AND "verified_with" IS NULL)`,
    );
    await queryRunner.query(
      'CREATE INDEX "refresh_tokens_revoked_idx" ON "refresh_tokens"  ("revoked_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "sign_up_codes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "token_hash" character(64) NOT NULL, "code_hash" character varying(128) NOT NULL, "pending" jsonb, "attempts" smallint NOT NULL DEFAULT \'0\', "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_11f2900e964f9fd189abe1b99be" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "sign_up_codes_token_key" ON "sign_up_codes"  ("token_hash") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."sign_up_codes_token_key"');
    await queryRunner.query('DROP TABLE "sign_up_codes"');
    await queryRunner.query('DROP INDEX "public"."refresh_tokens_revoked_idx"');
    await queryRunner.query('ALTER TABLE "accounts" DROP COLUMN "email_verified_at"');
    await queryRunner.query('ALTER TABLE "accounts" DROP COLUMN "sessions_not_before"');
  }
}
