import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { PaymentStatus, PaymentType } from '@jibs/domain';

@Entity({ name: 'payments' })
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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
