import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One step of a case's timeline, appended by the service (submitted, under review, reviewed,
 * checklist) and by consumers (janazah, claim and assistance events); never changed afterwards.
 * Shown in `at` order, then in the order appended (`seq`).
 */
@Entity({ name: 'case_timeline_entries' })
@Index('case_timeline_entries_report_idx', ['reportId', 'at', 'seq'])
export class CaseTimelineEntryEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  seq!: string;

  @Column({ name: 'report_id', type: 'uuid' })
  reportId!: string;

  /** The reporting member (the family). */
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** One of CASE_STEPS. */
  @Column({ type: 'varchar', length: 32 })
  step!: string;

  /** Short, safe to show the family. */
  @Column({ type: 'varchar', length: 200 })
  label!: string;

  /** The reviewer's notes, a cancellation's reason, the masjid of a notice. */
  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  /** Cents, for the assistance steps. */
  @Column({ type: 'integer', nullable: true })
  amount!: number | null;

  @Column({ type: 'timestamptz' })
  at!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
