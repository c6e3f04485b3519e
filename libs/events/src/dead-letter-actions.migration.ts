import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The table of what operators did with the service's dead letters (DeadLetterActionEntity). */
export class DeadLetterActions1795776009938 implements MigrationInterface {
  name = 'DeadLetterActions1795776009938';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "dead_letter_actions" ("dead_letter_id" text NOT NULL, "action" character varying(16) NOT NULL, "actor" character varying(128) NOT NULL, "reason" text, "topic" text NOT NULL, "consumer_group" text NOT NULL, "event_id" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_dead_letter_actions" PRIMARY KEY ("dead_letter_id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "dead_letter_actions"`);
  }
}
