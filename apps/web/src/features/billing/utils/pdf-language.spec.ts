import { inReadersLanguage } from './pdf-language';

describe('inReadersLanguage', () => {
  it("asks billing for the reader's language and calendar", () => {
    expect(inReadersLanguage('/statements/receipts/p1', { locale: 'ar', hijri: false })).toBe(
      '/statements/receipts/p1?lang=ar',
    );
    expect(inReadersLanguage('/statements/contributions/2026', { locale: 'ur', hijri: true })).toBe(
      '/statements/contributions/2026?lang=ur&hijri=1',
    );
  });

  it("leaves an English reader's address as it was, but for the Hijri choice", () => {
    expect(inReadersLanguage('/statements/receipts/p1', { locale: 'en', hijri: false })).toBe(
      '/statements/receipts/p1',
    );
    expect(inReadersLanguage('/statements/receipts/p1', { locale: 'en', hijri: true })).toBe(
      '/statements/receipts/p1?hijri=1',
    );
  });

  it('adds to a query the address already has', () => {
    expect(
      inReadersLanguage('/statements/contributions/2026?userId=u1', { locale: 'ar', hijri: true }),
    ).toBe('/statements/contributions/2026?userId=u1&lang=ar&hijri=1');
  });
});
