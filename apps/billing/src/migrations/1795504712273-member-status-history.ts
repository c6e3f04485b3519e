import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Members by status over time: a history row for each member's status from when it held,
 * written by a trigger in the transaction of the change. Existing members start with their
 * current status from when they registered (what billing knew before the history existed).
 */
export class MemberStatusHistory1795504712273 implements MigrationInterface {
  name = 'MemberStatusHistory1795504712273';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "member_status_history" ("id" BIGSERIAL NOT NULL, "user_id" uuid NOT NULL, "status" character varying(16) NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_member_status_history_id" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "member_status_history_user_idx" ON "member_status_history" ("user_id", "changed_at") ',
    );
    await queryRunner.query(
      'INSERT INTO "member_status_history" ("user_id", "status", "changed_at") SELECT "user_id", "membership_status", "created_at" FROM "members"',
    );
    await queryRunner.query(`CREATE FUNCTION "record_member_status"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR NEW."membership_status" IS DISTINCT FROM OLD."membership_status" THEN
          INSERT INTO "member_status_history" ("user_id", "status", "changed_at")
          VALUES (NEW."user_id", NEW."membership_status", now());
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(
      'CREATE TRIGGER "members_status_history" AFTER INSERT OR UPDATE OF "membership_status" ON "members" FOR EACH ROW EXECUTE FUNCTION "record_member_status"()',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER "members_status_history" ON "members"');
    await queryRunner.query('DROP FUNCTION "record_member_status"()');
    await queryRunner.query('DROP INDEX "public"."member_status_history_user_idx"');
    await queryRunner.query('DROP TABLE "member_status_history"');
  }
}
