import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { PaymentStatus, PaymentType } from '@jibs/domain';

export type RefundStatus = 'pending' | 'refunded' | 'failed' | 'manual';

@Entity({ name: 'payments' })
@Index('payments_flagged_idx', ['createdAt'], { where: '"flag_reason" IS NOT NULL' })
@Index('payments_user_created_idx', ['userId', 'createdAt'])
export class PaymentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Cents. */
  @Column({ type: 'int' })
  amount!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: PaymentStatus;

  @Column({ type: 'varchar', length: 16 })
  type!: PaymentType;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description!: string | null;

  /** One row per provider payment (payment intent or invoice), however often reported. */
  @Index('payments_provider_payment_idx', { unique: true })
  @Column({ name: 'provider_payment_id', type: 'varchar', length: 255, nullable: true })
  providerPaymentId!: string | null;

  @Column({ name: 'checkout_id', type: 'uuid', nullable: true })
  checkoutId!: string | null;

  /** A dues invoice's subscription and the period it pays for. */
  @Column({ name: 'provider_subscription_id', type: 'varchar', length: 255, nullable: true })
  providerSubscriptionId!: string | null;

  @Column({ name: 'period_start', type: 'bigint', nullable: true })
  periodStart!: string | null;

  /**
   * Why a payment the provider took is not counted (stale checkout, already paid, a second
   * subscription, a removed member): it is CANCELLED, refunded when it can be, and listed for
   * admins. NULL for every ordinary payment.
   */
  @Column({ name: 'flag_reason', type: 'varchar', length: 300, nullable: true })
  flagReason!: string | null;

  /** The provider's payment to refund (payment intent or charge). */
  @Column({ name: 'refund_ref', type: 'varchar', length: 255, nullable: true })
  refundRef!: string | null;

  /** pending | refunded | failed | manual (nothing the provider could refund by itself). */
  @Column({ name: 'refund_status', type: 'varchar', length: 16, nullable: true })
  refundStatus!: RefundStatus | null;

  @Column({ name: 'provider_refund_id', type: 'varchar', length: 255, nullable: true })
  providerRefundId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
