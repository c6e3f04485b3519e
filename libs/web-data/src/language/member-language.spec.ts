import { choicesToApply } from './member-language';

describe('choicesToApply', () => {
  const english = { locale: 'en', hijri: false } as const;

  it("applies the profile's language and Hijri choice over the page's (the cookie's)", () => {
    expect(choicesToApply({ language: 'ar', showHijri: true }, english)).toEqual({
      locale: 'ar',
      hijri: true,
    });
    expect(
      choicesToApply({ language: 'en', showHijri: false }, { locale: 'ur', hijri: true }),
    ).toEqual({
      locale: 'en',
      hijri: false,
    });
  });

  it('changes nothing the page already shows', () => {
    expect(
      choicesToApply({ language: 'ar', showHijri: true }, { locale: 'ar', hijri: true }),
    ).toEqual({});
  });

  it('leaves the page as it is for a choice the profile does not hold or does not know', () => {
    expect(choicesToApply({ language: null, showHijri: null }, english)).toEqual({});
    expect(choicesToApply({}, { locale: 'ur', hijri: true })).toEqual({});
    expect(choicesToApply({ language: 'fr', showHijri: true }, english)).toEqual({ hijri: true });
  });
});
