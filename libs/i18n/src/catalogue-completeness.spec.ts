import { catalogueProblems } from './completeness';
import { englishCatalogue, type CatalogueMessages } from './english-catalogue';
import { formatIcu } from './icu';
import { LOCALES } from './locales';
import { TRANSLATED_MESSAGES } from './sources';
import { catalogue as ar } from './catalogues/ar';
import { catalogue as english } from './catalogues/en';
import { catalogue as ur } from './catalogues/ur';

const en: CatalogueMessages = english;
const CATALOGUES: Record<string, CatalogueMessages> = { en, ar, ur };

describe('the catalogues (npm run check:i18n)', () => {
  it('English is what libs/domain says today (run `npm run generate:i18n` after changing a message)', () => {
    expect(en).toEqual(englishCatalogue(TRANSLATED_MESSAGES));
  });

  it("English's ICU messages render to exactly libs/domain's texts", () => {
    for (const [namespace, messages] of Object.entries(TRANSLATED_MESSAGES)) {
      for (const [key, value] of Object.entries(messages)) {
        if (typeof value === 'string') expect(formatIcu(en[namespace]![key]!, 'en-US')).toBe(value);
      }
    }
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s has every message of English, with the same placeholders',
    (locale) => {
      expect(catalogueProblems(locale, CATALOGUES[locale]!, en)).toEqual([]);
    },
  );
});

describe('catalogueProblems', () => {
  const english: CatalogueMessages = {
    Messages: { saved: 'Saved', greeting: 'Welcome, {firstName}.' },
    DocumentMessages: { uploaded: '{count} document(s) uploaded' },
  };
  const complete: CatalogueMessages = {
    Messages: { saved: 'تم الحفظ', greeting: 'أهلًا يا {firstName}.' },
    DocumentMessages: { uploaded: '{count, plural, one {مستند واحد} other {# مستندات}} رُفعت' },
  };

  it('finds nothing wrong with a complete language (a plural over the same placeholder included)', () => {
    expect(catalogueProblems('ar', complete, english)).toEqual([]);
  });

  it('fails on a planted missing key', () => {
    const planted = { ...complete, Messages: { greeting: complete.Messages!.greeting! } };
    expect(catalogueProblems('ar', planted, english)).toEqual(['ar: Messages.saved is missing']);
  });

  it('fails on a planted placeholder that differs from English', () => {
    const planted = {
      ...complete,
      Messages: { ...complete.Messages, greeting: 'أهلًا يا {name}.' },
    };
    expect(catalogueProblems('ar', planted, english)).toEqual([
      'ar: Messages.greeting has the placeholders {name} where English has {firstName}',
    ]);
  });

  it('fails on a missing namespace, an extra key and a message ICU cannot read', () => {
    const planted: CatalogueMessages = {
      Messages: { ...complete.Messages, extra: 'زيادة' },
      Other: {},
    };
    expect(catalogueProblems('ar', planted, english)).toEqual([
      'ar: Messages.extra is not in English',
      'ar: the namespace DocumentMessages is missing',
      'ar: the namespace Other is not in English',
    ]);
    const broken = { ...complete, Messages: { ...complete.Messages, saved: 'تم {الحفظ' } };
    expect(catalogueProblems('ar', broken, english)).toEqual([
      expect.stringMatching(/^ar: Messages\.saved is not a valid ICU message/),
    ]);
  });

  it('plants a missing key in the real Arabic catalogue and sees the check fail', () => {
    const { published: _removed, ...rest } = ar.JanazahMessages as Record<string, string>;
    expect(catalogueProblems('ar', { ...ar, JanazahMessages: rest }, en)).toEqual([
      'ar: JanazahMessages.published is missing',
    ]);
  });
});
