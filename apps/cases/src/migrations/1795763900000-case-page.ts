import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The family's case page: its timeline, checklist ticks, handler, the checklist setting's copy
 * and the members' documents. Existing reports get their submitted and reviewed steps.
 */
export class CasePage1795763900000 implements MigrationInterface {
  name = 'CasePage1795763900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "case_timeline_entries" ("seq" BIGSERIAL NOT NULL, "report_id" uuid NOT NULL, "user_id" uuid NOT NULL, "step" character varying(32) NOT NULL, "label" character varying(200) NOT NULL, "notes" text, "amount" integer, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_case_timeline_entries" PRIMARY KEY ("seq"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "case_timeline_entries_report_idx" ON "case_timeline_entries" ("report_id", "at", "seq")`,
    );
    await queryRunner.query(
      `CREATE TABLE "case_checklist_ticks" ("report_id" uuid NOT NULL, "item_key" character varying(40) NOT NULL, "done" boolean NOT NULL, "ticked_by" uuid, "ticked_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_case_checklist_ticks" PRIMARY KEY ("report_id", "item_key"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "case_handlers" ("report_id" uuid NOT NULL, "admin_id" uuid NOT NULL, "assigned_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_case_handlers" PRIMARY KEY ("report_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "case_settings" ("id" character varying(16) NOT NULL, "checklist" jsonb NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_case_settings" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "case_documents" ("document_id" uuid NOT NULL, "user_id" uuid NOT NULL, "document_type" character varying(64) NOT NULL, "file_name" character varying(255) NOT NULL, "status" character varying(16) NOT NULL, "uploaded_at" TIMESTAMP WITH TIME ZONE NOT NULL, "status_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_case_documents" PRIMARY KEY ("document_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "case_documents_user_idx" ON "case_documents" ("user_id", "document_type")`,
    );
    // The steps existing reports already went through; their reviewer handles them.
    await queryRunner.query(
      `INSERT INTO case_timeline_entries (report_id, user_id, step, label, at)
       SELECT id, user_id, 'submitted', 'Report submitted', created_at FROM death_reports`,
    );
    await queryRunner.query(
      `INSERT INTO case_timeline_entries (report_id, user_id, step, label, notes, at)
       SELECT id, user_id, status,
              CASE status WHEN 'approved' THEN 'Report approved' ELSE 'Report not approved' END,
              NULLIF(admin_notes, ''), reviewed_at
         FROM death_reports WHERE status IN ('approved', 'rejected') AND reviewed_at IS NOT NULL`,
    );
    await queryRunner.query(
      `INSERT INTO case_handlers (report_id, admin_id, assigned_at)
       SELECT id, reviewed_by, reviewed_at FROM death_reports
        WHERE reviewed_by IS NOT NULL AND reviewed_at IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "case_documents"`);
    await queryRunner.query(`DROP TABLE "case_settings"`);
    await queryRunner.query(`DROP TABLE "case_handlers"`);
    await queryRunner.query(`DROP TABLE "case_checklist_ticks"`);
    await queryRunner.query(`DROP TABLE "case_timeline_entries"`);
  }
}
