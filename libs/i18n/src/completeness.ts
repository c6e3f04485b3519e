import type { CatalogueMessages } from './english-catalogue';
import { placeholdersOf } from './icu';

/**
 * What a language's catalogue gets wrong against English: a message missing, one English does
 * not have, a placeholder that differs from English's, or a message ICU cannot read. Empty when
 * the language is complete.
 */
export function catalogueProblems(
  language: string,
  messages: CatalogueMessages,
  english: CatalogueMessages,
): string[] {
  const problems: string[] = [];
  for (const [namespace, englishMessages] of Object.entries(english)) {
    const own = messages[namespace];
    if (!own) {
      problems.push(`${language}: the namespace ${namespace} is missing`);
      continue;
    }
    for (const [key, englishMessage] of Object.entries(englishMessages)) {
      const where = `${language}: ${namespace}.${key}`;
      const message = own[key];
      if (message === undefined) {
        problems.push(`${where} is missing`);
        continue;
      }
      let placeholders: string[];
      try {
        placeholders = placeholdersOf(message);
      } catch (error) {
        problems.push(`${where} is not a valid ICU message (${(error as Error).message})`);
        continue;
      }
      const expected = placeholdersOf(englishMessage);
      if (placeholders.join(',') !== expected.join(',')) {
        problems.push(
          `${where} has the placeholders {${placeholders.join('}, {')}} where English has {${expected.join('}, {')}}`,
        );
      }
    }
    for (const key of Object.keys(own)) {
      if (!(key in englishMessages))
        problems.push(`${language}: ${namespace}.${key} is not in English`);
    }
  }
  for (const namespace of Object.keys(messages)) {
    if (!(namespace in english))
      problems.push(`${language}: the namespace ${namespace} is not in English`);
  }
  return problems;
}
