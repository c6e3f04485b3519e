import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Timestamped right after CreateEventTables1760000000000, so it runs before any service migration
 * that publishes (identity's settings seed does); on a database that has run those, it runs as a
 * pending migration like any other.
 *
 * One event may be published in several versions during a deprecation period, each an outbox row
 * with the same envelope id: the outbox is keyed by id and version.
 */
export class OutboxEventVersions1760000000001 implements MigrationInterface {
  name = 'OutboxEventVersions1760000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox" ADD "version" integer`);
    await queryRunner.query(
      `UPDATE "outbox" SET "version" = ("envelope"->>'dataversion')::integer`,
    );
    await queryRunner.query(`ALTER TABLE "outbox" ALTER COLUMN "version" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "outbox" DROP CONSTRAINT "PK_outbox"`);
    await queryRunner.query(
      `ALTER TABLE "outbox" ADD CONSTRAINT "PK_outbox" PRIMARY KEY ("id", "version")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // One row per event again: its newest version.
    await queryRunner.query(
      `DELETE FROM "outbox" o WHERE EXISTS (SELECT 1 FROM "outbox" n WHERE n."id" = o."id" AND n."version" > o."version")`,
    );
    await queryRunner.query(`ALTER TABLE "outbox" DROP CONSTRAINT "PK_outbox"`);
    await queryRunner.query(`ALTER TABLE "outbox" ADD CONSTRAINT "PK_outbox" PRIMARY KEY ("id")`);
    await queryRunner.query(`ALTER TABLE "outbox" DROP COLUMN "version"`);
  }
}
