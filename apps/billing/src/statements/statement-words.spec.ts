import { pdfWording, readerOf } from './statement-words';

describe('readerOf', () => {
  it('takes a language JIBS speaks, exactly, and reads anything else as English', () => {
    expect(readerOf('ar', '1')).toEqual({ locale: 'ar', hijri: true });
    expect(readerOf('ur', undefined)).toEqual({ locale: 'ur', hijri: false });
    for (const lang of ['fr', 'AR', 'ar-EG', '../ar', '', ['ar'], { ar: 1 }, undefined]) {
      expect(readerOf(lang, 'yes')).toEqual({ locale: 'en', hijri: false });
    }
    expect(readerOf('en', 'true').hijri).toBe(true);
  });
});

describe('pdfWording', () => {
  it('keeps English as the PDFs always read: stored descriptions, types and ISO dates', async () => {
    const words = await pdfWording({ locale: 'en', hijri: false });
    expect(words.say.receiptTitle).toBe('Payment receipt');
    expect(words.say.statementTitle('2026')).toBe('Contributions statement 2026');
    expect(words.description('Registration fee (paid by check)', 'registration')).toBe(
      'Registration fee (paid by check)',
    );
    expect(words.description(null, 'membership')).toBe('membership');
    expect(words.date('2026-03-06')).toBe('2026-03-06');
    expect(words.numbers.cents(12_345)).toBe('$123.45');
  });

  it('adds the Umm al-Qura date when an English reader chose it', async () => {
    const words = await pdfWording({ locale: 'en', hijri: true });
    expect(words.date('2026-03-06')).toBe('March 6, 2026 (Ramadan 17, 1447 AH)');
  });

  it("words billing's descriptions of known kinds in Arabic, a name inside kept as written", async () => {
    const words = await pdfWording({ locale: 'ar', hijri: false });
    expect(words.say.statementTitle('2026')).toBe('كشف المساهمات لعام 2026');
    expect(words.description('Registration fee', 'registration')).toBe('رسوم التسجيل');
    expect(words.description('Monthly membership dues (paid in cash)', 'membership')).toBe(
      'اشتراك العضوية الشهري (دُفع نقدًا)',
    );
    expect(words.description('Household member fee: Sara Ali', 'other')).toBe(
      'رسوم فرد الأسرة: Sara Ali',
    );
    expect(words.description(null, 'membership')).toBe('اشتراك العضوية الشهري');
    expect(words.description(null, 'other')).toBe('دفعة أخرى');
    // A description of no known kind (an admin's words) stays as it was written.
    expect(words.description('Donation for the masjid', 'other')).toBe('Donation for the masjid');
    expect(words.date('2026-03-06')).toBe('6 مارس 2026');
  });

  it('writes the year in Urdu as digits, not as a grouped number', async () => {
    const words = await pdfWording({ locale: 'ur', hijri: true });
    expect(words.say.periodOfYear('2026')).toBe('1 جنوری 2026 سے 31 دسمبر 2026 تک');
    expect(words.date('2026-03-06')).toContain('1447');
  });
});
