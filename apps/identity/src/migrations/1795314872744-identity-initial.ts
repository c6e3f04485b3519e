import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityInitial1795314872744 implements MigrationInterface {
  name = 'IdentityInitial1795314872744';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "accounts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "password_hash" character varying(255) NOT NULL, "role" character varying(16) NOT NULL DEFAULT \'member\', "first_name" character varying(100) NOT NULL, "last_name" character varying(100) NOT NULL, "phone" character varying(16) NOT NULL, "date_of_birth" date NOT NULL, "address_line1" character varying(200) NOT NULL, "address_line2" character varying(200), "city" character varying(100) NOT NULL, "state" character varying(2) NOT NULL, "zip_code" character varying(10) NOT NULL, "is_us_citizen" boolean NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5a7a02c20412299d198e097a8fe" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "accounts_email_key" ON "accounts"  ("email") ');
    await queryRunner.query(
      'CREATE TABLE "refresh_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "family_id" uuid NOT NULL, "token_hash" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "rotated_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7d8bee0204106019488c4c50ffa" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens"  ("token_hash") ',
    );
    await queryRunner.query(
      'CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens"  ("user_id") ',
    );
    await queryRunner.query(
      'CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens"  ("family_id") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."refresh_tokens_family_idx"');
    await queryRunner.query('DROP INDEX "public"."refresh_tokens_user_idx"');
    await queryRunner.query('DROP INDEX "public"."refresh_tokens_hash_key"');
    await queryRunner.query('DROP TABLE "refresh_tokens"');
    await queryRunner.query('DROP INDEX "public"."accounts_email_key"');
    await queryRunner.query('DROP TABLE "accounts"');
  }
}
