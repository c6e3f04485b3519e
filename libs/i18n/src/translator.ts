import type { CatalogueMessages } from './english-catalogue';
import { formatIcu, icuMatcher, type IcuValues } from './icu';
import { intlLocaleOf, type Locale } from './locales';
import type { NumberFormats } from './english-numbers';
import { numberFormats } from './numbers';

type Matcher = (text: string) => Record<string, string> | null;

/** A message object with its texts and functions in another language, same shape. */
export type Localized<T> = { readonly [K in keyof T]: T[K] };

/**
 * One language's messages, with English (the source of truth) under them: a message the
 * language lacks reads in English.
 */
export class Translator {
  private readonly intlLocale: string;
  /**
   * The language's money, counts and months (`numberFormats`), loaded with its catalogue so
   * that an English page's first load does not carry the Intl formats of the others.
   */
  readonly numbers: NumberFormats;
  /** English text → where it is in the catalogue (the first place, for a text said twice). */
  private exact?: Map<string, [string, string]>;
  private templates?: { namespace: string; key: string; match: Matcher; words: number }[];

  constructor(
    readonly locale: Locale,
    private readonly messages: CatalogueMessages,
    private readonly english: CatalogueMessages,
  ) {
    this.intlLocale = intlLocaleOf(locale);
    this.numbers = numberFormats(locale);
  }

  /** A message in this language with its placeholders' values; English when it lacks one. */
  t(namespace: string, key: string, params?: IcuValues): string {
    const own = this.messages[namespace]?.[key];
    if (own !== undefined) return formatIcu(own, this.intlLocale, params);
    const english = this.english[namespace]?.[key];
    if (english !== undefined) return formatIcu(english, 'en-US', params);
    return key;
  }

  /** Whether the language has its own text for a message. */
  has(namespace: string, key: string): boolean {
    return this.messages[namespace]?.[key] !== undefined;
  }

  /**
   * A text in English that is one of the catalogue's messages (a validation error, a server
   * error's message), in this language; any other text as it came.
   */
  text(english: string): string {
    if (this.locale === 'en') return english;
    const place = this.exactIndex().get(english);
    if (place) return this.t(place[0], place[1]);
    for (const template of this.templateIndex()) {
      const values = template.match(english);
      if (values && this.has(template.namespace, template.key)) {
        // Read back out of text, a count is digits again: a number, for plurals and Intl.
        return this.t(template.namespace, template.key, numeric(this.translatedValues(values)));
      }
    }
    return english;
  }

  /**
   * A message object (`Messages`, `JanazahMessages`) in this language: texts translated, and each
   * message function rendering its English text, then that text in this language. Screens keep
   * reading `Messages.invalidEmail` and `AdminMessages.downloading(name)`.
   */
  localize<T extends Readonly<Record<string, unknown>>>(
    namespace: string,
    messages: T,
  ): Localized<T> {
    if (this.locale === 'en') return messages;
    return Object.fromEntries(
      Object.entries(messages).map(([key, value]) => {
        if (typeof value === 'string') return [key, this.t(namespace, key)];
        if (typeof value === 'function') {
          return [key, (...args: unknown[]) => this.text(String(value(...args)))];
        }
        return [key, value];
      }),
    ) as Localized<T>;
  }

  /** A value that is itself a message ("First name" in "First name is required") reads translated. */
  private translatedValues(values: Record<string, string>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(values).map(([name, value]) => {
        const place = this.exactIndex().get(value);
        return [name, place ? this.t(place[0], place[1]) : value];
      }),
    );
  }

  private exactIndex(): Map<string, [string, string]> {
    if (!this.exact) {
      this.exact = new Map();
      for (const [namespace, messages] of Object.entries(this.english)) {
        for (const [key, message] of Object.entries(messages)) {
          if (this.templateOf(message)) continue;
          const text = formatIcu(message, 'en-US');
          if (!this.exact.has(text)) this.exact.set(text, [namespace, key]);
        }
      }
    }
    return this.exact;
  }

  private templateIndex() {
    if (!this.templates) {
      this.templates = [];
      for (const [namespace, messages] of Object.entries(this.english)) {
        for (const [key, message] of Object.entries(messages)) {
          const match = this.templateOf(message);
          if (match) this.templates.push({ namespace, key, match, words: literalLength(message) });
        }
      }
      // The most specific first: "Renewal paid: {amount}." before "{organisation}: {title}",
      // which would read any text with a colon in it.
      this.templates.sort((x, y) => y.words - x.words);
    }
    return this.templates;
  }

  private templateOf(message: string): Matcher | null {
    return message.includes('{') ? icuMatcher(message) : null;
  }
}

/** How much of a message is its own text, placeholders aside. */
function literalLength(message: string): number {
  return message.replace(/\{[^{}]*\}/g, '').length;
}

/** Values read back out of English text ("3") become numbers again, for plurals and Intl. */
function numeric(params?: IcuValues): IcuValues | undefined {
  if (!params) return params;
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
    ]),
  );
}
