import { z } from 'zod';
import { validateWith } from './schema-validate';

describe('validateWith', () => {
  const validate = validateWith(
    z.object({ name: z.string().min(1, 'Name is required'), age: z.number().int() }),
  );

  it('gives one message per refused field', () => {
    expect(validate({ name: '', age: 30 })).toEqual({ name: 'Name is required' });
  });

  it('gives no message for valid values', () => {
    expect(validate({ name: 'Amina', age: 30 })).toEqual({});
  });
});
