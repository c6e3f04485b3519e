import { StatementPdfMessages } from '@jibs/domain';
import {
  formatDate,
  isLocale,
  loadCatalogue,
  numberFormats,
  parameterNames,
  type Locale,
  type Localized,
  type NumberFormats,
} from '@jibs/i18n';

/** Whose language a PDF is in: the reader's, as the page asking for it says (`?lang=&hijri=`). */
export interface PdfReader {
  locale: Locale;
  /** The Umm al-Qura date beside the Gregorian one. */
  hijri: boolean;
}

export const ENGLISH_READER: PdfReader = { locale: 'en', hijri: false };

/** The reader from the query: a language JIBS speaks, anything else (or none) English. */
export function readerOf(lang: unknown, hijri: unknown): PdfReader {
  return { locale: isLocale(lang) ? lang : 'en', hijri: hijri === '1' || hijri === 'true' };
}

type Messages = typeof StatementPdfMessages;

/** A PDF's words, numbers and dates in its reader's language. */
export interface PdfWording {
  reader: PdfReader;
  say: Localized<Messages>;
  numbers: NumberFormats;
  /** A calendar day (YYYY-MM-DD): as it always read in English, else the language's own words. */
  date(day: string): string;
  /** A payment's description, a kind billing writes read in the reader's language. */
  description(description: string | null, type: string): string;
}

const NAMESPACE = 'StatementPdfMessages';

/** Billing's stored descriptions (English) that are messages of their own, by their text. */
const KNOWN_DESCRIPTIONS = new Map<string, keyof Messages>(
  (
    [
      'registrationFee',
      'monthlyDues',
      'registrationFeeInCash',
      'registrationFeeByCheck',
      'monthlyDuesInCash',
      'monthlyDuesByCheck',
    ] as const
  ).map((key) => [StatementPdfMessages[key], key]),
);
const HOUSEHOLD_FEE_PREFIX = StatementPdfMessages.householdMemberFee('');

async function localized(locale: Locale): Promise<Localized<Messages>> {
  if (locale === 'en') return StatementPdfMessages;
  const translator = await loadCatalogue(locale);
  // Each function's parameters are its ICU placeholders (as `npm run generate:i18n` reads
  // them); values go in as text, so a year is not written "2,026".
  return Object.fromEntries(
    Object.entries(StatementPdfMessages).map(([key, value]) => {
      if (typeof value === 'string') return [key, translator.t(NAMESPACE, key)];
      const names = parameterNames(value);
      return [
        key,
        (...args: unknown[]) =>
          translator.t(
            NAMESPACE,
            key,
            Object.fromEntries(names.map((name, index) => [name, String(args[index])])),
          ),
      ];
    }),
  ) as unknown as Localized<Messages>;
}

export async function pdfWording(reader: PdfReader): Promise<PdfWording> {
  const say = await localized(reader.locale);
  const english = reader.locale === 'en';
  return {
    reader,
    say,
    numbers: numberFormats(reader.locale),
    date: (day) =>
      english && !reader.hijri
        ? day
        : formatDate(day, { locale: reader.locale, hijri: reader.hijri }),
    description: (description, type) => {
      // English reads as the PDFs always did: the stored description, else the payment's type.
      if (english) return description ?? type;
      if (description) {
        const known = KNOWN_DESCRIPTIONS.get(description);
        if (known) return say[known] as string;
        if (description.startsWith(HOUSEHOLD_FEE_PREFIX)) {
          return say.householdMemberFee(description.slice(HOUSEHOLD_FEE_PREFIX.length));
        }
        return description;
      }
      if (type === 'registration') return say.registrationFee;
      if (type === 'membership') return say.monthlyDues;
      return say.otherPayment;
    },
  };
}
