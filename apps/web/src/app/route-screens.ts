/**
 * The routes whose screens are worth having before the first render, by the names `lazyScreen`
 * gives them, in the order they load (main.tsx, first-screen.ts): the dashboard is declared by
 * the screens' route table, so that loads first. The build writes each route's chunks from
 * this table (vite.config.ts, with the screens' source paths in screen-modules.ts), and the
 * gateway preloads them in that route's page.
 */
export const ROUTE_SCREENS: Readonly<Record<string, readonly string[]>> = {
  '/login': ['login'],
  '/register': ['register'],
  '/faq': ['faq'],
  '/contact': ['contact'],
  '/memorials': ['memorials'],
  '/memorial/:id': ['memorial'],
  '/dashboard': ['screens', 'dashboard'],
};
