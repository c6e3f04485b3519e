import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Billing's copy of the fee settings, kept from `settings.updated` (identity owns them). */
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

  /** When identity published the copy (event time), so an older event never wins. */
  @Column({ name: 'published_at', type: 'timestamptz' })
  publishedAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
