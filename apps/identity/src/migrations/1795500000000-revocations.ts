import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Revocations1795500000000 implements MigrationInterface {
  name = 'Revocations1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "accounts" ADD "sessions_not_before" TIMESTAMP WITH TIME ZONE',
    );
    await queryRunner.query(
      'CREATE INDEX "refresh_tokens_revoked_idx" ON "refresh_tokens"  ("revoked_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."refresh_tokens_revoked_idx"');
    await queryRunner.query('ALTER TABLE "accounts" DROP COLUMN "sessions_not_before"');
  }
}
