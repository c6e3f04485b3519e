import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { CheckoutKind, CheckoutState } from '@jibs/domain';

/** A checkout billing started for a member; its state follows verified webhooks only. */
@Entity({ name: 'checkouts' })
@Index('checkouts_user_idx', ['userId', 'createdAt'])
export class CheckoutEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 24 })
  kind!: CheckoutKind;

  @Column({ type: 'varchar', length: 16, default: CheckoutState.OPEN })
  state!: CheckoutState;

  /** Cents charged now (for a subscription: the monthly amount). */
  @Column({ type: 'int' })
  amount!: number;

  @Column({ name: 'household_member_id', type: 'uuid', nullable: true })
  householdMemberId!: string | null;

  @Index('checkouts_provider_session_idx', { unique: true })
  @Column({ name: 'provider_session_id', type: 'varchar', length: 255, nullable: true })
  providerSessionId!: string | null;

  @Column({ type: 'text', nullable: true })
  url!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
