import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** Where the build writes the table: under `.vite/`, which the gateway never serves. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** A client route (react-router's pattern: `:name` is one segment) and the modules it renders. */
export interface RouteModules {
  path: string;
  /** Source paths as the manifest names them (relative to the app's root), in load order. */
  modules: readonly string[];
  visitorRead?: VisitorRead;
}

/**
 * A read the gateway makes for a visitor as it serves the route's page, and puts in the page:
 * a GraphQL query, and for each of its variables the route's path parameter that gives it.
 */
export interface VisitorRead {
  query: string;
  variables: Record<string, string>;
}

/** What the gateway adds to `index.html` for a route: the files its first render waits for. */
export interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
  visitorRead?: VisitorRead;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The chunks each route's first render waits for, beyond what `index.html` already loads: a
 * lazy screen's chunk and what it imports statically are otherwise asked for only once the entry
 * has run and rendered (a second or more on a slow line). Read from the build's manifest (so
 * `build.manifest` must be on) and written to `.vite/route-preloads.json`, from which the gateway
 * puts `<link rel="modulepreload">` (and its styles) in the page it serves for that route.
 */
export function routePreloads(routes: readonly RouteModules[]): Plugin {
  let outDir = '';
  let base = '/';
  return {
    name: 'jibs-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      base = config.base;
    },
    async closeBundle() {
      const manifest = JSON.parse(
        await readFile(join(outDir, '.vite/manifest.json'), 'utf8'),
      ) as Manifest;
      const table = routePreloadTable(manifest, routes, base);
      await writeFile(join(outDir, ROUTE_PRELOADS_FILE), `${JSON.stringify(table, null, 2)}\n`);
    },
  };
}

/** The table itself, from a manifest: exported for its tests. */
export function routePreloadTable(
  manifest: Manifest,
  routes: readonly RouteModules[],
  base = '/',
): RoutePreload[] {
  const entry = closure(manifest, ['index.html']);
  return routes.map(({ path, modules, visitorRead }) => {
    for (const module of modules) {
      if (!manifest[module]) {
        throw new Error(`route ${path}: ${module} is not a chunk of the build (its manifest)`);
      }
    }
    if (visitorRead) {
      if (!/^\s*query\b/.test(visitorRead.query))
        throw new Error(`route ${path}: a visitor's read must be a query`);
      for (const param of Object.values(visitorRead.variables)) {
        if (!path.split('/').includes(`:${param}`))
          throw new Error(`route ${path}: a visitor's read names :${param}, not in the path`);
      }
    }
    const { scripts, styles } = closure(manifest, modules);
    return {
      path,
      scripts: scripts.filter((file) => !entry.scripts.includes(file)).map((f) => base + f),
      styles: styles.filter((file) => !entry.styles.includes(file)).map((f) => base + f),
      ...(visitorRead ? { visitorRead } : {}),
    };
  });
}

/** The files of these chunks and of every chunk they import statically, each once. */
function closure(manifest: Manifest, keys: readonly string[]) {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    scripts.push(chunk.file);
    for (const style of chunk.css ?? []) if (!styles.includes(style)) styles.push(style);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { scripts, styles };
}
