import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RegisteredMembers1795526441865 implements MigrationInterface {
  name = 'RegisteredMembers1795526441865';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "members" ("user_id" uuid NOT NULL, "registration_paid" boolean NOT NULL DEFAULT false, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_da404b5fd9c390e25338996e2d1" PRIMARY KEY ("user_id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "members"');
  }
}
