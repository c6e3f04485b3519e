import { fieldErrorsOf } from '@jibs/domain';
import type { z } from 'zod';
import { translateText } from '../language/language-store';

/**
 * A @mantine/form `validate` function from a shared zod schema: one message per field, in the
 * reader's language.
 */
export function validateWith<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors = fieldErrorsOf(result.error);
    return Object.fromEntries(
      Object.entries(errors).map(([field, message]) => [field, translateText(message)]),
    );
  };
}
