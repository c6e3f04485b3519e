import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Who changed what in a review: one row per admin decision, never updated. */
@Entity({ name: 'audit_entries' })
@Index('audit_entries_subject_idx', ['subject', 'createdAt'])
export class AuditEntryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The admin's user id. */
  @Column({ type: 'uuid' })
  actor!: string;

  /** 'document.approved' or 'document.rejected'. */
  @Column({ type: 'varchar', length: 64 })
  action!: string;

  /** The document's id. */
  @Column({ type: 'uuid' })
  subject!: string;

  @Column({ type: 'jsonb' })
  before!: Record<string, unknown>;

  @Column({ type: 'jsonb' })
  after!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
