import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's `.vite/manifest.json` (only the fields the budget reads). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * A route of a client and what its first load fetches: the entry's chunks (always) and the lazy
 * modules (`src/...` as in the manifest) the route renders; `deferred` names lazy modules started
 * at load that the first render does not wait for (the session's data layer): they are reported,
 * not counted against `maxGzipKB`.
 */
export interface RouteBudget {
  path: string;
  /** Why the budget is what it is. */
  note?: string;
  modules: string[];
  deferred?: string[];
  /** Gzipped JS of the first render, in KB of 1,000 bytes. */
  maxGzipKB: number;
}

export interface AppBudget {
  name: string;
  /** The client's build, relative to the repository root. */
  dist: string;
  routes: RouteBudget[];
}

export interface BudgetFile {
  apps: AppBudget[];
}

export interface RouteFigures {
  app: string;
  path: string;
  /** Chunk files loaded before the route's first render. */
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  /** Chunks added by the deferred modules, and their sizes. */
  deferredFiles: string[];
  deferredRawBytes: number;
  deferredGzipBytes: number;
  maxGzipBytes: number;
  over: boolean;
}

const ENTRY = 'index.html';

/** The chunk of `key` and every chunk it imports statically, in load order, each once. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key]!.file);
}

export function gzipSize(content: Buffer): number {
  return gzipSync(content, { level: 9 }).length;
}

/**
 * Per route, the JS its first load fetches, raw and gzipped (level 9, as the build's `.gz`
 * files), against its budget. Reads only the built files: no server, no browser.
 */
export function measureApp(root: string, app: AppBudget): RouteFigures[] {
  const dist = resolve(root, app.dist);
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build the ${app.name} client first`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const content = readFileSync(join(dist, file));
      size = { raw: content.length, gzip: gzipSize(content) };
      sizes.set(file, size);
    }
    return size;
  };
  const sum = (files: string[], field: 'raw' | 'gzip') =>
    files.reduce((total, file) => total + sizeOf(file)[field], 0);

  return app.routes.map((route) => {
    const files = staticClosure(manifest, [ENTRY, ...route.modules]);
    const deferredFiles = staticClosure(manifest, route.deferred ?? []).filter(
      (file) => !files.includes(file),
    );
    const gzipBytes = sum(files, 'gzip');
    const maxGzipBytes = route.maxGzipKB * 1000;
    return {
      app: app.name,
      path: route.path,
      files,
      rawBytes: sum(files, 'raw'),
      gzipBytes,
      deferredFiles,
      deferredRawBytes: sum(deferredFiles, 'raw'),
      deferredGzipBytes: sum(deferredFiles, 'gzip'),
      maxGzipBytes,
      over: gzipBytes > maxGzipBytes,
    };
  });
}

export function loadBudgets(file: string): BudgetFile {
  return JSON.parse(readFileSync(file, 'utf8')) as BudgetFile;
}

export function measureAll(root: string, budgets: BudgetFile): RouteFigures[] {
  return budgets.apps.flatMap((app) => measureApp(root, app));
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** A fixed-width table, one line per route. */
export function formatFigures(figures: RouteFigures[]): string {
  const rows = [
    ['route', 'JS raw', 'JS gzip', 'budget', '+ deferred gzip', ''],
    ...figures.map((f) => [
      `${f.app} ${f.path}`,
      kb(f.rawBytes),
      kb(f.gzipBytes),
      kb(f.maxGzipBytes),
      f.deferredFiles.length ? kb(f.deferredGzipBytes) : '-',
      f.over ? 'OVER BUDGET' : 'ok',
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
