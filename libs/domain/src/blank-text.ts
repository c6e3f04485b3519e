import { z } from 'zod';
import { cleanText } from './invisible-text';

// Kept apart from zod (invisible-text.ts), so a screen that only cleans or tests text does not
// load the schemas' library.
export { cleanText, isBlank } from './invisible-text';

/**
 * A required text field: cleaned (`cleanText`), and refused with `message` when missing or
 * blank. Chain `.max()`, `.refine()` and the like after it.
 */
export function requiredText(message: string) {
  return z.string({ error: message }).overwrite(cleanText).min(1, message);
}

/** An optional text field: cleaned, at most `max` characters, and null when blank or absent. */
export function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .overwrite(cleanText)
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));
}
