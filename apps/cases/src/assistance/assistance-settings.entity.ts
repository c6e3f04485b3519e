import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Cases' copy of the burial-assistance settings, kept from `settings.updated` (identity owns them). */
@Entity({ name: 'assistance_settings' })
export class AssistanceSettingsEntity {
  /** One row: the site. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  id!: string;

  @Column({ name: 'waiting_period_days', type: 'int' })
  waitingPeriodDays!: number;

  @Column({ name: 'claim_window_days', type: 'int' })
  claimWindowDays!: number;

  @Column({ name: 'coverage_limit', type: 'int' })
  coverageLimit!: number;

  @Column({ name: 'approval_threshold', type: 'int' })
  approvalThreshold!: number;

  @Column({ name: 'eligible_expense_categories', type: 'text', array: true })
  eligibleExpenseCategories!: string[];

  @Column({ name: 'child_age_limit', type: 'int' })
  childAgeLimit!: number;

  /** When identity published the copy (event time), so an older event never wins. */
  @Column({ name: 'published_at', type: 'timestamptz' })
  publishedAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
