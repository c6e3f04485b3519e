import { fieldErrorsOf } from '@jibs/domain';
import type { z } from 'zod';

/** A @mantine/form `validate` function from a shared zod schema: one message per field. */
export function validateWith<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    return result.success ? {} : fieldErrorsOf(result.error);
  };
}
