import {
  directionOf,
  formatDate,
  HIJRI_COOKIE,
  isLocale,
  LANGUAGE_COOKIE,
  negotiateLocale,
  ENGLISH_NUMBERS,
  type Locale,
  type NumberFormats,
  type Translator,
} from '@jibs/i18n';
import { formatCents } from '@jibs/domain';
import { useSyncExternalStore } from 'react';

/** The cookies a visitor's choices live in (a member's are on their profile too): libs/i18n's. */
export { HIJRI_COOKIE, LANGUAGE_COOKIE };
const A_YEAR = 60 * 60 * 24 * 365;

export interface LanguageState {
  locale: Locale;
  /** Null in English: English is libs/domain itself, with no catalogue and no formatter. */
  translator: Translator | null;
  /** Show the Hijri date beside the Gregorian one. */
  hijri: boolean;
}

let state: LanguageState = { locale: 'en', translator: null, hijri: false };
const listeners = new Set<() => void>();

function update(next: Partial<LanguageState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(`${name}=`));
  return entry?.slice(name.length + 1);
}

function writeCookie(name: string, value: string) {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${value}; path=/; max-age=${A_YEAR}; samesite=lax`;
}

/** `<html lang dir>`: Mantine's DirectionProvider follows `dir`, and the CSS's logical sides too. */
function applyToDocument(locale: Locale) {
  // A render without a page (a unit test's server render) has no document to mark.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/** The visitor's language: the one they chose (cookie), else the browser's first that JIBS speaks. */
export function preferredLocale(): Locale {
  const chosen = readCookie(LANGUAGE_COOKIE);
  if (isLocale(chosen)) return chosen;
  return negotiateLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
}

let choices = 0;

/**
 * Switches the page's language once its catalogue is in (English has none to load), and
 * remembers it in the `lang` cookie unless told not to (the first visit only follows the browser).
 */
export async function setLocale(locale: Locale, { remember = true } = {}): Promise<void> {
  // The last choice wins: a catalogue that arrives after a later choice was made is not applied.
  const choice = ++choices;
  const translator =
    locale === 'en'
      ? null
      : await import('./catalogue-loader.js').then(({ loadCatalogue }) => loadCatalogue(locale));
  if (choice !== choices) return;
  if (remember) writeCookie(LANGUAGE_COOKIE, locale);
  applyToDocument(locale);
  update({ locale, translator });
}

/** The reader's own switches on this page, not yet told to a member's profile. */
let readerChoice: { locale?: Locale; hijri?: boolean } = {};

/**
 * Records a switch the reader made themselves (the header's language, the Hijri toggle), as
 * they make it: when a member turns out to be signed in (a restore that ends after the switch,
 * or a sign-in on this page), their choice wins over the profile's and is stored on it
 * (followMemberChoice), where the profile's would otherwise undo it.
 */
export function noteReaderChoice(choice: { locale?: Locale; hijri?: boolean }): void {
  readerChoice = { ...readerChoice, ...choice };
}

/** The reader's switches since the last call (and forgets them). */
export function takeReaderChoice(): { locale?: Locale; hijri?: boolean } {
  const taken = readerChoice;
  readerChoice = {};
  return taken;
}

export function setShowHijri(hijri: boolean) {
  writeCookie(HIJRI_COOKIE, hijri ? '1' : '0');
  update({ hijri });
}

/**
 * Before the first render: the visitor's language (its catalogue loaded, so the page does not
 * flash in English) and their calendar choice. A catalogue that cannot load leaves English.
 */
export function startLanguage(): Promise<void> {
  state = { ...state, hijri: readCookie(HIJRI_COOKIE) === '1' };
  const locale = preferredLocale();
  if (locale === 'en') {
    applyToDocument(locale);
    return Promise.resolve();
  }
  return setLocale(locale, { remember: false }).catch(() => undefined);
}

/** English text that is a catalogue message (a validation error, a server's message), translated. */
export function translateText(text: string): string {
  return state.translator ? state.translator.text(text) : text;
}

/** The page's language now (outside React). */
export function getLanguageState(): LanguageState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;

export function useLanguage(): LanguageState {
  // The same snapshot on a server render (a unit test's): the page's language is the module's.
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

type MessageObjects = Readonly<Record<string, Readonly<Record<string, unknown>>>>;
// Per language, by message object: a screen may name part of a namespace's messages under its
// name (`RegistrationWizardFrameMessages` as `RegistrationWizardMessages`), the whole elsewhere.
const localized = new WeakMap<Translator, WeakMap<object, unknown>>();

/**
 * libs/domain's message objects in the reader's language, same shape, named by their catalogue
 * namespace: `const { HeaderMessages } = useMessages({ HeaderMessages })`, and the screen keeps
 * `HeaderMessages.signIn`. In English they are the objects given (nothing to load or format).
 */
export function useMessages<T extends MessageObjects>(objects: T): T {
  const { translator } = useLanguage();
  if (!translator) return objects;
  let cache = localized.get(translator);
  if (!cache) {
    cache = new WeakMap();
    localized.set(translator, cache);
  }
  const result: Record<string, unknown> = {};
  for (const [namespace, messages] of Object.entries(objects)) {
    let translated = cache.get(messages);
    if (!translated) {
      translated = translator.localize(namespace, messages);
      cache.set(messages, translated);
    }
    result[namespace] = translated;
  }
  return result as T;
}

/** Translates English text at render time (server messages, validation errors). */
export function useText(): (text: string) => string {
  const { translator } = useLanguage();
  return (text) => (translator ? translator.text(text) : text);
}

/** Dates in the reader's language, with the Hijri date beside when they chose it. */
export function useDateFormat(): (value: string | Date | null | undefined) => string {
  const { locale, hijri } = useLanguage();
  return (value) => formatDate(value, { locale, hijri });
}

/**
 * Money, counts and months in the reader's language: libs/i18n's `numberFormats`, the one
 * formatter of both clients and the mailer (English as the product always wrote them; another
 * language's come with its catalogue, on the translator).
 */
export function useMoneyFormat(): NumberFormats {
  const { translator } = useLanguage();
  return translator ? translator.numbers : ENGLISH_NUMBERS;
}

/**
 * `useMoneyFormat().cents` alone, for the screens of a public page's first load (the landing's
 * fee card, the FAQ): English's `formatCents` without English's other formats.
 */
export function useCentsFormat(): (cents: number) => string {
  const { translator } = useLanguage();
  return translator ? translator.numbers.cents : formatCents;
}
