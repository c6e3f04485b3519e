import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { JanazahChange } from './janazah-messages';

/**
 * One member told of one version of a notice by one channel: written set-based by the
 * consumer (the bell's rows already sent, with their notification), drained in batches by the
 * sender. The unique key makes a redelivered event write, and so send, nothing twice; `sent_at`
 * is set when a send is claimed (the receipts' trade-off: a crash between claim and hand-over
 * loses that message, none goes twice).
 */
@Entity({ name: 'janazah_deliveries' })
@Index('janazah_deliveries_once_key', ['noticeId', 'sequence', 'change', 'userId', 'channel'], {
  unique: true,
})
@Index('janazah_deliveries_pending_idx', ['id'], { where: 'sent_at IS NULL' })
export class JanazahDeliveryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'notice_id', type: 'uuid' })
  noticeId!: string;

  @Column({ type: 'int' })
  sequence!: number;

  @Column({ type: 'varchar', length: 16 })
  change!: JanazahChange;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 8 })
  channel!: 'bell' | 'email' | 'sms';

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;
}
