import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each owed mail's kind (or 'essential'): whether it carries an unsubscribe link. */
export class OutgoingMailCategory1795765719949 implements MigrationInterface {
  name = 'OutgoingMailCategory1795765719949';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "outgoing_mail" ADD "category" character varying(32) NOT NULL DEFAULT \'essential\'',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "outgoing_mail" DROP COLUMN "category"');
  }
}
