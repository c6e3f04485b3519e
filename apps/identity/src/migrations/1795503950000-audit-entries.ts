import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createAuditEntriesTable, dropAuditEntriesTable } from '@jibs/subgraph';

/** The admin actions of this service, in the shared shape of `@jibs/subgraph` (recordAudit). */
export class IdentityAuditEntries1795503950000 implements MigrationInterface {
  name = 'IdentityAuditEntries1795503950000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createAuditEntriesTable(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropAuditEntriesTable(queryRunner);
  }
}
