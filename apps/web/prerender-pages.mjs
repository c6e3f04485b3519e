// The web build's last step (project.json): renders each public page in each language with the
// prerender module Vite built (vite.prerender.config.ts, src/prerender.tsx) and writes the
// markup of its root to dist/apps/web/.vite/prerendered/<locale>/<page>.html (its inline styles
// as rules in <page>.css), with the table the gateway reads (.vite/prerendered.json). `.vite/`
// is never served as a file.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const moduleDir = join(root, 'dist/apps/web-prerender');
const outDir = join(root, 'dist/apps/web/.vite/prerendered');
const { prerenderPage, PRERENDERED_PAGES, LOCALES } = await import(
  pathToFileURL(join(moduleDir, 'prerender.mjs')).href
);

await rm(outDir, { recursive: true, force: true });
const started = Date.now();
for (const locale of LOCALES) {
  await mkdir(join(outDir, locale), { recursive: true });
  for (const [path, name] of Object.entries(PRERENDERED_PAGES)) {
    const { markup, css } = await prerenderPage(path, locale);
    if (!markup.trim()) throw new Error(`the prerender of ${path} in ${locale} is empty`);
    await writeFile(join(outDir, locale, `${name}.html`), markup);
    await writeFile(join(outDir, locale, `${name}.css`), css);
  }
}
await writeFile(
  join(outDir, '../prerendered.json'),
  `${JSON.stringify({ locales: LOCALES, pages: PRERENDERED_PAGES }, null, 2)}\n`,
);
// The module was only for this: the gateway never loads it.
await rm(moduleDir, { recursive: true, force: true });
console.log(
  `prerendered ${Object.keys(PRERENDERED_PAGES).length} pages in ${LOCALES.length} languages` +
    ` in ${Date.now() - started} ms`,
);
// Whatever the app's modules leave running (a listener, a timer) is of no use here.
process.exit(0);
