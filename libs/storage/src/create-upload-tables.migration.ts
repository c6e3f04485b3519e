import type { MigrationInterface, QueryRunner } from 'typeorm';
import { UPLOAD_RATE_LIMIT_TABLE } from './upload-rate-limiter';

/**
 * The tables every service that stores uploads needs, listed in its migrations like the event
 * tables: `upload_claims` (`UploadClaimEntity`: each upload key is confirmed once) and the upload
 * rate limiter's counters. The latter may already exist (documents created it before this
 * migration), so it is created only when missing and left in place on revert.
 */
export class CreateUploadTables1795752151361 implements MigrationInterface {
  name = 'CreateUploadTables1795752151361';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "upload_claims" ("upload_key" character varying(300) NOT NULL, "stored_key" character varying(300), "settled_at" TIMESTAMP WITH TIME ZONE, "claimed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e0388d3a65436ec64a38097b3e3" PRIMARY KEY ("upload_key"))',
    );
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "${UPLOAD_RATE_LIMIT_TABLE}" ("key" character varying(255) PRIMARY KEY, "points" integer NOT NULL DEFAULT 0, "expire" bigint)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "upload_claims"');
  }
}
