import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One live checkout per purpose, the household a registration checkout priced, flagged
 * (refunded) payments, dues periods, and the member's verification.
 */
export class BillingMoneyHardening1795400000000 implements MigrationInterface {
  name = 'BillingMoneyHardening1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "checkouts" ADD "open_key" character varying(80), ADD "snapshot" character varying(64)',
    );
    // Checkouts still open keep nothing live: the next start makes a fresh, keyed one.
    await queryRunner.query(
      'CREATE UNIQUE INDEX "checkouts_open_key_idx" ON "checkouts"  ("user_id", "open_key") ',
    );
    await queryRunner.query(
      'ALTER TABLE "payments" ADD "provider_subscription_id" character varying(255), ADD "period_start" bigint, ADD "flag_reason" character varying(300), ADD "refund_ref" character varying(255), ADD "refund_status" character varying(16), ADD "provider_refund_id" character varying(255)',
    );
    await queryRunner.query(
      'CREATE INDEX "payments_flagged_idx" ON "payments"  ("created_at") WHERE "flag_reason" IS NOT NULL',
    );
    await queryRunner.query(
      'ALTER TABLE "members" ADD "email_verified" boolean NOT NULL DEFAULT false',
    );
    // Members who already paid passed verification (registration step 2) before paying.
    await queryRunner.query(
      'UPDATE "members" SET "email_verified" = true WHERE "registration_fee_paid"',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "members" DROP COLUMN "email_verified"');
    await queryRunner.query('DROP INDEX "public"."payments_flagged_idx"');
    await queryRunner.query(
      'ALTER TABLE "payments" DROP COLUMN "provider_refund_id", DROP COLUMN "refund_status", DROP COLUMN "refund_ref", DROP COLUMN "flag_reason", DROP COLUMN "period_start", DROP COLUMN "provider_subscription_id"',
    );
    await queryRunner.query('DROP INDEX "public"."checkouts_open_key_idx"');
    await queryRunner.query(
      'ALTER TABLE "checkouts" DROP COLUMN "snapshot", DROP COLUMN "open_key"',
    );
  }
}
