import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One admin decision: who did what to which row, with the row before and after. */
@Entity({ name: 'audit_entries' })
@Index('audit_entries_subject_idx', ['subjectType', 'subjectId'])
export class AuditEntryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'actor_id', type: 'uuid' })
  actorId!: string;

  /** e.g. 'death_report.approved'. */
  @Column({ type: 'varchar', length: 64 })
  action!: string;

  @Column({ name: 'subject_type', type: 'varchar', length: 32 })
  subjectType!: string;

  @Column({ name: 'subject_id', type: 'uuid' })
  subjectId!: string;

  @Column({ type: 'jsonb', nullable: true })
  before!: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after!: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
