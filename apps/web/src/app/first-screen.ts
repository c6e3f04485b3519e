import { matchPath } from 'react-router';
import { preloadScreens } from '../shared/lazy-screen';
import { ROUTE_SCREENS } from './route-screens';

/**
 * Loads the screen of the page being opened before the app's first render, so it renders with
 * its words rather than after a fallback (lazy-screen.tsx). The gateway has the browser fetch its
 * chunks beside the entry, so this rarely waits; it never waits more than `waitAtMost` ms, and a
 * chunk that fails is left to the route to load (and report) as before.
 */
export function loadFirstScreen(pathname: string, waitAtMost = 3000): Promise<void> {
  const screens = screensOf(pathname);
  if (!screens.length) return Promise.resolve();
  // (A timer left running after the screen is in only resolves a promise nobody waits for.)
  return Promise.race([
    preloadScreens(screens).catch(() => undefined),
    new Promise<void>((done) => setTimeout(done, waitAtMost)),
  ]);
}

/** The screens the page at `pathname` renders with (route-screens.ts), none for another page. */
export function screensOf(pathname: string): readonly string[] {
  return Object.entries(ROUTE_SCREENS).find(([path]) => matchPath(path, pathname))?.[1] ?? [];
}
