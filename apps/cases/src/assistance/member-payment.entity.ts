import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A completed payment (`payment.completed`): when the member paid, and for what. */
@Entity({ name: 'member_payments' })
@Index('member_payments_user_paid_idx', ['userId', 'paidAt'])
export class MemberPaymentEntity {
  @PrimaryColumn({ name: 'payment_id', type: 'uuid' })
  paymentId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  type!: 'registration' | 'membership' | 'other';

  @Column({ name: 'paid_at', type: 'timestamptz' })
  paidAt!: Date;
}
