import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One admin action in the service that owns the row it changed: who did what to which row, with
 * the row's safe fields before and after. Append-only: never updated, never deleted. Every
 * service that lets admins act keeps this table (created by `createAuditEntriesTable`) and writes
 * it through `recordAudit`, which also publishes `audit.recorded` for the audit trail.
 */
@Entity({ name: 'audit_entries' })
@Index('audit_entries_subject_idx', ['subjectType', 'subjectId'])
@Index('audit_entries_member_idx', ['memberId', 'createdAt'])
export class AuditEntryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The admin's user id. */
  @Column({ name: 'actor_id', type: 'uuid' })
  actorId!: string;

  /** e.g. 'death_report.approved', 'user.role_changed', 'payment.recorded_offline'. */
  @Column({ type: 'varchar', length: 64 })
  action!: string;

  /** e.g. 'death_report', 'document', 'user', 'payment', 'settings', 'export'. */
  @Column({ name: 'subject_type', type: 'varchar', length: 32 })
  subjectType!: string;

  /** The changed row's id (a table name for an export). */
  @Column({ name: 'subject_id', type: 'varchar', length: 64 })
  subjectId!: string;

  /** The member the action concerns, when there is one (the user drawer filters on it). */
  @Column({ name: 'member_id', type: 'uuid', nullable: true })
  memberId!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  before!: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after!: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
