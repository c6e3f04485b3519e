import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A member's verified phone, learned from identity's `user.verified_phone_changed` (a row only
 * while one is verified): where texts go when the member chose SMS.
 */
@Entity({ name: 'verified_phones' })
export class VerifiedPhoneEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** E.164. */
  @Column({ type: 'varchar', length: 20 })
  phone!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
