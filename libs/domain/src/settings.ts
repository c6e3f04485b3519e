import { z } from 'zod';
import { cleanText, requiredText } from './blank-text';
import { Messages } from './messages';
import { AdminFieldWords } from './admin-field-words';
import { RegistrationWizardMessages } from './registration-wizard-messages';
import { EXPENSE_CATEGORIES, type ExpenseCategory } from './assistance';
import {
  caseChecklistSchema,
  CHECKLIST_OWNERS,
  DEFAULT_CASE_CHECKLIST,
  type CaseChecklistItemSetting,
} from './case-page';

/** File types the service can verify by their content (magic bytes). */
export const SUPPORTED_FILE_TYPES = ['pdf', 'jpg', 'jpeg', 'png'] as const;

/** Site settings, money in cents. Defaults from the specification (section 9). */
export interface SiteSettingsValues {
  siteName: string;
  adminEmail: string;
  registrationFee: number;
  monthlyDues: number;
  memberFee: number;
  maxFileSizeMb: number;
  allowedFileTypes: string[];
  emailNotifications: boolean;
  smsNotifications: boolean;
  autoApproval: boolean;
  maintenanceMode: boolean;
  /** Burial assistance (issue 23): days from the start of coverage until a person is covered. */
  waitingPeriodDays: number;
  /** Days after the date of death within which a claim (the report) must come. */
  claimWindowDays: number;
  /** Cents: the most the fund pays for one death. */
  coverageLimit: number;
  /** Cents: a payout above this needs a second, different admin's approval. */
  approvalThreshold: number;
  /** The expense categories a claim may list. */
  eligibleExpenseCategories: ExpenseCategory[];
  /** A child is covered while younger than this many years on the date of death. */
  childAgeLimit: number;
  /** The reporting member may publish the janazah notice of their approved report (admins always may). */
  membersMayPublishJanazah: boolean;
  /** Every case's checklist (the family's case page). */
  caseChecklist: CaseChecklistItemSetting[];
}

export const DEFAULT_SETTINGS: SiteSettingsValues = {
  siteName: 'JIBS',
  adminEmail: 'admin@jibs.local',
  registrationFee: 17_500,
  monthlyDues: 2_500,
  memberFee: 2_500,
  // The upload screen's text says 10 MB and so do the admin defaults; the old check said 5 MB.
  maxFileSizeMb: 10,
  allowedFileTypes: ['pdf', 'jpg', 'jpeg', 'png'],
  emailNotifications: true,
  smsNotifications: false,
  autoApproval: false,
  maintenanceMode: false,
  waitingPeriodDays: 30,
  claimWindowDays: 90,
  coverageLimit: 500_000,
  approvalThreshold: 100_000,
  eligibleExpenseCategories: [...EXPENSE_CATEGORIES],
  childAgeLimit: 21,
  membersMayPublishJanazah: false,
  caseChecklist: DEFAULT_CASE_CHECKLIST,
};

/**
 * Each setting's type as it is stored, without the limits an admin's input must keep (those are
 * `updateSettingsSchema`'s): the shape `settings.updated` carries to the other services.
 */
export const siteSettingsValuesSchema = z.object({
  siteName: z.string(),
  adminEmail: z.string(),
  registrationFee: z.number().int(),
  monthlyDues: z.number().int(),
  memberFee: z.number().int(),
  maxFileSizeMb: z.number().int(),
  allowedFileTypes: z.array(z.string()),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  autoApproval: z.boolean(),
  maintenanceMode: z.boolean(),
  waitingPeriodDays: z.number().int(),
  claimWindowDays: z.number().int(),
  coverageLimit: z.number().int(),
  approvalThreshold: z.number().int(),
  eligibleExpenseCategories: z.array(z.enum(EXPENSE_CATEGORIES)),
  childAgeLimit: z.number().int(),
  membersMayPublishJanazah: z.boolean(),
  caseChecklist: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      owner: z.enum(CHECKLIST_OWNERS),
      documentType: z.string().nullable().optional(),
    }),
  ),
}) satisfies z.ZodType<SiteSettingsValues>;

export type SettingKey = keyof SiteSettingsValues;

/** Every setting's name. */
export const SETTING_KEYS = siteSettingsValuesSchema.keyof().options as readonly SettingKey[];

