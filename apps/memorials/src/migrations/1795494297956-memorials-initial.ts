import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MemorialsInitial1795494297956 implements MigrationInterface {
  name = 'MemorialsInitial1795494297956';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "memorial_connections" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "memorial_id" uuid NOT NULL, "user_id" uuid, "invited_email" character varying(254) NOT NULL, "can_edit" boolean NOT NULL DEFAULT false, "invited_by" uuid NOT NULL, "accepted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f83a3de85a00e40dee5b36da227" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "memorial_connections_email_idx" ON "memorial_connections"  ("invited_email") ',
    );
    await queryRunner.query(
      'CREATE INDEX "memorial_connections_user_idx" ON "memorial_connections"  ("user_id") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "memorial_connections_memorial_email_idx" ON "memorial_connections"  ("memorial_id", "invited_email") ',
    );
    await queryRunner.query(
      'CREATE TABLE "memorial_pages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "full_name" character varying(200) NOT NULL, "birth_date" date, "death_date" date, "birth_location" character varying(200), "death_location" character varying(200), "biography" text, "profile_photo_id" uuid, "privacy_level" character varying(16) NOT NULL DEFAULT \'family_only\', "created_by" uuid NOT NULL, "is_active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2bf0c4ff6116f8f7991adf836e6" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "memorial_pages_created_by_idx" ON "memorial_pages"  ("created_by") ',
    );
    await queryRunner.query(
      'CREATE INDEX "memorial_pages_active_created_idx" ON "memorial_pages"  ("is_active", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "members" ("user_id" uuid NOT NULL, "first_name" character varying(100) NOT NULL, "last_name" character varying(100) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_da404b5fd9c390e25338996e2d1" PRIMARY KEY ("user_id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "memorial_memories" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "memorial_id" uuid NOT NULL, "contributor_id" uuid NOT NULL, "contributor_name" character varying(201) NOT NULL, "title" character varying(200) NOT NULL, "content" text NOT NULL, "memory_date" date, "status" character varying(16) NOT NULL DEFAULT \'pending\', "moderated_by" uuid, "moderated_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d190dcfe148049bc55fe27787f3" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "memorial_memories_contributor_idx" ON "memorial_memories"  ("contributor_id") ',
    );
    await queryRunner.query(
      'CREATE INDEX "memorial_memories_memorial_status_idx" ON "memorial_memories"  ("memorial_id", "status", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "memorial_photos" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "memorial_id" uuid NOT NULL, "file_path" character varying(300) NOT NULL, "caption" character varying(500), "display_order" integer NOT NULL, "content_type" character varying(100) NOT NULL, "size" integer NOT NULL, "uploaded_by" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3a0fc6c2b9502996d35ad2f1110" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "memorial_photos_file_path_idx" ON "memorial_photos"  ("file_path") ',
    );
    await queryRunner.query(
      'CREATE INDEX "memorial_photos_memorial_order_idx" ON "memorial_photos"  ("memorial_id", "display_order") ',
    );
    // rate-limiter-flexible's own table (RateLimiterPostgres, tableCreated: true): memories.
    await queryRunner.query(
      'CREATE TABLE "memory_rate_limits" ("key" character varying(255) PRIMARY KEY, "points" integer NOT NULL DEFAULT 0, "expire" bigint)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "memory_rate_limits"');
    await queryRunner.query('DROP INDEX "public"."memorial_photos_memorial_order_idx"');
    await queryRunner.query('DROP INDEX "public"."memorial_photos_file_path_idx"');
    await queryRunner.query('DROP TABLE "memorial_photos"');
    await queryRunner.query('DROP INDEX "public"."memorial_memories_memorial_status_idx"');
    await queryRunner.query('DROP INDEX "public"."memorial_memories_contributor_idx"');
    await queryRunner.query('DROP TABLE "memorial_memories"');
    await queryRunner.query('DROP TABLE "members"');
    await queryRunner.query('DROP INDEX "public"."memorial_pages_active_created_idx"');
    await queryRunner.query('DROP INDEX "public"."memorial_pages_created_by_idx"');
    await queryRunner.query('DROP TABLE "memorial_pages"');
    await queryRunner.query('DROP INDEX "public"."memorial_connections_memorial_email_idx"');
    await queryRunner.query('DROP INDEX "public"."memorial_connections_user_idx"');
    await queryRunner.query('DROP INDEX "public"."memorial_connections_email_idx"');
    await queryRunner.query('DROP TABLE "memorial_connections"');
  }
}
