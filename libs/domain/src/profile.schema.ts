import { z } from 'zod';
import { cleanText, requiredText } from './blank-text';
import { Messages, requiredMessage } from './messages';
import { languageSchema, showHijriSchema } from './languages';
import { isValidPhone, PHONE_MAX_LENGTH } from './phone';
import { isUsState } from './us-states';
import { RegistrationMessages as Labels } from './registration-messages';

const requiredField = (label: string, max = 200) =>
  requiredText(requiredMessage(label)).max(max, `${label} is too long`);

export const phoneSchema = requiredText(requiredMessage(Labels.phone))
  .max(PHONE_MAX_LENGTH + 2, Messages.invalidPhone)
  .refine(isValidPhone, Messages.invalidPhone);

export const stateSchema = requiredText(requiredMessage(Labels.state)).refine(
  isUsState,
  Messages.invalidState,
);

export const zipCodeSchema = requiredText(requiredMessage(Labels.zipCode)).regex(
  /^\d{5}(-\d{4})?$/,
  Messages.invalidZip,
);

/**
 * The profile's editable part: phone, address, language and whether dates show the Hijri date
 * beside. Each field is optional (each edit saves on its own) but, when given, must be valid;
 * name, email and date of birth are not here at all.
 */
export const updateProfileSchema = z
  .object({
    phone: phoneSchema.optional(),
    addressLine1: requiredField(Labels.addressLine1).optional(),
    addressLine2: z
      .string()
      .overwrite(cleanText)
      .max(200, 'Address line 2 is too long')
      .nullable()
      .optional(),
    city: requiredField(Labels.city, 100).optional(),
    state: stateSchema.optional(),
    zipCode: zipCodeSchema.optional(),
    language: languageSchema.optional(),
    showHijri: showHijriSchema.optional(),
  })
  .strict();

export type UpdateProfileFields = z.input<typeof updateProfileSchema>;
