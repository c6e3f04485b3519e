import { AdminSettingsPageMessages, RegistrationWizardMessages } from '@jibs/domain';
import {
  fieldErrorsOf,
  updateSettingsSchema,
  type FieldErrors,
  type SiteSettingsValues,
} from '@jibs/domain';

/** The form's values: money as the admin types it (dollars), everything else as stored. */
export interface SettingsForm {
  siteName: string;
  adminEmail: string;
  registrationFee: string;
  monthlyDues: string;
  memberFee: string;
  maxFileSizeMb: string;
  allowedFileTypes: string[];
  emailNotifications: boolean;
  smsNotifications: boolean;
  autoApproval: boolean;
  maintenanceMode: boolean;
  waitingPeriodDays: string;
  claimWindowDays: string;
  coverageLimit: string;
  approvalThreshold: string;
  eligibleExpenseCategories: string[];
  childAgeLimit: string;
  membersMayPublishJanazah: boolean;
  /** The case checklist's items; no document type is ''. */
  caseChecklist: ChecklistRow[];
}

export interface ChecklistRow {
  key: string;
  label: string;
  owner: string;
  documentType: string;
}

export const MONEY_FIELDS = [
  'registrationFee',
  'monthlyDues',
  'memberFee',
  'coverageLimit',
  'approvalThreshold',
] as const;

/** Whole numbers the admin types (days, years). */
export const WHOLE_FIELDS = ['waitingPeriodDays', 'claimWindowDays', 'childAgeLimit'] as const;

const DOLLARS = /^\d{1,9}(\.\d{1,2})?$/;

export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

/** '25', '25.5', '25.50' or '$1,025.00' to cents; undefined when it is not an amount. */
export function dollarsToCents(text: string): number | undefined {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!DOLLARS.test(plain)) return undefined;
  const [whole, fraction = ''] = plain.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * The settings as the API gives them: categories as plain strings, the checklist's owner a plain
 * string and its document type possibly null.
 */
export type LoadedSettings = Omit<
  SiteSettingsValues,
  'eligibleExpenseCategories' | 'caseChecklist'
> & {
  eligibleExpenseCategories: readonly string[];
  caseChecklist: readonly {
    key: string;
    label: string;
    owner: string;
    documentType?: string | null;
  }[];
};

export function toForm(settings: LoadedSettings): SettingsForm {
  return {
    siteName: settings.siteName,
    adminEmail: settings.adminEmail,
    registrationFee: centsToDollars(settings.registrationFee),
    monthlyDues: centsToDollars(settings.monthlyDues),
    memberFee: centsToDollars(settings.memberFee),
    maxFileSizeMb: String(settings.maxFileSizeMb),
    allowedFileTypes: [...settings.allowedFileTypes],
    emailNotifications: settings.emailNotifications,
    smsNotifications: settings.smsNotifications,
    autoApproval: settings.autoApproval,
    maintenanceMode: settings.maintenanceMode,
    waitingPeriodDays: String(settings.waitingPeriodDays),
    claimWindowDays: String(settings.claimWindowDays),
    coverageLimit: centsToDollars(settings.coverageLimit),
    approvalThreshold: centsToDollars(settings.approvalThreshold),
    eligibleExpenseCategories: [...settings.eligibleExpenseCategories],
    childAgeLimit: String(settings.childAgeLimit),
    membersMayPublishJanazah: settings.membersMayPublishJanazah,
    caseChecklist: settings.caseChecklist.map((item) => ({
      key: item.key,
      label: item.label,
      owner: item.owner,
      documentType: item.documentType ?? '',
    })),
  };
}

const LABELS: Record<(typeof MONEY_FIELDS)[number], string> = {
  registrationFee: RegistrationWizardMessages.registrationFee,
  monthlyDues: RegistrationWizardMessages.monthlyDues,
  memberFee: AdminSettingsPageMessages.memberFee,
  coverageLimit: AdminSettingsPageMessages.coverageLimit,
  approvalThreshold: AdminSettingsPageMessages.approvalThreshold,
};

const WHOLE_LABELS: Record<(typeof WHOLE_FIELDS)[number], string> = {
  waitingPeriodDays: AdminSettingsPageMessages.waitingPeriodWhole,
  claimWindowDays: AdminSettingsPageMessages.claimWindowWhole,
  childAgeLimit: AdminSettingsPageMessages.childAgeWhole,
};

/**
 * The form checked by the same rules the server applies (`updateSettingsSchema`): the values
 * to send, or the message for each field that is wrong.
 */
export function validateForm(
  form: SettingsForm,
): { ok: true; input: SiteSettingsValues } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const cents: Partial<Record<(typeof MONEY_FIELDS)[number], number>> = {};
  for (const field of MONEY_FIELDS) {
    const value = dollarsToCents(form[field]);
    if (value === undefined) {
      errors[field] = AdminSettingsPageMessages.amountInDollars(LABELS[field]);
    } else cents[field] = value;
  }
  const whole: Partial<Record<(typeof WHOLE_FIELDS)[number], number>> = {};
  for (const field of WHOLE_FIELDS) {
    const text = form[field].trim();
    if (/^\d+$/.test(text)) whole[field] = Number(text);
    else errors[field] = WHOLE_LABELS[field];
  }
  const size = form.maxFileSizeMb.trim();
  const maxFileSizeMb = /^\d+$/.test(size) ? Number(size) : Number.NaN;
  const candidate = {
    siteName: form.siteName,
    adminEmail: form.adminEmail,
    ...cents,
    maxFileSizeMb: Number.isNaN(maxFileSizeMb) ? undefined : maxFileSizeMb,
    allowedFileTypes: form.allowedFileTypes,
    emailNotifications: form.emailNotifications,
    smsNotifications: form.smsNotifications,
    autoApproval: form.autoApproval,
    maintenanceMode: form.maintenanceMode,
    ...whole,
    eligibleExpenseCategories: form.eligibleExpenseCategories,
    membersMayPublishJanazah: form.membersMayPublishJanazah,
    caseChecklist: form.caseChecklist.map((item) => ({
      key: item.key.trim(),
      label: item.label,
      owner: item.owner,
      ...(item.documentType ? { documentType: item.documentType } : {}),
    })),
  };
  if (Number.isNaN(maxFileSizeMb)) {
    errors['maxFileSizeMb'] = AdminSettingsPageMessages.fileSizeWhole;
  }
  const parsed = updateSettingsSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const [field, message] of Object.entries(fieldErrorsOf(parsed.error))) {
      // `allowedFileTypes.0` and the like belong under the one field.
      errors[field.split('.')[0]!] ??= message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: parsed.data as SiteSettingsValues };
}
