import { z } from 'zod';
import { cleanText, requiredText } from './blank-text';
import { languageSchema } from './languages';
import { Messages, requiredMessage } from './messages';
import { phoneSchema, stateSchema, zipCodeSchema } from './profile.schema';
import { RegistrationMessages as Labels } from './registration-messages';
import { SignInMessages } from './sign-in-messages';

const required = (label: string, max = 200) =>
  requiredText(requiredMessage(label)).max(max, `${label} is too long`);

/** A calendar date (YYYY-MM-DD) that exists, is not in the future and is after 1900. */
export const pastDate = (label: string) =>
  requiredText(requiredMessage(label)).refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return (
      !Number.isNaN(date.getTime()) &&
      date.toISOString().startsWith(value) &&
      date.getTime() <= Date.now() &&
      date.getUTCFullYear() >= 1900
    );
  }, Messages.invalidDateOfBirth);

export const emailSchema = requiredText(requiredMessage(SignInMessages.email))
  .max(254, Messages.invalidEmail)
  .pipe(z.email(Messages.invalidEmail))
  .transform((value) => value.toLowerCase());

/** Registration step 1, Personal Information (spec section 5, sign-up). */
export const signUpSchema = z
  .object({
    firstName: required(Labels.firstName, 100),
    lastName: required(Labels.lastName, 100),
    email: emailSchema,
    password: z
      .string({ error: requiredMessage(SignInMessages.password) })
      .min(1, requiredMessage(SignInMessages.password))
      .min(6, Messages.passwordTooShort)
      .max(128, 'Password must be at most 128 characters long'),
    confirmPassword: z
      .string({ error: requiredMessage(Labels.confirmPassword) })
      .min(1, requiredMessage(Labels.confirmPassword)),
    phone: phoneSchema,
    dateOfBirth: pastDate(Labels.dateOfBirth),
    addressLine1: required(Labels.addressLine1),
    addressLine2: z
      .string()
      .overwrite(cleanText)
      .max(200, 'Address line 2 is too long')
      .optional()
      .nullable(),
    city: required(Labels.city, 100),
    state: stateSchema,
    zipCode: zipCodeSchema,
    isUsCitizen: z.literal(true, { error: Messages.citizenshipRequired }),
    /** The language the visitor chose or their browser reads (the client sends it); else en. */
    language: languageSchema.optional(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: Messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
    // Say so even while other fields are still wrong, as long as both passwords were typed.
    when: ({ value }) => {
      const fields = value as { password?: unknown; confirmPassword?: unknown };
      return (
        typeof fields.password === 'string' &&
        typeof fields.confirmPassword === 'string' &&
        fields.confirmPassword !== ''
      );
    },
  });

export type SignUpFields = z.input<typeof signUpSchema>;
export type SignUpData = z.output<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: requiredMessage(SignInMessages.password) })
    .min(1, requiredMessage(SignInMessages.password))
    .max(128),
});

/**
 * Turns a zod error into one message per field (the first issue of each field), the shape
 * carried in BAD_USER_INPUT errors and shown beside the form fields.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
