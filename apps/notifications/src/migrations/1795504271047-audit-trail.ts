import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AuditTrail1795504271047 implements MigrationInterface {
  name = 'AuditTrail1795504271047';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "audit_trail" ("entry_id" uuid NOT NULL, "service" character varying(64) NOT NULL, "actor_id" uuid NOT NULL, "action" character varying(64) NOT NULL, "subject_type" character varying(32) NOT NULL, "subject_id" character varying(64) NOT NULL, "member_id" uuid, "before" jsonb, "after" jsonb, "recorded_at" TIMESTAMP WITH TIME ZONE NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_audit_trail_entry_id" PRIMARY KEY ("entry_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_trail_recorded_idx" ON "audit_trail" ("recorded_at", "entry_id") ',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_trail_member_idx" ON "audit_trail" ("member_id", "recorded_at") ',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_trail_actor_idx" ON "audit_trail" ("actor_id", "recorded_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."audit_trail_actor_idx"');
    await queryRunner.query('DROP INDEX "public"."audit_trail_member_idx"');
    await queryRunner.query('DROP INDEX "public"."audit_trail_recorded_idx"');
    await queryRunner.query('DROP TABLE "audit_trail"');
  }
}
