import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The site's settings: exactly one row (id 1), seeded with DEFAULT_SETTINGS. Money in cents. */
@Entity({ name: 'site_settings' })
@Check('site_settings_single_row', '"id" = 1')
export class SiteSettingsEntity {
  @PrimaryColumn({ type: 'smallint' })
  id!: number;

  @Column({ name: 'site_name', type: 'varchar', length: 100 })
  siteName!: string;

  @Column({ name: 'admin_email', type: 'varchar', length: 254 })
  adminEmail!: string;

  @Column({ name: 'registration_fee', type: 'integer' })
  registrationFee!: number;

  @Column({ name: 'monthly_dues', type: 'integer' })
  monthlyDues!: number;

  @Column({ name: 'member_fee', type: 'integer' })
  memberFee!: number;

  @Column({ name: 'max_file_size_mb', type: 'integer' })
  maxFileSizeMb!: number;

  @Column({ name: 'allowed_file_types', type: 'text', array: true })
  allowedFileTypes!: string[];

  @Column({ name: 'email_notifications', type: 'boolean' })
  emailNotifications!: boolean;

  @Column({ name: 'sms_notifications', type: 'boolean' })
  smsNotifications!: boolean;

  @Column({ name: 'auto_approval', type: 'boolean' })
  autoApproval!: boolean;

  @Column({ name: 'maintenance_mode', type: 'boolean' })
  maintenanceMode!: boolean;

  @Column({ name: 'waiting_period_days', type: 'integer', default: 30 })
  waitingPeriodDays!: number;

  @Column({ name: 'claim_window_days', type: 'integer', default: 90 })
  claimWindowDays!: number;

  @Column({ name: 'coverage_limit', type: 'integer', default: 500000 })
  coverageLimit!: number;

  @Column({ name: 'approval_threshold', type: 'integer', default: 100000 })
  approvalThreshold!: number;

  @Column({
    name: 'eligible_expense_categories',
    type: 'text',
    array: true,
    default: '{funeral_home,burial_plot,grave_opening_closing,ghusl_kafan,transport}',
  })
  eligibleExpenseCategories!: string[];

  @Column({ name: 'child_age_limit', type: 'integer', default: 21 })
  childAgeLimit!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  /** The admin who saved last; null for changes the system made. */
  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;
}
