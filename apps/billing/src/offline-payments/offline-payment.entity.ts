import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { OfflinePaymentMethod, OfflinePaymentPurpose } from '@jibs/domain';

/**
 * What an admin recorded about a payment received in person; the payment itself is an ordinary
 * `payments` row (completed, counted), this row its details.
 */
@Entity({ name: 'offline_payments' })
@Index('offline_payments_user_idx', ['userId'])
export class OfflinePaymentEntity {
  /** The `payments` row this describes. */
  @PrimaryColumn({
    name: 'payment_id',
    type: 'uuid',
    primaryKeyConstraintName: 'offline_payments_pkey',
  })
  paymentId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Made by the admin's client per submission: the same key records one payment, however often sent. */
  @Index('offline_payments_idempotency_key_idx', { unique: true })
  @Column({ name: 'idempotency_key', type: 'uuid' })
  idempotencyKey!: string;

  @Column({ type: 'varchar', length: 8 })
  method!: OfflinePaymentMethod;

  @Column({ type: 'varchar', length: 16 })
  purpose!: OfflinePaymentPurpose;

  /** The day the money was received (YYYY-MM-DD). */
  @Column({ name: 'paid_on', type: 'date' })
  paidOn!: string;

  /** A check number or receipt book reference. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  reference!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note!: string | null;

  @Column({ name: 'recorded_by', type: 'uuid' })
  recordedBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
