import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A member's last known dues subscription state, so only real transitions notify. */
@Entity({ name: 'subscription_states' })
export class SubscriptionStateEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ name: 'cancel_at_period_end', type: 'boolean' })
  cancelAtPeriodEnd!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
