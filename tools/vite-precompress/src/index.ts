export { COMPILE_HINT, compileHints } from './compile-hints-plugin';
export { precompress } from './precompress-plugin';
export {
  routePreloads,
  routePreloadTable,
  ROUTE_PRELOADS_FILE,
  type RouteModules,
  type RoutePreload,
  type VisitorRead,
} from './route-preloads-plugin';
