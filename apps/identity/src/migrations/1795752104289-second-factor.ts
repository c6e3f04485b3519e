import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SecondFactor1795752104289 implements MigrationInterface {
  name = 'SecondFactor1795752104289';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "recovery_codes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "code_hash" character(64) NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0723b9e53961e799027d7f7ba32" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes"  ("user_id") ',
    );
    await queryRunner.query(
      'ALTER TABLE "accounts" ADD "phone_verified_at" TIMESTAMP WITH TIME ZONE',
    );
    await queryRunner.query(
      'ALTER TABLE "accounts" ADD "sms_sign_in_enabled_at" TIMESTAMP WITH TIME ZONE',
    );
    await queryRunner.query(
      'ALTER TABLE "sign_in_challenges" ADD "code_hash" character varying(128)',
    );
    await queryRunner.query('ALTER TABLE "sign_up_codes" ADD "account_id" uuid');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "sign_up_codes" DROP COLUMN "account_id"');
    await queryRunner.query('ALTER TABLE "sign_in_challenges" DROP COLUMN "code_hash"');
    await queryRunner.query('ALTER TABLE "accounts" DROP COLUMN "sms_sign_in_enabled_at"');
    await queryRunner.query('ALTER TABLE "accounts" DROP COLUMN "phone_verified_at"');
    await queryRunner.query('DROP INDEX "public"."recovery_codes_user_idx"');
    await queryRunner.query('DROP TABLE "recovery_codes"');
  }
}
