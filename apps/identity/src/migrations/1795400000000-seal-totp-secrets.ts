import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Authenticator secrets are stored sealed (longer than the plain base32). The values are sealed
 * by identity at boot (TotpService), which alone holds the key.
 */
export class SealTotpSecrets1795400000000 implements MigrationInterface {
  name = 'SealTotpSecrets1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "totp_credentials" ALTER COLUMN "secret" TYPE character varying(255)',
    );
    await queryRunner.query(
      'ALTER TABLE "totp_credentials" ALTER COLUMN "pending_secret" TYPE character varying(255)',
    );
  }

  async down(): Promise<void> {
    // Sealed values do not fit the old width, and opening them needs the key: not reversible.
    throw new Error('SealTotpSecrets cannot be reverted');
  }
}
