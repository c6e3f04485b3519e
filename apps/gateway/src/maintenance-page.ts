import type { RequestHandler } from 'express';
import { directionOf, loadCatalogue, requestLocale, t, type Locale } from '@jibs/i18n';
import type { MaintenanceFlag } from './maintenance';
import { cspNonceOf } from './security-headers';

export const MAINTENANCE_PATH = '/maintenance';

/** Seconds a browser or crawler is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 60;

/** The page in the reader's language, its `<style>` carrying the response's CSP nonce. */
const page = (nonce: string, locale: Locale) => {
  const say = (key: string) => t(locale, 'MaintenancePageMessages', key);
  return `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${say('title')}</title>
<style nonce="${nonce}">
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    background: #f8f9fa; color: #212529; }
  main { max-width: 34rem; margin: 12vh auto; padding: 2rem; background: #fff;
    border: 1px solid #dee2e6; border-radius: 0.5rem; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  p { line-height: 1.6; margin: 0 0 1rem; }
  a { color: #1864ab; font-weight: 600; }
  a:focus-visible { outline: 3px solid #1864ab; outline-offset: 2px; }
  .actions { display: flex; gap: 1.5rem; flex-wrap: wrap; margin-block-start: 1.5rem; }
</style>
</head>
<body>
<main>
  <h1>${say('heading')}</h1>
  <p role="status">${t(locale, 'Messages', 'maintenance')}</p>
  <p>${say('nothingLost')}</p>
  <div class="actions">
    <a href="/">${t(locale, 'ActionMessages', 'tryAgain')}</a>
    <a href="/login">${say('adminSignIn')}</a>
  </div>
</main>
</body>
</html>
`;
};

/**
 * Pages of the member site that stay open during maintenance: sign-in (admins get in there) and
 * the notice itself. The admin console (/admin) is for admins and stays open too.
 */
const OPEN_PAGES = ['/login', MAINTENANCE_PATH];

function isOpenPage(path: string): boolean {
  return OPEN_PAGES.includes(path) || /^\/admin(-api)?(\/|$)/.test(path);
}

/**
 * The member client's maintenance notice, served by the gateway itself so it shows even when
 * the web client cannot load its data: a calm page while maintenance is on (503 with
 * Retry-After, so crawlers and monitors know it is temporary), and back to the site once it is
 * off. Loading any other page of the member site while it is on leads here, and the web client
 * comes here when an operation is answered MAINTENANCE (a page that was already open).
 */
export function maintenancePage(flag: Pick<MaintenanceFlag, 'on'>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    if (req.path !== MAINTENANCE_PATH) {
      // Only page loads of the member site: files (a dot in the name) and other callers pass.
      // (Browsers ask for text/html by name when loading a page; fetch() asks for anything.)
      const pageLoad = !req.path.includes('.') && (req.headers.accept ?? '').includes('text/html');
      if (flag.on && pageLoad && !isOpenPage(req.path)) {
        res.setHeader('cache-control', 'no-store');
        res.redirect(302, MAINTENANCE_PATH);
        return;
      }
      next();
      return;
    }
    res.setHeader('cache-control', 'no-store');
    if (!flag.on) {
      res.redirect(302, '/');
      return;
    }
    // The reader's language (their cookie, else their browser's): catalogues are only read.
    const locale = requestLocale(req.headers.cookie, req.headers['accept-language']);
    void loadCatalogue(locale).then(
      () => {
        res.status(503).setHeader('retry-after', String(RETRY_AFTER_SECONDS));
        res.setHeader('content-language', locale);
        res.type('html').send(page(cspNonceOf(res), locale));
      },
      (error: unknown) => next(error),
    );
  };
}
