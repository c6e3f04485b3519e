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
// One live checkout per member and purpose: concurrent starts cannot both insert one.
@Index('checkouts_open_key_idx', ['userId', 'openKey'], { unique: true })
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

  /**
   * While the checkout can still be paid: its purpose (`registration`, `subscription`,
   * `household_member:<id>`); NULL once completed or expired.
   */
  @Column({ name: 'open_key', type: 'varchar', length: 80, nullable: true })
  openKey!: string | null;

  /** What a registration checkout was made for: the household it priced (see householdSnapshot). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  snapshot!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