/** The burial-assistance part of the settings, as cases and billing keep their copies. */
export type AssistanceSettings = Pick<
  SiteSettingsValues,
  | 'waitingPeriodDays'
  | 'claimWindowDays'
  | 'coverageLimit'
  | 'approvalThreshold'
  | 'eligibleExpenseCategories'
  | 'childAgeLimit'
>;

/**
 * The bounds an admin's settings must keep. A fee or dues of 0 would make membership free by
 * accident, and anything above $10,000 is a typo (an extra zero or two), not a price.
 */
export const SETTINGS_LIMITS = {
  /** Cents: $10,000.00. */
  maxAmount: 1_000_000,
  minFileSizeMb: 1,
  maxFileSizeMb: 100,
  maxSiteName: 100,
  maxWaitingPeriodDays: 365,
  maxClaimWindowDays: 3650,
  /** Cents: $100,000.00, the most a coverage limit or approval threshold may be. */
  maxAssistanceAmount: 10_000_000,
  maxChildAgeLimit: 30,
} as const;

const wholeDays = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number of days` })
    .int(`${label} must be whole days`)
    .min(min, `${label} must be at least ${min} day${min === 1 ? '' : 's'}`)
    .max(max, `${label} must be at most ${max} days`);

const assistanceCents = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents` })
    .int(`${label} must be whole cents`)
    .min(1, `${label} must be more than $0`)
    .max(SETTINGS_LIMITS.maxAssistanceAmount, `${label} must be at most $100,000.00`);

const cents = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} cannot be negative`)
    .min(1, `${label} must be more than $0`)
    .max(SETTINGS_LIMITS.maxAmount, `${label} must be at most $10,000.00`);

/** An admin's change to the settings: any subset, each field valid. */
export const updateSettingsSchema = z
  .object({
    siteName: requiredText('Site name is required').max(
      SETTINGS_LIMITS.maxSiteName,
      'Site name must be at most 100 characters',
    ),
    adminEmail: z
      .string()
      .overwrite(cleanText)
      .max(254, Messages.invalidEmail)
      .pipe(z.email(Messages.invalidEmail)),
    registrationFee: cents(RegistrationWizardMessages.registrationFee),
    monthlyDues: cents(RegistrationWizardMessages.monthlyDues),
    memberFee: cents(AdminFieldWords.memberFee),
    maxFileSizeMb: z
      .number()
      .int(AdminFieldWords.fileSizeWhole)
      .min(SETTINGS_LIMITS.minFileSizeMb, 'Maximum file size must be at least 1 MB')
      .max(SETTINGS_LIMITS.maxFileSizeMb, 'Maximum file size must be at most 100 MB'),
    allowedFileTypes: z
      .array(
        z.enum(SUPPORTED_FILE_TYPES, {
          error: `Allowed types are ${SUPPORTED_FILE_TYPES.join(', ')}`,
        }),
      )
      .min(1, 'Allow at least one file type')
      .refine((types) => new Set(types).size === types.length, 'Each file type only once'),
    emailNotifications: z.boolean(),
    smsNotifications: z.boolean(),
    autoApproval: z.boolean(),
    maintenanceMode: z.boolean(),
    waitingPeriodDays: wholeDays('Waiting period', 0, SETTINGS_LIMITS.maxWaitingPeriodDays),
    claimWindowDays: wholeDays('Claim window', 1, SETTINGS_LIMITS.maxClaimWindowDays),
    coverageLimit: assistanceCents(AdminFieldWords.coverageLimit),
    approvalThreshold: assistanceCents(AdminFieldWords.approvalThreshold),
    eligibleExpenseCategories: z
      .array(
        z.enum(EXPENSE_CATEGORIES, {
          error: `Expense categories are ${EXPENSE_CATEGORIES.join(', ')}`,
        }),
      )
      .min(1, 'Choose at least one eligible expense category')
      .refine((list) => new Set(list).size === list.length, 'Each expense category only once'),
    childAgeLimit: z
      .number({ error: 'Child age limit must be a number of years' })
      .int(AdminFieldWords.childAgeWhole)
      .min(1, 'Child age limit must be at least 1 year')
      .max(SETTINGS_LIMITS.maxChildAgeLimit, 'Child age limit must be at most 30 years'),
    membersMayPublishJanazah: z.boolean(),
    caseChecklist: caseChecklistSchema,
  })
  .partial()
  .strict();
