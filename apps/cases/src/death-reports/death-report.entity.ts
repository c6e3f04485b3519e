import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { DeceasedKind, ReviewStatus } from '@jibs/domain';

/**
 * A death reported by a member (spec section 3), and its review. Both indexes keep created_at
 * descending (set in the migration; TypeORM does not model index order): lists are newest first.
 */
@Entity({ name: 'death_reports' })
@Index('death_reports_user_created_idx', ['userId', 'createdAt'])
@Index('death_reports_status_created_idx', ['status', 'createdAt'])
export class DeathReportEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'deceased_name', type: 'varchar', length: 200 })
  deceasedName!: string;

  @Column({ name: 'date_of_death', type: 'date' })
  dateOfDeath!: string;

  @Column({ name: 'place_of_death', type: 'varchar', length: 300 })
  placeOfDeath!: string;

  @Column({ name: 'relationship_to_deceased', type: 'varchar', length: 32 })
  relationshipToDeceased!: string;

  @Column({ name: 'additional_notes', type: 'text', nullable: true })
  additionalNotes!: string | null;

  /** Who died (issue 23): the account holder, a household member, or someone else. */
  @Column({
    name: 'deceased_kind',
    type: 'varchar',
    length: 24,
    default: DeceasedKind.SOMEONE_ELSE,
  })
  deceasedKind!: DeceasedKind;

  /** The household member (billing's id) when `deceasedKind` is household_member. */
  @Column({ name: 'deceased_member_id', type: 'uuid', nullable: true })
  deceasedMemberId!: string | null;

  /** An admin accepted the claim outside the claim window; the note is in the audit trail. */
  @Column({ name: 'window_override', type: 'boolean', default: false })
  windowOverride!: boolean;

  @Column({ type: 'varchar', length: 16, default: ReviewStatus.PENDING })
  status!: ReviewStatus;

  @Column({ name: 'admin_notes', type: 'text', nullable: true })
  adminNotes!: string | null;

  @Column({ name: 'reviewed_by', type: 'uuid', nullable: true })
  reviewedBy!: string | null;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
