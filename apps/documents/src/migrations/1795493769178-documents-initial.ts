import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DocumentsInitial1795493769178 implements MigrationInterface {
  name = 'DocumentsInitial1795493769178';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "audit_entries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "actor" uuid NOT NULL, "action" character varying(64) NOT NULL, "subject" uuid NOT NULL, "before" jsonb NOT NULL, "after" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6b1623bcad4d04530b76548d619" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_entries_subject_idx" ON "audit_entries"  ("subject", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "documents" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "file_name" character varying(255) NOT NULL, "file_path" character varying(300) NOT NULL, "file_size" integer NOT NULL, "file_type" character varying(100) NOT NULL, "document_type" character varying(64) NOT NULL, "status" character varying(16) NOT NULL DEFAULT \'pending\', "admin_notes" text, "reviewed_by" uuid, "reviewed_at" TIMESTAMP WITH TIME ZONE, "death_report_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ac51aa5181ee2036f5ca482857c" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "documents_file_path_idx" ON "documents"  ("file_path") ',
    );
    await queryRunner.query(
      'CREATE INDEX "documents_status_created_idx" ON "documents"  ("status", "created_at") ',
    );
    await queryRunner.query(
      'CREATE INDEX "documents_user_created_idx" ON "documents"  ("user_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "upload_settings" ("id" character varying(16) NOT NULL, "max_file_size_mb" integer NOT NULL DEFAULT \'10\', "allowed_file_types" jsonb NOT NULL, "auto_approval" boolean NOT NULL DEFAULT false, "published_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_68c4e94021718f409cef3f9f113" PRIMARY KEY ("id"))',
    );
    // rate-limiter-flexible's own table (RateLimiterPostgres, tableCreated: true): upload starts.
    await queryRunner.query(
      'CREATE TABLE "upload_rate_limits" ("key" character varying(255) PRIMARY KEY, "points" integer NOT NULL DEFAULT 0, "expire" bigint)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "upload_rate_limits"');
    await queryRunner.query('DROP TABLE "upload_settings"');
    await queryRunner.query('DROP INDEX "public"."documents_user_created_idx"');
    await queryRunner.query('DROP INDEX "public"."documents_status_created_idx"');
    await queryRunner.query('DROP INDEX "public"."documents_file_path_idx"');
    await queryRunner.query('DROP TABLE "documents"');
    await queryRunner.query('DROP INDEX "public"."audit_entries_subject_idx"');
    await queryRunner.query('DROP TABLE "audit_entries"');
  }
}
