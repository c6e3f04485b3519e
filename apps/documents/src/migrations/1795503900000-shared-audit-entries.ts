import type { MigrationInterface, QueryRunner } from 'typeorm';

/** audit_entries takes the shared shape of `@jibs/subgraph` (actor_id, subject_type, subject_id, member_id). */
export class SharedAuditEntries1795503900000 implements MigrationInterface {
  name = 'SharedAuditEntries1795503900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "audit_entries_subject_idx"');
    await queryRunner.query('ALTER TABLE "audit_entries" RENAME COLUMN "actor" TO "actor_id"');
    await queryRunner.query('ALTER TABLE "audit_entries" RENAME COLUMN "subject" TO "subject_id"');
    await queryRunner.query(
      'ALTER TABLE "audit_entries" ALTER COLUMN "subject_id" TYPE character varying(64)',
    );
    await queryRunner.query(
      `ALTER TABLE "audit_entries" ADD "subject_type" character varying(32) NOT NULL DEFAULT 'document'`,
    );
    await queryRunner.query('ALTER TABLE "audit_entries" ALTER COLUMN "subject_type" DROP DEFAULT');
    await queryRunner.query('ALTER TABLE "audit_entries" ALTER COLUMN "before" DROP NOT NULL');
    await queryRunner.query('ALTER TABLE "audit_entries" ALTER COLUMN "after" DROP NOT NULL');
    await queryRunner.query('ALTER TABLE "audit_entries" ADD "member_id" uuid');
    await queryRunner.query(
      `UPDATE "audit_entries" a SET "member_id" = d."user_id" FROM "documents" d WHERE d."id"::text = a."subject_id"`,
    );
    await queryRunner.query(
      'CREATE INDEX "audit_entries_subject_idx" ON "audit_entries" ("subject_type", "subject_id")',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_entries_member_idx" ON "audit_entries" ("member_id", "created_at")',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "audit_entries_member_idx"');
    await queryRunner.query('DROP INDEX "audit_entries_subject_idx"');
    await queryRunner.query('ALTER TABLE "audit_entries" DROP COLUMN "member_id"');
    await queryRunner.query('ALTER TABLE "audit_entries" DROP COLUMN "subject_type"');
    await queryRunner.query(
      'ALTER TABLE "audit_entries" ALTER COLUMN "subject_id" TYPE uuid USING "subject_id"::uuid',
    );
    await queryRunner.query('ALTER TABLE "audit_entries" RENAME COLUMN "subject_id" TO "subject"');
    await queryRunner.query('ALTER TABLE "audit_entries" RENAME COLUMN "actor_id" TO "actor"');
    await queryRunner.query(
      'CREATE INDEX "audit_entries_subject_idx" ON "audit_entries" ("subject", "created_at")',
    );
  }
}
