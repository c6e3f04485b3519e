import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Burial assistance (issue 23): who died on the report, the facts the assessment rests on (read
 * models of billing's, documents' and identity's events) and the claim's expense lines.
 */
export class BurialAssistance1795764000000 implements MigrationInterface {
  name = 'BurialAssistance1795764000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "assistance_settings" ("id" character varying(16) NOT NULL, "waiting_period_days" integer NOT NULL, "claim_window_days" integer NOT NULL, "coverage_limit" integer NOT NULL, "approval_threshold" integer NOT NULL, "eligible_expense_categories" text array NOT NULL, "child_age_limit" integer NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8e6c7341b26d7d3ac333d542bed" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "household_people" ("member_id" uuid NOT NULL, "user_id" uuid NOT NULL, "relationship" character varying(16) NOT NULL, "first_name" character varying(100) NOT NULL, "date_of_birth" date, "added_at" TIMESTAMP WITH TIME ZONE NOT NULL, "removed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_0d8d48b33e5a94b49299a579157" PRIMARY KEY ("member_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "household_people_user_idx" ON "household_people"  ("user_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "member_payments" ("payment_id" uuid NOT NULL, "user_id" uuid NOT NULL, "type" character varying(16) NOT NULL, "paid_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_ec7a48d9139c9d47c8cbbca2e0a" PRIMARY KEY ("payment_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "member_payments_user_paid_idx" ON "member_payments"  ("user_id", "paid_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "membership_status_changes" ("event_id" character varying(64) NOT NULL, "user_id" uuid NOT NULL, "to_status" character varying(16) NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_473a4ef6bd51dd5a40d8b7004cc" PRIMARY KEY ("event_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "membership_status_changes_user_at_idx" ON "membership_status_changes"  ("user_id", "changed_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "member_documents" ("document_id" uuid NOT NULL, "user_id" uuid NOT NULL, "document_type" character varying(64) NOT NULL, "status" character varying(16) NOT NULL, CONSTRAINT "PK_e4bf5692facbacff3ef09e67ab4" PRIMARY KEY ("document_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "member_documents_user_idx" ON "member_documents"  ("user_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "claim_lines" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "report_id" uuid NOT NULL, "category" character varying(32) NOT NULL, "amount" integer NOT NULL, "payee_kind" character varying(16) NOT NULL, "payee_name" character varying(200) NOT NULL, "document_id" uuid NOT NULL, "added_by" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_555f43896498b6c16a43935cea6" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "claim_lines_report_idx" ON "claim_lines"  ("report_id", "created_at") ',
    );
    await queryRunner.query(
      'ALTER TABLE "death_reports" ADD "deceased_kind" character varying(24) NOT NULL DEFAULT \'someone_else\'',
    );
    await queryRunner.query('ALTER TABLE "death_reports" ADD "deceased_member_id" uuid');
    await queryRunner.query(
      'ALTER TABLE "death_reports" ADD "window_override" boolean NOT NULL DEFAULT false',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "death_reports" DROP COLUMN "window_override"');
    await queryRunner.query('ALTER TABLE "death_reports" DROP COLUMN "deceased_member_id"');
    await queryRunner.query('ALTER TABLE "death_reports" DROP COLUMN "deceased_kind"');
    await queryRunner.query('DROP TABLE "claim_lines"');
    await queryRunner.query('DROP TABLE "member_documents"');
    await queryRunner.query('DROP TABLE "membership_status_changes"');
    await queryRunner.query('DROP TABLE "member_payments"');
    await queryRunner.query('DROP TABLE "household_people"');
    await queryRunner.query('DROP TABLE "assistance_settings"');
  }
}
