import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { SubscriptionStatus } from '@jibs/domain';

/** A member's monthly dues subscription, as the provider last reported it. */
@Entity({ name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'provider_subscription_id', type: 'varchar', length: 255 })
  providerSubscriptionId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: SubscriptionStatus;

  @Column({ name: 'monthly_amount', type: 'int' })
  monthlyAmount!: number;

  @Column({ name: 'current_period_start', type: 'timestamptz', nullable: true })
  currentPeriodStart!: Date | null;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  /**
   * Order of the provider event that set this state: its time (seconds) and a rank (created <
   * updated < deleted), so an older or earlier-ranked event delivered late never wins.
   */
  @Column({ name: 'state_at', type: 'bigint', default: 0 })
  stateAt!: string;

  @Column({ name: 'state_rank', type: 'int', default: 0 })
  stateRank!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
