/** The languages JIBS speaks. English is the source of every message (libs/domain). */
export const LOCALES = ['en', 'ar', 'ur'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, as the switcher shows it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  ar: 'العربية',
  ur: 'اردو',
};

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set(['ar', 'ur']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

/**
 * The first of the reader's languages (navigator.languages, or Accept-Language's tags in order)
 * that JIBS speaks, by primary subtag ('ar-EG' is Arabic); English when none is.
 */
export function negotiateLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const primary = tag.trim().split(/[-_;]/)[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** Accept-Language's tags, most preferred first ("ar-EG,ar;q=0.9,en;q=0.5"). */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The cookies the reader's choices live in: their language and whether Hijri dates show beside
 * the Gregorian ones (the web writes them; once signed in, a member's are their profile's).
 */
export const LANGUAGE_COOKIE = 'lang';
export const HIJRI_COOKIE = 'hijri';

/** A cookie's value in a `Cookie` header (`a=1; lang=ar`), if it is there. */
export function cookieValue(header: string, name: string): string | undefined {
  return header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/**
 * The language of a page a server renders itself (the sandbox checkout, the maintenance notice):
 * the reader's language cookie, else Accept-Language's first that JIBS speaks, else English. A
 * cookie naming anything else is ignored.
 */
export function requestLocale(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  const chosen = cookieValue(cookieHeader ?? '', LANGUAGE_COOKIE);
  return isLocale(chosen) ? chosen : negotiateLocale(acceptLanguageTags(acceptLanguage));
}

/**
 * The Intl locale of a language: Latin digits in all three (CLDR's convention for Arabic and Urdu
 * today, and what the community's forms, phone numbers and ZIP codes use), fixed so an older
 * browser's data does not switch Arabic to Arabic-Indic digits.
 */
export function intlLocaleOf(locale: Locale): string {
  return locale === 'en' ? 'en-US' : `${locale}-u-nu-latn`;
}
