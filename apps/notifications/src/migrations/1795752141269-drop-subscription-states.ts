import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `subscription.updated` carries the state it replaced, so notifications no longer keeps each
 * member's last subscription state to work the transition out.
 */
export class DropSubscriptionStates1795752141269 implements MigrationInterface {
  name = 'DropSubscriptionStates1795752141269';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "subscription_states"');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "subscription_states" ("user_id" uuid NOT NULL, "status" character varying(16) NOT NULL, "cancel_at_period_end" boolean NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7fb7f3630bf049239add5d19a14" PRIMARY KEY ("user_id"))',
    );
  }
}
