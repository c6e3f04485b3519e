import { ROUTE_SCREENS } from './src/app/route-screens';
import { MemorialSource } from './src/gql/documents/memorial-source';

/**
 * Each preloaded screen's source, as the build's manifest names it: the module its
 * `lazyScreen(name, ...)` imports (checked by src/app/route-screens.spec.ts). Build-only, so the
 * paths stay out of the client.
 */
export const SCREEN_MODULES: Record<string, string> = {
  login: 'src/features/sign-in/pages/login-page.tsx',
  register: 'src/features/registration/pages/register-page.tsx',
  faq: 'src/features/public-site/pages/faq-page.tsx',
  contact: 'src/features/public-site/pages/contact-page.tsx',
  memorials: 'src/features/memorials/pages/memorials-page.tsx',
  screens: 'src/app/screen-routes.tsx',
  memorial: 'src/features/memorials/pages/memorial-page.tsx',
  dashboard: 'src/features/dashboard/pages/dashboard-page.tsx',
};

/** The session manager's chunk, which restores the session (main.tsx starts it). */
const SESSION = 'src/app/session.ts';

/**
 * What a route's page fetches beside its screens without the first render waiting for it: the
 * part of the screen that loads after that render (lazily) and is always shown, so that its
 * chunks are in by then. Only the page's preload links carry them, not the first-load budget.
 */
export const AFTER_FIRST_RENDER: Record<string, string[]> = {
  // The list of memorials (a visitor's: the public ones), read over a plain fetch once the
  // session is settled: the session's chunk too, which the app starts only once its entry runs.
  '/memorials': ['src/features/memorials/components/memorials-list.tsx', SESSION],
  // A memorial as shown (memorial-page.tsx starts it as it loads), read over a plain fetch once
  // the session is settled.
  '/memorial/:id': ['src/features/memorials/components/memorial-view.tsx', SESSION],
};

/**
 * The read a route's page makes for a visitor, which the gateway makes as it serves the page and
 * puts in it (a visitor's read needs no token): the query, and each variable's path parameter.
 * The page takes that answer instead of asking a second or more later (visitor-read.ts).
 */
export const VISITOR_READS: Record<string, { query: string; variables: Record<string, string> }> = {
  '/memorial/:id': { query: MemorialSource, variables: { id: 'id' } },
};

/** The table `routePreloads` writes the chunks of: each route with its screens' modules. */
export function routeModules(): Array<{
  path: string;
  modules: string[];
  visitorRead?: { query: string; variables: Record<string, string> };
}> {
  return Object.entries(ROUTE_SCREENS).map(([path, screens]) => ({
    path,
    ...(VISITOR_READS[path] ? { visitorRead: VISITOR_READS[path] } : {}),
    modules: [
      ...screens.map((name) => {
        const module = SCREEN_MODULES[name];
        if (!module)
          throw new Error(`route ${path}: screen "${name}" has no module in SCREEN_MODULES`);
        return module;
      }),
      ...(AFTER_FIRST_RENDER[path] ?? []),
    ],
  }));
}
