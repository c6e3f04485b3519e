/**
 * The routes whose screens are worth having before the first render, by the names `lazyScreen`
 * gives them, in the order they load (main.tsx, first-screen.ts): the memorial page is declared
 * by the screens' route table, so that loads first. The build writes each route's chunks from
 * this table (vite.config.ts, with the screens' source paths in screen-modules.ts), and the
 * gateway preloads them in that route's page.
 */
export const ROUTE_SCREENS: ReadonlyArray<{ path: string; screens: readonly string[] }> = [
  { path: '/login', screens: ['login'] },
  { path: '/register', screens: ['register'] },
  { path: '/faq', screens: ['faq'] },
  { path: '/contact', screens: ['contact'] },
  { path: '/memorials', screens: ['memorials'] },
  { path: '/memorial/:id', screens: ['screens', 'memorial'] },
  { path: '/dashboard', screens: ['screens', 'dashboard'] },
];
