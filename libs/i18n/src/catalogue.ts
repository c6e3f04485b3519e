import type { CatalogueMessages } from './english-catalogue';
import type { IcuValues } from './icu';
import type { Locale } from './locales';
import type { Translator } from './translator';

/**
 * Each language's catalogue is its own chunk, loaded when a reader picks the language: English
 * ships with the page (libs/domain), so it never waits for one.
 */
const LOADERS: Readonly<Record<Locale, () => Promise<{ catalogue: CatalogueMessages }>>> = {
  en: () => import('./catalogues/en/index.js'),
  ar: () => import('./catalogues/ar/index.js'),
  ur: () => import('./catalogues/ur/index.js'),
};

const loaded = new Map<Locale, Translator>();
const loading = new Map<Locale, Promise<Translator>>();

/** A language's translator, its catalogue (and English's, its fallback) loaded on demand once. */
export function loadCatalogue(locale: Locale): Promise<Translator> {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(locale);
  if (!pending) {
    // The formatter comes with the first catalogue: a page in English never loads it.
    pending = Promise.all([LOADERS[locale](), LOADERS.en(), import('./translator.js')]).then(
      ([own, english, { Translator }]) => {
        const translator = new Translator(locale, own.catalogue, english.catalogue);
        loaded.set(locale, translator);
        return translator;
      },
    );
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/** A language's translator when its catalogue has been loaded (`loadCatalogue`), else undefined. */
export function loadedTranslator(locale: Locale): Translator | undefined {
  return loaded.get(locale);
}

/**
 * A message in a language: `t('ar', 'JanazahMessages', 'published')`. The language's catalogue
 * must have been loaded (`await loadCatalogue(locale)`, once, at start); English otherwise.
 */
export function t(locale: Locale, namespace: string, key: string, params?: IcuValues): string {
  const translator = loaded.get(locale) ?? loaded.get('en');
  if (!translator) {
    throw new Error(`No catalogue is loaded: await loadCatalogue('${locale}') first`);
  }
  return translator.t(namespace, key, params);
}
