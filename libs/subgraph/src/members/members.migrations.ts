import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * The members read model's tables, for a service that did not create them itself. Services
 * that did (cases, documents, memorials, before this library held the model) keep their own
 * migrations, which deployed databases have run: these then find everything in place and only
 * add what is missing. Their `down` leaves the table, which may predate them.
 */

export class MembersReadModel1795752067141 implements MigrationInterface {
  name = 'MembersReadModel1795752067141';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE IF NOT EXISTS "members" ("user_id" uuid NOT NULL, "registration_paid" boolean NOT NULL DEFAULT false, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_da404b5fd9c390e25338996e2d1" PRIMARY KEY ("user_id"))',
    );
  }

  async down(): Promise<void> {}
}

/** Names beside the flag; a row learnt before its name is named at the epoch. */
export class MemberNames1795752067142 implements MigrationInterface {
  name = 'MemberNames1795752067142';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [column, type, placeholder] of [
      ['first_name', 'character varying(100)', "''"],
      ['last_name', 'character varying(100)', "''"],
      ['named_at', 'TIMESTAMP WITH TIME ZONE', "'epoch'"],
    ]) {
      await queryRunner.query(
        `ALTER TABLE "members" ADD COLUMN IF NOT EXISTS "${column}" ${type} NOT NULL DEFAULT ${placeholder}`,
      );
      await queryRunner.query(`ALTER TABLE "members" ALTER COLUMN "${column}" DROP DEFAULT`);
    }
  }

  async down(): Promise<void> {}
}
