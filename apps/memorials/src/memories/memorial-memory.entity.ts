import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type MemoryStatus = 'pending' | 'approved' | 'rejected';

/**
 * A memory shared on a memorial (spec: memorial_memories; `status` replaces is_approved so a
 * rejection is recorded). Plain text, stored as given.
 */
@Entity({ name: 'memorial_memories' })
@Index('memorial_memories_memorial_status_idx', ['memorialId', 'status', 'createdAt'])
@Index('memorial_memories_contributor_idx', ['contributorId'])
export class MemorialMemoryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'memorial_id', type: 'uuid' })
  memorialId!: string;

  @Column({ name: 'contributor_id', type: 'uuid' })
  contributorId!: string;

  /** The contributor's name when they shared it (from this service's own records; no email). */
  @Column({ name: 'contributor_name', type: 'varchar', length: 201 })
  contributorName!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ name: 'memory_date', type: 'date', nullable: true })
  memoryDate!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: MemoryStatus;

  @Column({ name: 'moderated_by', type: 'uuid', nullable: true })
  moderatedBy!: string | null;

  @Column({ name: 'moderated_at', type: 'timestamptz', nullable: true })
  moderatedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
