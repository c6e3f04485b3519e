import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The channel the outbox trigger notifies; the relay listens on it. */
export const OUTBOX_CHANNEL = 'outbox_inserted';

/**
 * The outbox and the inbox, exactly as OutboxEntity and InboxEntity declare them, plus what
 * TypeORM cannot express: a statement-level trigger that wakes the relay. NOTIFY is delivered
 * at commit, so a rolled-back insert wakes nobody. Every service lists this in its migrations.
 */
export class CreateEventTables1760000000000 implements MigrationInterface {
  name = 'CreateEventTables1760000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "outbox" ("id" uuid NOT NULL, "seq" BIGSERIAL NOT NULL, "topic" text NOT NULL, "key" text NOT NULL, "envelope" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_outbox" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_outbox_unpublished" ON "outbox" ("seq") WHERE "published_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE FUNCTION "outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('${OUTBOX_CHANNEL}', ''); RETURN NULL; END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "outbox_notify" AFTER INSERT ON "outbox" FOR EACH STATEMENT EXECUTE FUNCTION "outbox_notify"()`,
    );
    await queryRunner.query(
      `CREATE TABLE "inbox" ("consumer_group" text NOT NULL, "event_id" uuid NOT NULL, "handled_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_inbox" PRIMARY KEY ("consumer_group", "event_id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "inbox"`);
    await queryRunner.query(`DROP TRIGGER "outbox_notify" ON "outbox"`);
    await queryRunner.query(`DROP FUNCTION "outbox_notify"()`);
    await queryRunner.query(`DROP INDEX "IDX_outbox_unpublished"`);
    await queryRunner.query(`DROP TABLE "outbox"`);
  }
}
