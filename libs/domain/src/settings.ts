import { z } from 'zod';
import { Messages } from './messages';

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
};

const cents = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too large`);

/** An admin's change to the settings: any subset, each field valid. */
export const updateSettingsSchema = z
  .object({
    siteName: z.string().trim().min(1, 'Site name is required').max(100, 'Site name is too long'),
    adminEmail: z
      .string()
      .trim()
      .max(254, Messages.invalidEmail)
      .pipe(z.email(Messages.invalidEmail)),
    registrationFee: cents('Registration fee'),
    monthlyDues: cents('Monthly dues'),
    memberFee: cents('Member fee'),
    maxFileSizeMb: z
      .number()
      .int('Maximum file size must be whole megabytes')
      .min(1, 'Maximum file size must be at least 1 MB')
      .max(50, 'Maximum file size must be at most 50 MB'),
    allowedFileTypes: z
      .array(
        z.enum(SUPPORTED_FILE_TYPES, {
          error: `Allowed types are ${SUPPORTED_FILE_TYPES.join(', ')}`,
        }),
      )
      .min(1, 'Allow at least one file type'),
    emailNotifications: z.boolean(),
    smsNotifications: z.boolean(),
    autoApproval: z.boolean(),
    maintenanceMode: z.boolean(),
  })
  .partial()
  .strict();
