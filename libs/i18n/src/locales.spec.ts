import {
  acceptLanguageTags,
  directionOf,
  isLocale,
  LOCALES,
  negotiateLocale,
  requestLocale,
} from './locales';

describe('locales', () => {
  it('speaks English, Arabic and Urdu; Arabic and Urdu right to left', () => {
    expect(LOCALES).toEqual(['en', 'ar', 'ur']);
    expect(LOCALES.map(directionOf)).toEqual(['ltr', 'rtl', 'rtl']);
    expect(isLocale('ar')).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  it("follows the reader's first language JIBS speaks, English otherwise", () => {
    expect(negotiateLocale(['ar-EG', 'en-US'])).toBe('ar');
    expect(negotiateLocale(['fr-FR', 'ur-PK', 'ar'])).toBe('ur');
    expect(negotiateLocale(['de', 'fr'])).toBe('en');
    expect(negotiateLocale([])).toBe('en');
  });

  it("reads Accept-Language's tags by weight", () => {
    expect(acceptLanguageTags('en;q=0.5, ar-SA, ur;q=0.8, *;q=0.1')).toEqual(['ar-SA', 'ur', 'en']);
    expect(negotiateLocale(acceptLanguageTags('fr, ur;q=0.9, ar;q=0.3'))).toBe('ur');
    expect(acceptLanguageTags(undefined)).toEqual([]);
  });

  it("gives a server's page the reader's cookie, else their browser's language, else English", () => {
    expect(requestLocale('theme=dark; lang=ar', 'ur,en')).toBe('ar');
    expect(requestLocale('lang=ur', undefined)).toBe('ur');
    expect(requestLocale(undefined, 'ur-PK,ur;q=0.9,en;q=0.5')).toBe('ur');
    // A cookie naming no language JIBS speaks, or another cookie ending in "lang", is not a choice.
    expect(requestLocale('lang=<script>; xlang=ar', 'fr-FR')).toBe('en');
    expect(requestLocale('lang=fr', 'ar-EG')).toBe('ar');
    expect(requestLocale('', '')).toBe('en');
  });
});
