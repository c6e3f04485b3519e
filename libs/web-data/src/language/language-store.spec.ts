import { getLanguageState, setLocale } from './language-store';

// The page this store writes to, as far as it touches it (a fake for this unit test of logic).
const page = { cookie: '', documentElement: { lang: '', dir: '' } };
Object.assign(globalThis, { document: page });

describe('the page language', () => {
  it('applies the last choice when an earlier one is still loading its catalogue', async () => {
    // Arabic's catalogue takes a moment to load; English, chosen after it, has none.
    const arabic = setLocale('ar');
    const english = setLocale('en');
    await Promise.all([arabic, english]);
    expect(getLanguageState().locale).toBe('en');
    expect(page.documentElement).toEqual({ lang: 'en', dir: 'ltr' });

    await setLocale('ur');
    expect(getLanguageState().locale).toBe('ur');
    expect(page.documentElement).toEqual({ lang: 'ur', dir: 'rtl' });
  });
});
