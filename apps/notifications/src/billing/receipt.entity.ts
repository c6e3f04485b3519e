import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One emailed receipt per completed payment, keyed by the payment id. Written with the
 * payment's notification (so every completed payment has one), sent after that transaction
 * commits; `sent_at` is set when the send is claimed. A receipt stays pending while its member's
 * email address is not yet known (their `user.registered` not yet seen).
 */
@Entity({ name: 'receipts' })
@Index('receipts_pending_user_idx', ['userId'], { where: 'sent_at IS NULL' })
export class ReceiptEntity {
  @PrimaryColumn({ name: 'payment_id', type: 'uuid' })
  paymentId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Cents. */
  @Column({ type: 'integer' })
  amount!: number;

  @Column({ type: 'varchar', length: 8 })
  currency!: string;

  @Column({ name: 'payment_type', type: 'varchar', length: 16 })
  paymentType!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description!: string | null;

  /** When the payment completed (the event's time). */
  @Column({ name: 'paid_at', type: 'timestamptz' })
  paidAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
