import type { Request } from 'express';
import { join } from 'node:path';
import { hasSessionHint, PRERENDERED_STYLES_ID } from '@jibs/domain';
import {
  cookieValue,
  directionOf,
  HIJRI_COOKIE,
  isLocale,
  requestLocale,
  type Locale,
} from '@jibs/i18n';
import { CSP_NONCE_PLACEHOLDER } from './security-headers';

/**
 * The public pages the web build rendered (apps/web/prerender-pages.mjs): beside index.html,
 * under `.vite/` (never served as a file), a table of the pages and languages, and each page's
 * root markup in `prerendered/<locale>/<name>.html`, with its elements' styles as rules in
 * `<name>.css` (the CSP refuses them as attributes: apps/web prerender-styles.ts).
 */
export const PRERENDERED_TABLE_FILE = '.vite/prerendered.json';
const PRERENDERED_DIR = '.vite/prerendered';

export interface PrerenderedTable {
  locales: Locale[];
  /** Path → the name of its file. */
  pages: Record<string, string>;
}

/** Only names the build gives (letters, digits, `-`) go into a file's path. */
const FILE_NAME = /^[a-z0-9-]+$/;

/** The build's table; none (an older build, or a malformed file) means no prerendered page. */
export function parsePrerenderedTable(text: string): PrerenderedTable | null {
  try {
    const table = JSON.parse(text) as Partial<PrerenderedTable> | null;
    const locales = Array.isArray(table?.locales) ? table.locales.filter(isLocale) : [];
    const pages = Object.entries(table?.pages ?? {}).filter(
      ([path, name]) => path.startsWith('/') && typeof name === 'string' && FILE_NAME.test(name),
    );
    return locales.length && pages.length ? { locales, pages: Object.fromEntries(pages) } : null;
  } catch {
    return null;
  }
}

export interface PrerenderedPage {
  locale: Locale;
  /** The markup's file and its styles' file, relative to the client's root. */
  markupFile: string;
  stylesFile: string;
}

/**
 * The prerendered page a request gets: only a visitor's (no session hint: a member's pages
 * depend on who they are), who does not show the Hijri dates, at the exact path of a page the
 * build rendered and with no query, in the language the page would choose (the `lang` cookie,
 * else Accept-Language: what the page's language store reads, from the browser's own list).
 * Null otherwise: the page is sent empty and renders in the browser, as every page did before.
 */
export function prerenderedPageOf(
  table: PrerenderedTable | null,
  req: Pick<Request, 'method' | 'path' | 'originalUrl' | 'headers'>,
): PrerenderedPage | null {
  if (!table || (req.method !== 'GET' && req.method !== 'HEAD')) return null;
  // A page opened with a query (`/login?from=…`) may show more than the build rendered.
  if (req.originalUrl.includes('?')) return null;
  const cookies = req.headers.cookie ?? '';
  if (hasSessionHint(cookies) || cookieValue(cookies, HIJRI_COOKIE) === '1') return null;
  if (!Object.hasOwn(table.pages, req.path)) return null;
  const locale = requestLocale(req.headers.cookie, req.headers['accept-language']);
  if (!table.locales.includes(locale)) return null;
  const name = join(PRERENDERED_DIR, locale, table.pages[req.path]!);
  return { locale, markupFile: `${name}.html`, stylesFile: `${name}.css` };
}

/**
 * `html` (index.html, with the route's preloads) carrying a prerendered page: its markup in
 * `#root`, marked with its language for the page's JS to hydrate (apps/web app/start.tsx) and
 * `inert` until it has (nothing in it can be focused, typed in or sent before React owns it);
 * `<html lang dir>` in that language (the page's direction from the first paint); its
 * elements' styles as rules in a `<style>` with the response's nonce; and the route's own CSS
 * (`stylesheets`, the build's route table) as stylesheets rather than preloads, so the markup
 * paints styled.
 */
export function withPrerendered(
  html: string,
  page: { markup: string; css: string },
  locale: Locale,
  stylesheets: readonly string[],
): string {
  const links = stylesheets
    .filter((href) => /^\/[\w\-./]+$/.test(href))
    .map(
      (href) =>
        `<link rel="stylesheet" crossorigin href="${href}" nonce="${CSP_NONCE_PLACEHOLDER}">`,
    );
  // The build's rules cannot end the element: `<` is refused in them (prerender-styles.ts).
  const rules = `<style id="${PRERENDERED_STYLES_ID}" nonce="${CSP_NONCE_PLACEHOLDER}">${page.css.replace(/</g, '')}</style>`;
  return (
    html
      .replace(/<html lang="[a-z]+"/, `<html lang="${locale}" dir="${directionOf(locale)}"`)
      .replace('</head>', () => `${[...links, rules].map((line) => `${line}\n`).join('')}</head>`)
      // A function, so no `$` in the markup is read as a replacement pattern.
      .replace(
        '<div id="root"></div>',
        () => `<div id="root" data-prerendered="${locale}" inert>${page.markup}</div>`,
      )
  );
}
