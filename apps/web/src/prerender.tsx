import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { CSP_NONCE_PLACEHOLDER } from '@jibs/domain';
import type { Locale } from '@jibs/i18n';
import { setLocale, SIGNED_OUT } from '@jibs/web-data';
import { App } from './app/app';
import { DeferredSession } from './app/deferred-session';
import { screensOf } from './app/first-screen';
import { preloadScreens } from './shared/lazy-screen';
import { styleAttributesToRules } from './prerender-styles';

export { LOCALES } from '@jibs/i18n';

/** How React marks a Suspense boundary it left to the browser to render. */
const CLIENT_RENDERED = '<!--$!-->';

/**
 * The public pages whose first view the build renders (apps/web/prerender-pages.mjs), by the
 * name of the file it writes: what every visitor opens first, and the same for all of them.
 * A memorial's page is one family's, and read when it is asked for: not here.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'index',
  '/login': 'login',
  '/register': 'register',
  '/faq': 'faq',
  '/contact': 'contact',
  '/memorials': 'memorials',
};

/**
 * A public page in `locale` as a visitor's browser first renders it when it holds no session
 * and shows no Hijri dates: the gateway serves it to such a visitor inside the page's root,
 * and app/start.tsx hydrates it, so the page paints before its JS has run. Its inline styles come
 * apart, as rules (`css`) for the page's head: styleAttributesToRules says why.
 */
export async function prerenderPage(
  path: string,
  locale: Locale,
): Promise<{ markup: string; css: string }> {
  // The page's screen, loaded before it renders as in the browser; one that fails fails the build.
  await Promise.all([setLocale(locale, { remember: false }), preloadScreens(screensOf(path))]);
  // Neither the session manager nor the Apollo client is in when the first render runs: the
  // session reads as signed out (no hint), and what waits for the client shows its fallback.
  const never = new Promise<never>(() => undefined);
  const data = { session: new DeferredSession(never, SIGNED_OUT), client: never };
  function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={path}>{children}</StaticRouter>;
  }
  const render = () =>
    renderToString(
      <StrictMode>
        <App data={data} Router={Router} styleNonce={CSP_NONCE_PLACEHOLDER} />
      </StrictMode>,
    );
  // A part in a chunk of its own (the toasts' container, the landing page's sections) waits for
  // its chunk the first time: render again once it is in, so the page carries it and no part is
  // left for the browser to render in its place (which React reports as an error).
  let markup = render();
  for (let attempt = 0; markup.includes(CLIENT_RENDERED) && attempt < 10; attempt++) {
    await new Promise((settled) => setTimeout(settled, 20));
    markup = render();
  }
  if (markup.includes(CLIENT_RENDERED)) {
    throw new Error(
      `${path} in ${locale}: a part still waits after 10 renders (a Suspense boundary the build cannot fill)`,
    );
  }
  return styleAttributesToRules(withoutNativeSubmission(markup));
}

/**
 * The page's forms with `method="post"`. Until React owns the page it is `inert` and nothing
 * in it can be sent; a browser without `inert` (Safari before 15.5) would send a form the
 * browser's way, by GET, its fields (a password) in the address. By POST they stay out of the
 * address, the history and the logs; React's own handler sends the form once it has the page.
 */
export function withoutNativeSubmission(markup: string): string {
  return markup.replace(/<form(?![^>]*\smethod=)/g, '<form method="post"');
}
