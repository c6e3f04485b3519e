import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { JanazahVisibility } from '@jibs/domain';

export type JanazahNoticeStatus = 'active' | 'cancelled';

/**
 * A janazah notice for an approved death report (issue 24). One active notice per report (the
 * partial unique index); a cancelled one stays, with its reason. `sequence` rises on each edit
 * and on the cancellation, as the calendar invite's SEQUENCE.
 */
@Entity({ name: 'janazah_notices' })
@Index('janazah_notices_one_active_per_report', ['reportId'], {
  unique: true,
  where: `status = 'active'`,
})
@Index('janazah_notices_prayer_idx', ['prayerAt'])
export class JanazahNoticeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'report_id', type: 'uuid' })
  reportId!: string;

  /** The reporting member (the family). */
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'deceased_name', type: 'varchar', length: 200 })
  deceasedName!: string;

  @Column({ name: 'prayer_at', type: 'timestamptz' })
  prayerAt!: Date;

  /** The IANA zone the prayer time is shown in. */
  @Column({ name: 'time_zone', type: 'varchar', length: 64 })
  timeZone!: string;

  @Column({ name: 'masjid_name', type: 'varchar', length: 200 })
  masjidName!: string;

  @Column({ name: 'masjid_address', type: 'varchar', length: 300 })
  masjidAddress!: string;

  @Column({ name: 'burial_place', type: 'varchar', length: 300 })
  burialPlace!: string;

  /** Members only: never shown to a visitor. */
  @Column({ name: 'family_contact', type: 'varchar', length: 200, nullable: true })
  familyContact!: string | null;

  @Column({ type: 'varchar', length: 16 })
  visibility!: JanazahVisibility;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status!: JanazahNoticeStatus;

  @Column({ type: 'integer', default: 0 })
  sequence!: number;

  @Column({ name: 'published_by', type: 'uuid' })
  publishedBy!: string;

  @Column({ name: 'cancel_reason', type: 'text', nullable: true })
  cancelReason!: string | null;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
