import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The audit trail: every admin action of every service (`audit.recorded`), one row per audit
 * entry, append-only (inserted once, never updated, never deleted). Read newest first, by
 * keyset on (recorded_at, entry_id).
 */
@Entity({ name: 'audit_trail' })
@Index('audit_trail_recorded_idx', ['recordedAt', 'entryId'])
@Index('audit_trail_member_idx', ['memberId', 'recordedAt'])
@Index('audit_trail_actor_idx', ['actorId', 'recordedAt'])
export class AuditTrailEntity {
  /** The owning service's audit entry id: what makes a redelivered event a no-op. */
  @PrimaryColumn({
    name: 'entry_id',
    type: 'uuid',
    primaryKeyConstraintName: 'PK_audit_trail_entry_id',
  })
  entryId!: string;

  /** The service's event source, e.g. 'jibs/cases'. */
  @Column({ type: 'varchar', length: 64 })
  service!: string;

  @Column({ name: 'actor_id', type: 'uuid' })
  actorId!: string;

  @Column({ type: 'varchar', length: 64 })
  action!: string;

  @Column({ name: 'subject_type', type: 'varchar', length: 32 })
  subjectType!: string;

  @Column({ name: 'subject_id', type: 'varchar', length: 64 })
  subjectId!: string;

  @Column({ name: 'member_id', type: 'uuid', nullable: true })
  memberId!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  before!: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after!: Record<string, unknown> | null;

  /** When the admin acted (the owning service's time). */
  @Column({ name: 'recorded_at', type: 'timestamptz' })
  recordedAt!: Date;

  /** When the trail received it. */
  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
