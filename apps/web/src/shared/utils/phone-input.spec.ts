import { nextPhoneValue } from './phone-input';

/** Types the characters one at a time, as a keyboard would. */
const typeInto = (keys: string, start = '') =>
  [...keys].reduce((value, key) => nextPhoneValue(value, value + key), start);

describe('nextPhoneValue', () => {
  it('formats as the member types', () => {
    expect(typeInto('5')).toBe('(5');
    expect(typeInto('555')).toBe('(555');
    expect(typeInto('5551')).toBe('(555) 1');
    expect(typeInto('555123')).toBe('(555) 123');
    expect(typeInto('5551234')).toBe('(555) 123-4');
    expect(typeInto('5551234567')).toBe('(555) 123-4567');
  });

  it('never grows beyond 14 characters', () => {
    const full = typeInto('5551234567');
    expect(nextPhoneValue(full, `${full}8`)).toBe('(555) 123-4567');
    expect(full).toHaveLength(14);
  });

  it('ignores letters and symbols', () => {
    expect(typeInto('55a5-1x2')).toBe('(555) 12');
  });

  it('formats a pasted number, with or without the +1 country code', () => {
    expect(nextPhoneValue('', '555.123.4567')).toBe('(555) 123-4567');
    expect(nextPhoneValue('', '+1 (555) 123-4567')).toBe('(555) 123-4567');
    expect(nextPhoneValue('', '15551234567')).toBe('(555) 123-4567');
  });

  it('deletes digits with backspace from the end', () => {
    expect(nextPhoneValue('(555) 123-4567', '(555) 123-456')).toBe('(555) 123-456');
    expect(nextPhoneValue('(555) 123-4', '(555) 123-')).toBe('(555) 123');
    expect(nextPhoneValue('(555) 1', '(555) ')).toBe('(555');
    expect(nextPhoneValue('(5', '(')).toBe('');
  });

  it('deletes the digit before a separator deleted on its own', () => {
    expect(nextPhoneValue('(555) 123-4567', '(555) 1234567')).toBe('(555) 124-567');
    expect(nextPhoneValue('(555) 123-4567', '(555 123-4567')).toBe('(551) 234-567');
  });

  it('clears', () => {
    expect(nextPhoneValue('(555) 123-4567', '')).toBe('');
  });
});
