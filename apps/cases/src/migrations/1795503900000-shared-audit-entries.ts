import type { MigrationInterface, QueryRunner } from 'typeorm';

/** audit_entries takes the shared shape of `@jibs/subgraph`: a member column, text subject ids. */
export class SharedAuditEntries1795503900000 implements MigrationInterface {
  name = 'SharedAuditEntries1795503900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "audit_entries" ALTER COLUMN "subject_id" TYPE character varying(64)',
    );
    await queryRunner.query('ALTER TABLE "audit_entries" ADD "member_id" uuid');
    await queryRunner.query(
      `UPDATE "audit_entries" a SET "member_id" = r."user_id" FROM "death_reports" r WHERE a."subject_type" = 'death_report' AND r."id"::text = a."subject_id"`,
    );
    await queryRunner.query(
      'CREATE INDEX "audit_entries_member_idx" ON "audit_entries" ("member_id", "created_at")',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "audit_entries_member_idx"');
    await queryRunner.query('ALTER TABLE "audit_entries" DROP COLUMN "member_id"');
    await queryRunner.query(
      'ALTER TABLE "audit_entries" ALTER COLUMN "subject_id" TYPE uuid USING "subject_id"::uuid',
    );
  }
}
