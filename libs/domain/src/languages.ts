import { z } from 'zod';

/** The languages JIBS speaks (issue 27); English is the source of every message. */
export const LANGUAGES = ['en', 'ar', 'ur'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LanguageMessages = {
  invalidLanguage: 'Please choose English, Arabic or Urdu',
  invalidShowHijri: 'Please choose whether to show Hijri dates',
} as const;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** A member's language as given (sign-up, profile): one of LANGUAGES, or the message above. */
export const languageSchema = z.enum(LANGUAGES, { error: LanguageMessages.invalidLanguage });

export const showHijriSchema = z.boolean({ error: LanguageMessages.invalidShowHijri });
