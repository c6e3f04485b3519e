import type { EntityManager, QueryRunner } from 'typeorm';
import type { EventPublisher } from '@jibs/events';
import { AuditEntryEntity } from './audit-entry.entity';

/** What an admin did; `before` and `after` hold only fields safe to show other admins. */
export interface AuditRecord {
  actorId: string;
  action: string;
  subjectType: string;
  subjectId: string;
  memberId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Appends the action to this service's `audit_entries` and publishes `audit.recorded` through
 * the service's publisher (whose source names the service), both in the caller's transaction:
 * the action, its audit row and its event commit together or not at all.
 */
export async function recordAudit(
  publisher: EventPublisher,
  manager: EntityManager,
  record: AuditRecord,
): Promise<AuditEntryEntity> {
  const entry = await manager.save(
    manager.create(AuditEntryEntity, {
      actorId: record.actorId,
      action: record.action,
      subjectType: record.subjectType,
      subjectId: record.subjectId,
      memberId: record.memberId ?? null,
      before: record.before ?? null,
      after: record.after ?? null,
    }),
  );
  await publisher.publish(
    manager,
    'audit.recorded',
    {
      entryId: entry.id,
      service: publisher.source,
      actorId: entry.actorId,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      memberId: entry.memberId,
      before: entry.before,
      after: entry.after,
      recordedAt: entry.createdAt.toISOString(),
    },
    { subject: entry.memberId ?? entry.subjectId },
  );
  return entry;
}

/** The `audit_entries` table, for a service's migration (its down: `dropAuditEntriesTable`). */
export async function createAuditEntriesTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(
    `CREATE TABLE "audit_entries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "actor_id" uuid NOT NULL, "action" character varying(64) NOT NULL, "subject_type" character varying(32) NOT NULL, "subject_id" character varying(64) NOT NULL, "member_id" uuid, "before" jsonb, "after" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id"))`,
  );
  await queryRunner.query(
    `CREATE INDEX "audit_entries_subject_idx" ON "audit_entries" ("subject_type", "subject_id")`,
  );
  await queryRunner.query(
    `CREATE INDEX "audit_entries_member_idx" ON "audit_entries" ("member_id", "created_at")`,
  );
}

export async function dropAuditEntriesTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query('DROP TABLE "audit_entries"');
}
