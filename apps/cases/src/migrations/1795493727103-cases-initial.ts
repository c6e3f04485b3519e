import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CasesInitial1795493727103 implements MigrationInterface {
  name = 'CasesInitial1795493727103';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "audit_entries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "actor_id" uuid NOT NULL, "action" character varying(64) NOT NULL, "subject_type" character varying(32) NOT NULL, "subject_id" uuid NOT NULL, "before" jsonb, "after" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6b1623bcad4d04530b76548d619" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_entries_subject_idx" ON "audit_entries"  ("subject_type", "subject_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "death_reports" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "deceased_name" character varying(200) NOT NULL, "date_of_death" date NOT NULL, "place_of_death" character varying(300) NOT NULL, "relationship_to_deceased" character varying(32) NOT NULL, "additional_notes" text, "status" character varying(16) NOT NULL DEFAULT \'pending\', "admin_notes" text, "reviewed_by" uuid, "reviewed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e5b57b56a557a74407fd8676238" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "death_reports_status_created_idx" ON "death_reports"  ("status", "created_at" DESC) ',
    );
    await queryRunner.query(
      'CREATE INDEX "death_reports_user_created_idx" ON "death_reports"  ("user_id", "created_at" DESC) ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."death_reports_user_created_idx"');
    await queryRunner.query('DROP INDEX "public"."death_reports_status_created_idx"');
    await queryRunner.query('DROP TABLE "death_reports"');
    await queryRunner.query('DROP INDEX "public"."audit_entries_subject_idx"');
    await queryRunner.query('DROP TABLE "audit_entries"');
  }
}
