import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Throttles move to rate-limiter-flexible (RateLimiterPostgres, tableCreated: true): its own
 * table of counters, one row per rule and hashed key, replaces the table of single hits.
 */
export class ThrottleCounters1795503960000 implements MigrationInterface {
  name = 'ThrottleCounters1795503960000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "throttle_counters" ("key" character varying(255) PRIMARY KEY, "points" integer NOT NULL DEFAULT 0, "expire" bigint)',
    );
    await queryRunner.query('DROP TABLE "throttle_hits"');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "throttle_hits" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "bucket" character varying(40) NOT NULL, "key_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_throttle_hits" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "throttle_hits_created_idx" ON "throttle_hits" ("created_at")',
    );
    await queryRunner.query(
      'CREATE INDEX "throttle_hits_key_idx" ON "throttle_hits" ("bucket", "key_hash", "created_at")',
    );
    await queryRunner.query('DROP TABLE "throttle_counters"');
  }
}
