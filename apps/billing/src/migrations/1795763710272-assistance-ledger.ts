import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The kind of a payment's entry: how the money came in. */
const PAYMENT_KIND = `CASE
  WHEN p.flag_reason IS NOT NULL THEN 'uncounted_payment'
  WHEN p.provider_payment_id LIKE 'offline\\_%' THEN 'offline_payment'
  WHEN p.type = 'registration' THEN 'registration_fee'
  WHEN p.type = 'membership' THEN 'dues'
  ELSE 'member_fee' END`;

/**
 * Burial assistance's money: billing's copy of the claims (from `claim.updated`), payouts, the
 * payout limits in the settings copy, and the fund's ledger.
 *
 * The ledger is append-only and written only by triggers, in the transaction of its source's
 * change: a payment completed (or taken but not counted) is money in, its refund money out, a
 * payout marked paid money out. `source_key` is unique, so a source counts once however often
 * its row is written; updating, deleting or truncating an entry raises an error. Existing
 * payments are entered as they stand.
 */
export class AssistanceLedger1795763710272 implements MigrationInterface {
  name = 'AssistanceLedger1795763710272';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "assistance_claims" ("report_id" uuid NOT NULL, "user_id" uuid NOT NULL, "covered" boolean NOT NULL, "window_override" boolean NOT NULL, "lines" jsonb NOT NULL, "total" integer NOT NULL, "opened_at" TIMESTAMP WITH TIME ZONE NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "assistance_claims_pkey" PRIMARY KEY ("report_id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "assistance_payouts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "report_id" uuid NOT NULL, "user_id" uuid NOT NULL, "lines" jsonb NOT NULL, "amount" integer NOT NULL, "payee" character varying(16) NOT NULL, "payee_name" character varying(200) NOT NULL, "method" character varying(16) NOT NULL, "reference" character varying(100), "status" character varying(16) NOT NULL, "needs_second_approval" boolean NOT NULL, "proposed_by" uuid NOT NULL, "approved_by" uuid, "approved_at" TIMESTAMP WITH TIME ZONE, "paid_by" uuid, "paid_on" date, "paid_reference" character varying(100), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "assistance_payouts_pkey" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "assistance_payouts_user_idx" ON "assistance_payouts"  ("user_id") ',
    );
    await queryRunner.query(
      'CREATE INDEX "assistance_payouts_report_idx" ON "assistance_payouts"  ("report_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "ledger_entries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "source_key" character varying(80) NOT NULL, "kind" character varying(24) NOT NULL, "amount" integer NOT NULL, "currency" character varying(3) NOT NULL, "user_id" uuid, "payment_id" uuid, "payout_id" uuid, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "ledger_entries_source_key_idx" ON "ledger_entries"  ("source_key") ',
    );
    await queryRunner.query(
      'CREATE INDEX "ledger_entries_occurred_idx" ON "ledger_entries"  ("occurred_at", "id") ',
    );
    await queryRunner.query(
      'ALTER TABLE "fee_settings" ADD "coverage_limit" integer NOT NULL DEFAULT \'500000\'',
    );
    await queryRunner.query(
      'ALTER TABLE "fee_settings" ADD "approval_threshold" integer NOT NULL DEFAULT \'100000\'',
    );

    // Append-only: no update, delete or truncate.
    await queryRunner.query(`CREATE FUNCTION "ledger_entries_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger_entries is append-only (% refused)', TG_OP
          USING ERRCODE = 'restrict_violation';
      END $$`);
    await queryRunner.query(
      'CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_refuse_change"()',
    );
    await queryRunner.query(
      'CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_refuse_change"()',
    );

    await queryRunner.query(`CREATE FUNCTION "ledger_from_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE p payments := NEW;
      BEGIN
        IF p.amount <> 0 AND (p.status = 'completed' OR p.flag_reason IS NOT NULL) THEN
          INSERT INTO "ledger_entries" ("source_key", "kind", "amount", "currency", "user_id", "payment_id", "occurred_at")
          VALUES ('payment:' || p.id, ${PAYMENT_KIND}, p.amount, p.currency, p.user_id, p.id, p.created_at)
          ON CONFLICT ("source_key") DO NOTHING;
        END IF;
        IF p.amount <> 0 AND p.refund_status = 'refunded' THEN
          INSERT INTO "ledger_entries" ("source_key", "kind", "amount", "currency", "user_id", "payment_id", "occurred_at")
          VALUES ('refund:' || p.id, 'refund', -p.amount, p.currency, p.user_id, p.id, now())
          ON CONFLICT ("source_key") DO NOTHING;
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(
      'CREATE TRIGGER "payments_ledger" AFTER INSERT OR UPDATE OF "status", "flag_reason", "refund_status" ON "payments" FOR EACH ROW EXECUTE FUNCTION "ledger_from_payment"()',
    );

    await queryRunner.query(`CREATE FUNCTION "ledger_from_payout"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'paid' THEN
          INSERT INTO "ledger_entries" ("source_key", "kind", "amount", "currency", "user_id", "payout_id", "occurred_at")
          VALUES ('payout:' || NEW.id, 'assistance', -NEW.amount, 'usd', NEW.user_id, NEW.id,
                  COALESCE(NEW.paid_on::timestamp AT TIME ZONE 'UTC', now()))
          ON CONFLICT ("source_key") DO NOTHING;
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(
      'CREATE TRIGGER "assistance_payouts_ledger" AFTER INSERT OR UPDATE OF "status" ON "assistance_payouts" FOR EACH ROW EXECUTE FUNCTION "ledger_from_payout"()',
    );

    // What billing took before the ledger existed.
    await queryRunner.query(`INSERT INTO "ledger_entries" ("source_key", "kind", "amount", "currency", "user_id", "payment_id", "occurred_at")
      SELECT 'payment:' || p.id, ${PAYMENT_KIND}, p.amount, p.currency, p.user_id, p.id, p.created_at
        FROM "payments" p
       WHERE p.amount <> 0 AND (p.status = 'completed' OR p.flag_reason IS NOT NULL)`);
    await queryRunner.query(`INSERT INTO "ledger_entries" ("source_key", "kind", "amount", "currency", "user_id", "payment_id", "occurred_at")
      SELECT 'refund:' || p.id, 'refund', -p.amount, p.currency, p.user_id, p.id, p.created_at
        FROM "payments" p
       WHERE p.amount <> 0 AND p.refund_status = 'refunded'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER "assistance_payouts_ledger" ON "assistance_payouts"');
    await queryRunner.query('DROP FUNCTION "ledger_from_payout"()');
    await queryRunner.query('DROP TRIGGER "payments_ledger" ON "payments"');
    await queryRunner.query('DROP FUNCTION "ledger_from_payment"()');
    await queryRunner.query('ALTER TABLE "fee_settings" DROP COLUMN "approval_threshold"');
    await queryRunner.query('ALTER TABLE "fee_settings" DROP COLUMN "coverage_limit"');
    await queryRunner.query('DROP TABLE "ledger_entries"');
    await queryRunner.query('DROP FUNCTION "ledger_entries_refuse_change"()');
    await queryRunner.query('DROP TABLE "assistance_payouts"');
    await queryRunner.query('DROP TABLE "assistance_claims"');
  }
}
