import type { MigrationInterface, QueryRunner } from 'typeorm';

export class NotificationsInitial1795314875957 implements MigrationInterface {
  name = 'NotificationsInitial1795314875957';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "notifications" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "title" character varying(200) NOT NULL, "message" character varying(2000) NOT NULL, "type" character varying(16) NOT NULL DEFAULT \'info\', "read" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6a72c3c0f683f6462415e653c3a" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "notifications_user_created_idx" ON "notifications"  ("user_id", "created_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."notifications_user_created_idx"');
    await queryRunner.query('DROP TABLE "notifications"');
  }
}
