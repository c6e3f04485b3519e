import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Offline (cash or check) payments an admin recorded: the details beside their payments row. */
export class BillingOfflinePayments1795504299305 implements MigrationInterface {
  name = 'BillingOfflinePayments1795504299305';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "offline_payments" ("payment_id" uuid NOT NULL, "user_id" uuid NOT NULL, "idempotency_key" uuid NOT NULL, "method" character varying(8) NOT NULL, "purpose" character varying(16) NOT NULL, "paid_on" date NOT NULL, "reference" character varying(64), "note" character varying(500), "recorded_by" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "offline_payments_pkey" PRIMARY KEY ("payment_id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "offline_payments_idempotency_key_idx" ON "offline_payments" ("idempotency_key")`,
    );
    await queryRunner.query(
      `CREATE INDEX "offline_payments_user_idx" ON "offline_payments" ("user_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "offline_payments"`);
  }
}
