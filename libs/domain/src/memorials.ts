import { z } from 'zod';
import { cleanText, optionalText, requiredText } from './blank-text';
import { latestDateOnEarth } from './death-report-messages';
import {
  DEFAULT_MEMORIAL_PRIVACY,
  EARLIEST_MEMORIAL_DATE,
  MAX_BIOGRAPHY_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_MEMORIAL_LOCATION_LENGTH,
  MAX_MEMORIAL_NAME_LENGTH,
  MAX_MEMORY_CONTENT_LENGTH,
  MAX_MEMORY_TITLE_LENGTH,
  MAX_PHOTO_CAPTION_LENGTH,
  MEMORIAL_PRIVACY_LEVELS,
  MemorialMessages,
} from './memorial-rules';

// The limits, privacy levels and messages apart from zod (memorial-rules.ts): a memorial's page
// names them without loading the schemas' library.
export * from './memorial-rules';

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const optionalDate = (today: string, futureMessage: string) =>
  z
    .string()
    .overwrite(cleanText)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isRealDate(value), MemorialMessages.dateInvalid)
    .refine(
      (value) => value === null || !isRealDate(value) || value >= EARLIEST_MEMORIAL_DATE,
      MemorialMessages.dateInvalid,
    )
    .refine((value) => value === null || !isRealDate(value) || value <= today, futureMessage);

/**
 * A memorial as created or edited (spec section 5: full name required, the rest optional and
 * empty as null). `today` is the latest date allowed: the client passes its local date, the
 * server `latestDateOnEarth()`.
 */
export function memorialSchema(today: string = latestDateOnEarth()) {
  return z
    .object({
      fullName: requiredText(MemorialMessages.fullNameRequired).max(
        MAX_MEMORIAL_NAME_LENGTH,
        MemorialMessages.fullNameTooLong,
      ),
      birthDate: optionalDate(today, MemorialMessages.birthDateInFuture),
      deathDate: optionalDate(today, MemorialMessages.deathDateInFuture),
      birthLocation: optionalText(MAX_MEMORIAL_LOCATION_LENGTH, MemorialMessages.locationTooLong),
      deathLocation: optionalText(MAX_MEMORIAL_LOCATION_LENGTH, MemorialMessages.locationTooLong),
      biography: optionalText(MAX_BIOGRAPHY_LENGTH, MemorialMessages.biographyTooLong),
      privacyLevel: z
        .enum(MEMORIAL_PRIVACY_LEVELS, { error: MemorialMessages.privacyInvalid })
        .nullish()
        .transform((value) => value ?? DEFAULT_MEMORIAL_PRIVACY),
    })
    .superRefine((memorial, context) => {
      if (memorial.birthDate && memorial.deathDate && memorial.deathDate < memorial.birthDate) {
        context.addIssue({
          code: 'custom',
          path: ['deathDate'],
          message: MemorialMessages.deathBeforeBirth,
        });
      }
    });
}

export type MemorialInput = z.input<ReturnType<typeof memorialSchema>>;
export type ValidMemorial = z.output<ReturnType<typeof memorialSchema>>;

/** A memory as shared (spec section 5: title and content required, memory_date optional). */
export function memorySchema(today: string = latestDateOnEarth()) {
  return z.object({
    title: requiredText(MemorialMessages.memoryTitleRequired).max(
      MAX_MEMORY_TITLE_LENGTH,
      MemorialMessages.memoryTitleTooLong,
    ),
    content: requiredText(MemorialMessages.memoryContentRequired).max(
      MAX_MEMORY_CONTENT_LENGTH,
      MemorialMessages.memoryContentTooLong,
    ),
    memoryDate: optionalDate(today, MemorialMessages.memoryDateInFuture),
  });
}

export type MemoryInput = z.input<ReturnType<typeof memorySchema>>;
export type ValidMemory = z.output<ReturnType<typeof memorySchema>>;

/** An invitation's address, compared lower-cased. */
export const invitationEmailSchema = z
  .string({ error: MemorialMessages.emailInvalid })
  .overwrite(cleanText)
  .max(MAX_EMAIL_LENGTH, MemorialMessages.emailInvalid)
  .pipe(z.email({ error: MemorialMessages.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const photoCaptionSchema = optionalText(
  MAX_PHOTO_CAPTION_LENGTH,
  MemorialMessages.captionTooLong,
);
