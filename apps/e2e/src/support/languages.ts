import type { Page } from 'playwright-core';
import { directionOf, type Locale } from '@jibs/i18n';
import { settle } from './accessibility';

/**
 * Words every page may show in Latin letters, in any language: the fund's name, the switcher's
 * own name for English, and the "US$" CLDR writes for the dollar in Arabic (libs/i18n
 * numberFormats).
 */
const ALWAYS_LATIN = ['JIBS', 'English', 'US'];

/**
 * The Latin-letter words on the page as it is now (its visible text, an open dialog included,
 * and the accessible names and placeholders screen readers and sighted readers meet), less the
 * ones allowed: in Arabic or Urdu, what is left is English the reader was not given in their
 * language. `allow` names what the member typed or the fund is called (names, emails, amounts'
 * currency codes), matched as whole words.
 */
export async function englishLeftOn(
  page: Page,
  allow: readonly string[] = [],
  within = 'body',
): Promise<string[]> {
  return [...(await englishInContext(page, allow, within)).keys()].sort();
}

/** The Latin-letter words left, each with the text around its first appearance. */
export async function englishInContext(
  page: Page,
  allow: readonly string[],
  within: string,
): Promise<Map<string, string>> {
  const allowed = new Set(
    [...ALWAYS_LATIN, ...allow].flatMap((text) => text.split(/[^A-Za-z]+/)).filter(Boolean),
  );
  await settle(page);
  const texts = await page.evaluate((selector) => {
    const found: string[] = [];
    for (const root of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      found.push(root.innerText);
      for (const element of Array.from(
        root.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'),
      )) {
        // Hidden from everyone (a text area's autosize measurement copy, decorative parts).
        if (element.closest('[aria-hidden="true"]')) continue;
        for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = element.getAttribute(attribute);
          if (value) found.push(value);
        }
      }
    }
    return found;
  }, within);
  const left = new Map<string, string>();
  for (const text of texts) {
    for (const match of text.matchAll(/[A-Za-z]{2,}/g)) {
      const word = match[0];
      if (allowed.has(word) || left.has(word)) continue;
      const at = match.index ?? 0;
      left.set(word, text.slice(Math.max(0, at - 30), at + word.length + 30).replace(/\s+/g, ' '));
    }
  }
  return left;
}

/** Fails with the English words left on a page shown in Arabic or Urdu, and where each is. */
export async function expectNoEnglish(
  page: Page,
  locale: Exclude<Locale, 'en'>,
  label: string,
  allow: readonly string[] = [],
  /** A part of the page (a CSS selector) when the rest is another screen's. */
  within?: string,
): Promise<void> {
  const left = await englishInContext(page, allow, within ?? 'body');
  if (left.size) {
    const where = [...left].map(([word, around]) => `  ${word}: …${around}…`).join('\n');
    throw new Error(
      `${label}: English words left on a page in ${locale}: ${[...left.keys()].sort().join(', ')}\n${where}`,
    );
  }
}

/** Waits until the page is in `lang`: `<html lang dir>` as the language writes (rtl for Arabic and Urdu). */
export async function expectLanguage(page: Page, lang: Locale): Promise<void> {
  await page.waitForFunction(
    ([l, d]) => document.documentElement.lang === l && document.documentElement.dir === d,
    [lang, directionOf(lang)] as const,
  );
}
