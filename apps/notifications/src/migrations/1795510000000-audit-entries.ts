import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createAuditEntriesTable, dropAuditEntriesTable } from '@jibs/subgraph';

/** Admin actions taken here (exports of the notifications table) are audited like elsewhere. */
export class AuditEntries1795510000000 implements MigrationInterface {
  name = 'AuditEntries1795510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createAuditEntriesTable(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropAuditEntriesTable(queryRunner);
  }
}
