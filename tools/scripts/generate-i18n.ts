import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { englishCatalogue, LOCALES, TRANSLATED_MESSAGES } from '@jibs/i18n';

/**
 * `npm run generate:i18n`: English's catalogue (`libs/i18n/src/catalogues/en/<Namespace>.json`,
 * the keys and placeholders every language is checked against) from libs/domain's message
 * objects, and each language's index of its namespace files. CI fails on a diff.
 */
function main(): void {
  const root = resolve(__dirname, '../../../..');
  const catalogues = resolve(root, 'libs/i18n/src/catalogues');
  for (const [namespace, messages] of Object.entries(englishCatalogue(TRANSLATED_MESSAGES))) {
    writeFileSync(
      resolve(catalogues, 'en', `${namespace}.json`),
      `${JSON.stringify(messages, null, 2)}\n`,
    );
  }
  for (const locale of LOCALES) {
    const folder = resolve(catalogues, locale);
    if (!existsSync(folder)) continue;
    const namespaces = readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length))
      .sort();
    const index = [
      `// Written by \`npm run generate:i18n\`: the ${locale} catalogue, one file per namespace.`,
      ...namespaces.map((namespace) => `import ${namespace} from './${namespace}.json';`),
      '',
      `export const catalogue = { ${namespaces.join(', ')} };`,
      '',
    ].join('\n');
    writeFileSync(resolve(folder, 'index.ts'), index);
  }
}

main();
