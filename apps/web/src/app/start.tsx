import './styles-first-page';
import './global.css';
import './script-fonts.css';
import { StrictMode, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { createAppData } from './app-data';
import { loadFirstScreen } from './first-screen';
import { adoptPrerenderedStyles } from '../prerender-styles';
import {
  adoptStrictCsp,
  browserSessionHint,
  getLanguageState,
  startLanguage,
} from '@jibs/web-data';

/** Calls `done` once the tree it is in has committed (hydrated, or rendered anew). */
function Committed({ done }: { done: () => void }) {
  useLayoutEffect(done, [done]);
  return null;
}

/**
 * Starts the member site in `root` (main.tsx, the page's entry, calls it; this module and what
 * it imports are the first page's chunk, vite.config.ts).
 */
export function start(root: HTMLElement): void {
  // Before anything else runs (see adoptStrictCsp): the page's nonce for Mantine's <style>s.
  const { styleNonce } = adoptStrictCsp();

  const data = createAppData(() => {
    void import('./session-expired-notice').then((notice) => notice.showSessionExpired());
  });

  // A visitor who reads Arabic or Urdu sees the first page in it: its catalogue loads first
  // (English has none to load); the page's own screen too, so its words show with the layout.
  void Promise.all([startLanguage(), loadFirstScreen(window.location.pathname)]).then(() => {
    // A prerendered page comes `inert` (the gateway's prerendered-pages.ts): nothing in it can
    // be focused, typed in or sent until React owns it, so nothing typed is lost to hydration
    // and no form is sent by the browser itself (its fields in the address).
    const live = () => root.removeAttribute('inert');
    const app = (
      <StrictMode>
        <App data={data} styleNonce={styleNonce} />
        <Committed done={live} />
      </StrictMode>
    );
    // A visitor's public page comes with its first view in it, rendered by the build in their
    // language (the gateway's `prerendered`): React takes it over as it is. Anything else (a
    // session begun since, another language or the Hijri dates chosen in another tab) is rendered
    // anew, in place of what the page carried.
    const { locale, hijri } = getLanguageState();
    adoptPrerenderedStyles();
    if (root.dataset['prerendered'] === locale && !hijri && !browserSessionHint()) {
      hydrateRoot(root, app);
    } else {
      createRoot(root).render(app);
    }
  });
}
