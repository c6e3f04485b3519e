import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Billing's copy of the fee and payout settings, kept from `settings.updated` (identity owns them). */
@Entity({ name: 'fee_settings' })
export class FeeSettingsEntity {
  /** One row: the site. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  id!: string;

  @Column({ name: 'registration_fee', type: 'int' })
  registrationFee!: number;

  @Column({ name: 'member_fee', type: 'int' })
  memberFee!: number;

  @Column({ name: 'monthly_dues', type: 'int' })
  monthlyDues!: number;

  /** Burial assistance, cents: the most paid out per death (setting `coverageLimit`). */
  @Column({ name: 'coverage_limit', type: 'int', default: 500_000 })
  coverageLimit!: number;

  /** Cents: a payout above it needs a second, different admin (setting `approvalThreshold`). */
  @Column({ name: 'approval_threshold', type: 'int', default: 100_000 })
  approvalThreshold!: number;

  /** When identity published the copy (event time), so an older event never wins. */
  @Column({ name: 'published_at', type: 'timestamptz' })
  publishedAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
