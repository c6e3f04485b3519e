import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { MembershipStatus } from '@jibs/domain';

/**
 * Billing's view of a member: the identity details it needs (from `user.registered`), the
 * provider's customer, and the membership state that verified payments decide.
 */
@Entity({ name: 'members' })
export class MemberEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ name: 'first_name', type: 'varchar', length: 100, nullable: true })
  firstName!: string | null;

  @Column({ name: 'last_name', type: 'varchar', length: 100, nullable: true })
  lastName!: string | null;

  /** Identity confirmed the member's email or phone (`user.verified`): only then can they pay. */
  @Column({ name: 'email_verified', type: 'boolean', default: false })
  emailVerified!: boolean;

  @Column({ name: 'provider_customer_id', type: 'varchar', length: 255, nullable: true })
  providerCustomerId!: string | null;

  @Column({ name: 'registration_fee_paid', type: 'boolean', default: false })
  registrationFeePaid!: boolean;

  /** A monthly dues invoice was paid at least once. */
  @Column({ name: 'dues_paid', type: 'boolean', default: false })
  duesPaid!: boolean;

  /** The dues subscription ended (cancelled at period end, or given up by the provider). */
  @Column({ name: 'subscription_ended', type: 'boolean', default: false })
  subscriptionEnded!: boolean;

  @Column({ name: 'missed_payments', type: 'int', default: 0 })
  missedPayments!: number;

  /** The last monthly invoice that failed, so a provider's retries of it count once. */
  @Column({ name: 'last_failed_invoice_id', type: 'varchar', length: 255, nullable: true })
  lastFailedInvoiceId!: string | null;

  /** Provider time (seconds) of the newest invoice applied to the missed-payment count. */
  @Column({ name: 'last_invoice_at', type: 'bigint', default: 0 })
  lastInvoiceAt!: string;

  @Column({
    name: 'membership_status',
    type: 'varchar',
    length: 16,
    default: MembershipStatus.PENDING,
  })
  membershipStatus!: MembershipStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
