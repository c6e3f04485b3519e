import { formatCents, formatMoney } from '@jibs/domain';
import { ENGLISH_NUMBERS } from './english-numbers';
import { numberFormats } from './numbers';

describe('numberFormats: the one formatter of money, counts and months', () => {
  it("keeps the product's English formats", () => {
    const en = numberFormats('en');
    expect(en).toBe(ENGLISH_NUMBERS);
    expect(en.cents(17500)).toBe(formatCents(17500));
    expect(en.cents(17500)).toBe('$175.00');
    expect(en.short(2500)).toBe('$25');
    expect(en.short(2550)).toBe('$25.50');
    expect(en.withCurrency(2500, 'usd')).toBe('$25.00 USD');
    expect(en.money(25000, 'eur')).toBe(formatMoney(25000, 'eur'));
    expect(en.count(1234)).toBe('1,234');
    expect(en.month('2026-03')).toBe('Mar 2026');
  });

  it('writes Arabic and Urdu amounts as CLDR does, with Latin digits', () => {
    const ar = numberFormats('ar');
    expect(ar.cents(123450)).toMatch(/1,234\.50/);
    // The currency set apart left to right, so that "US$" is not drawn "$US" after the amount.
    expect(ar.cents(123450)).toContain('\u2066US$\u2069');
    expect(ar.cents(123450)).not.toMatch(/[\u0660-\u0669]/);
    expect(ar.short(2500)).toMatch(/(^|\D)25(\D|$)/);
    expect(ar.short(2500)).not.toContain('.00');
    expect(numberFormats('ur').cents(123450)).toBe('$1,234.50');
    expect(ar.money(25000, 'eur')).toContain('€');
  });

  it('names months in the language and leaves an unreadable month as given', () => {
    expect(numberFormats('ar').month('2026-03')).toMatch(/مارس/);
    expect(numberFormats('ur').month('bad')).toBe('bad');
  });

  it("builds a language's formats once", () => {
    expect(numberFormats('ar')).toBe(numberFormats('ar'));
  });
});
