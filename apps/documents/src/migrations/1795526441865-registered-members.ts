import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RegisteredMembers1795526441865 implements MigrationInterface {
  name = 'RegisteredMembers1795526441865';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "members" ADD "registration_paid" boolean NOT NULL DEFAULT false',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "members" DROP COLUMN "registration_paid"');
  }
}
