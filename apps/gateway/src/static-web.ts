import express, {
  type Express,
  type NextFunction,
  type Request,
  type Response,
  type Router,
} from 'express';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { hasSessionHint, VISITOR_READ_ELEMENT_ID, type EmbeddedVisitorRead } from '@jibs/domain';
import type { Logger } from '@jibs/observability';
import { CSP_NONCE_PLACEHOLDER, cspNonceOf } from './security-headers';
import {
  parsePrerenderedTable,
  PRERENDERED_TABLE_FILE,
  prerenderedPageOf,
  withPrerendered,
} from './prerendered-pages';

/** Paths that belong to the server, never to the single-page apps. */
const SERVER_PATHS = /^\/(graphql|health|metrics)(\/|$)/;

/** Where the admin console is served: its own app, built with `base: '/admin/'`. */
export const ADMIN_BASE_PATH = '/admin';

export const WEB_NOT_BUILT_MESSAGE =
  'The web client has not been built. Build it (npx nx build web) and reload this page.\n';
export const ADMIN_NOT_BUILT_MESSAGE =
  'The admin client has not been built. Build it (npx nx build admin) and reload this page.\n';

/** Hashed file names: a new build gets new names, so a browser may keep these for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The encodings the build writes beside each text file (see tools/vite-precompress). */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/** What the build precompresses: the text files a browser fetches. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * The encodings `Accept-Encoding` allows, in the server's order of preference (brotli, then
 * gzip). `*` allows both; `q=0` refuses; identity is always possible and not listed.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = weights.get('*');
  return ENCODINGS.map((e) => e.name).filter((name) => (weights.get(name) ?? wildcard ?? 0) > 0);
}

/**
 * Sends `file` as the build precompressed it, when the client accepts one of its variants:
 * the variant's bytes with `Content-Encoding`, the original's `Content-Type`, and
 * `Vary: Accept-Encoding` (also on the identity answer, so caches keep the variants apart).
 * Returns false, having sent nothing, when the file has no variant or none is accepted.
 */
function sendPrecompressed(
  req: Request,
  res: Response,
  next: NextFunction,
  file: string,
  cacheControl: string,
): boolean {
  if (!COMPRESSIBLE.test(file)) return false;
  const variants = ENCODINGS.filter((e) => existsSync(file + e.suffix));
  if (!variants.length) return false;
  res.vary('Accept-Encoding');
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  const chosen = variants.find((v) => accepted.includes(v.name));
  if (!chosen) return false;
  res.setHeader('content-encoding', chosen.name);
  res.type(extname(file));
  res.sendFile(
    file + chosen.suffix,
    { cacheControl: false, lastModified: true, headers: { 'cache-control': cacheControl } },
    (error) => {
      if (error) next(error);
    },
  );
  return true;
}

/**
 * Serves requests for files of `dir` from their precompressed variants when the client accepts
 * one; everything else (no variant, identity only, not a file) goes on to `express.static`.
 */
function precompressed(dir: string, cacheControl: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = resolve(dir, `.${path}`);
    if (!file.startsWith(dir + sep) || path.includes('\0')) return next();
    if (!sendPrecompressed(req, res, next, file, cacheControl)) next();
  };
}

/**
 * Beside a client's index.html (under `.vite/`, never served): each client route and the chunks
 * its first render waits for, written by the build (tools/vite-precompress's `routePreloads`).
 */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export interface RoutePreload {
  /** react-router's pattern: `:name` stands for one segment. */
  path: string;
  scripts: string[];
  styles: string[];
  /** The read a visitor's page carries (a GraphQL query, each variable's path parameter). */
  visitorRead?: VisitorRead;
}

export interface VisitorRead {
  query: string;
  variables: Record<string, string>;
}

/**
 * Makes a visitor's read as the gateway answers it on /graphql to a request without a token:
 * the GraphQL answer (`data`, `errors`), or null when there is none to give.
 */
export type VisitorReader = (read: VisitorRead, req: Request) => Promise<unknown>;

/** How long a page waits for its visitor's read; past it, the page goes without and asks. */
export const VISITOR_READ_WAIT_MS = 250;

/** Only the build's own asset names go into a page (letters, digits, `-_./`). */
const ASSET_HREF = /^\/[\w\-./]+$/;

/**
 * Whether `path` is one `pattern` names (`/memorial/:id` names `/memorial/abc`), in any case,
 * as react-router matches the client's routes (`/Login` shows the sign-in form).
 */
export function routeMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  return (
    want.length === got.length &&
    want.every(
      (segment, i) => segment.startsWith(':') || segment.toLowerCase() === got[i]!.toLowerCase(),
    )
  );
}

/**
 * `html` with, before `</head>`, a `<link rel="modulepreload">` for each chunk the route at
 * `path` renders with (and a style preload for its CSS), so the browser fetches them beside the
 * entry instead of after it has run: a second or more on a slow line (docs/benchmarks.md). A
 * path no route of the table names gets the page as built.
 */
export function withRoutePreloads(
  html: string,
  table: readonly RoutePreload[],
  path: string,
): string {
  const route = table.find((candidate) => routeMatches(candidate.path, path));
  if (!route) return html;
  const link = (attributes: string, href: string) =>
    ASSET_HREF.test(href)
      ? [`<link ${attributes} crossorigin href="${href}" nonce="${CSP_NONCE_PLACEHOLDER}">`]
      : [];
  const links = [
    ...route.styles.flatMap((href) => link('rel="preload" as="style"', href)),
    ...route.scripts.flatMap((href) => link('rel="modulepreload"', href)),
  ];
  return links.length ? html.replace('</head>', `${links.join('\n')}\n</head>`) : html;
}

function isRoutePreload(value: unknown): value is RoutePreload {
  const route = value as Partial<RoutePreload> | null;
  const strings = (list: unknown) =>
    Array.isArray(list) && list.every((item) => typeof item === 'string');
  return (
    typeof route?.path === 'string' &&
    strings(route.scripts) &&
    strings(route.styles) &&
    (route.visitorRead === undefined || isVisitorRead(route.visitorRead))
  );
}

function isVisitorRead(value: unknown): value is VisitorRead {
  const read = value as Partial<VisitorRead> | null;
  return (
    typeof read?.query === 'string' &&
    typeof read.variables === 'object' &&
    read.variables !== null &&
    Object.values(read.variables).every((param) => typeof param === 'string')
  );
}

/**
 * The path's value of each `:name` segment of `pattern` (decoded), when `pattern` names the
 * path; null when it does not, or a value cannot be decoded.
 */
export function routeParams(pattern: string, path: string): Record<string, string> | null {
  if (!routeMatches(pattern, path)) return null;
  const got = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  try {
    pattern
      .split('/')
      .filter(Boolean)
      .forEach((segment, i) => {
        if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(got[i]!);
      });
  } catch {
    return null;
  }
  return params;
}

/**
 * `html` with, before `</head>`, the answer to a visitor's read (`<script type="application/json">`,
 * which runs nothing): its JSON with every `<`, `>` and `&` escaped, so no text of the answer
 * (a memorial's biography is a family's words) can end the element or start markup.
 */
export function withVisitorRead(html: string, read: EmbeddedVisitorRead): string {
  const json = JSON.stringify(read)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const element = `<script type="application/json" id="${VISITOR_READ_ELEMENT_ID}">${json}</script>`;
  return html.replace('</head>', `${element}\n</head>`);
}

/**
 * The visitor's read of the route at `req.path`, made by `reader`, if the route has one and the
 * request is a visitor's (no session hint): null otherwise, when the reader failed or gave
 * nothing, and when it took longer than `VISITOR_READ_WAIT_MS` (the page then asks itself).
 */
async function visitorReadOf(
  table: readonly RoutePreload[],
  req: Request,
  reader: VisitorReader,
  logger: Logger,
): Promise<EmbeddedVisitorRead | null> {
  if (req.method !== 'GET' || hasSessionHint(req.headers.cookie ?? '')) return null;
  const route = table.find((candidate) => routeMatches(candidate.path, req.path));
  if (!route?.visitorRead) return null;
  const params = routeParams(route.path, req.path);
  if (!params) return null;
  const variables: Record<string, string> = {};
  for (const [name, param] of Object.entries(route.visitorRead.variables)) {
    const value = params[param];
    if (value === undefined) return null;
    variables[name] = value;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), VISITOR_READ_WAIT_MS);
  });
  try {
    const answer = await Promise.race([
      reader({ query: route.visitorRead.query, variables }, req),
      late,
    ]);
    return answer ? { variables, answer } : null;
  } catch (error) {
    logger.warn({ err: error, route: route.path }, "a visitor's read failed; the page asks itself");
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The build's route table; none (an older build, or none written) means no preloads. */
function parseRoutePreloads(text: string): RoutePreload[] {
  try {
    const table: unknown = JSON.parse(text);
    return Array.isArray(table) ? table.filter(isRoutePreload) : [];
  } catch {
    return [];
  }
}

/**
 * `file` as `parse` reads it, read again only when the file changed (its inode, size or time: a
 * new build writes new files), so a page request costs a `stat`, not a read and a parse. A
 * missing or unreadable file is `missing`'s answer, asked again on the next request.
 */
export function changedFileReader<T>(
  file: string,
  parse: (text: string) => T,
  missing: (error: unknown) => T | Promise<T>,
): () => Promise<T> {
  let cached: { version: string; value: T } | undefined;
  return async () => {
    try {
      const { ino, size, mtimeMs } = await stat(file);
      const version = `${ino}:${size}:${mtimeMs}`;
      if (cached?.version !== version)
        cached = { version, value: parse(await readFile(file, 'utf8')) };
      return cached.value;
    } catch (error) {
      cached = undefined;
      return missing(error);
    }
  };
}

/**
 * A client's index.html with this response's CSP nonce in place of the build's placeholder (on
 * its `csp-nonce` meta, read by the client for Mantine's `<style>` elements, and on its tags).
 * So it is compressed per response (about a kilobyte: microseconds), the one file that is, and
 * sent without validators: a 304 would pair the cached page's nonce with a new policy.
 */
function sendPage(req: Request, res: Response, html: string): void {
  const page = Buffer.from(html.split(CSP_NONCE_PLACEHOLDER).join(cspNonceOf(res)));
  const [encoding] = acceptedEncodings(req.headers['accept-encoding']);
  const body =
    encoding === 'br'
      ? brotliCompressSync(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? gzipSync(page)
        : page;
  res.status(200).type('html');
  // What a page carries depends on the visitor: their session hint, language and calendar
  // choice (a prerendered page, a visitor's read), so no cache may give one visitor's to another.
  res.vary('Accept-Encoding');
  res.vary('Cookie');
  res.vary('Accept-Language');
  if (encoding) res.setHeader('content-encoding', encoding);
  res.setHeader('cache-control', REVALIDATE);
  res.setHeader('content-length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function wantsPage(req: Request): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !SERVER_PATHS.test(req.path) &&
    (req.path === '/' || (req.headers.accept ?? '').includes('text/html'))
  );
}

/**
 * One built single-page app in `root`: hashed files under `assets/` cached for a year, other
 * files revalidated, and any other page request answered with `index.html` (this response's
 * CSP nonce written in) so client-side routes survive a reload. Files the build precompressed
 * go out as brotli or gzip when the client accepts it. Whether the build exists is checked per request, so building a
 * client does not need a gateway restart; until then its pages answer 503 with what to do.
 */
function singlePageApp(
  root: string,
  notBuiltMessage: string,
  visitorReads?: { reader: VisitorReader; logger: Logger },
): Router {
  const indexFile = join(root, 'index.html');
  const readIndex = changedFileReader(
    indexFile,
    (html) => html,
    (error) => Promise.reject(error),
  );
  const readPreloads = changedFileReader(
    join(root, ROUTE_PRELOADS_FILE),
    parseRoutePreloads,
    () => [],
  );
  const readPrerendered = changedFileReader(
    join(root, PRERENDERED_TABLE_FILE),
    parsePrerenderedTable,
    () => null,
  );
  // One reader per prerendered file, made as each is first asked for (a handful per build).
  const prerenderedReaders = new Map<string, () => Promise<string | null>>();
  const readPrerenderedFile = (file: string) => {
    let reader = prerenderedReaders.get(file);
    if (!reader) {
      reader = changedFileReader(
        join(root, file),
        (html) => html,
        () => null,
      );
      prerenderedReaders.set(file, reader);
    }
    return reader();
  };
  const router = express.Router();
  const assets = join(root, 'assets');
  const page = (req: Request, res: Response, next: NextFunction) => {
    if (!existsSync(indexFile)) {
      res.status(503).type('text/plain').setHeader('cache-control', 'no-store');
      res.send(notBuiltMessage);
      return;
    }
    Promise.all([readIndex(), readPreloads(), readPrerendered()])
      .then(async ([html, preloads, prerendered]) => {
        let page = withRoutePreloads(html, preloads, req.path);
        const first = prerenderedPageOf(prerendered, req);
        const [markup, css] = first
          ? await Promise.all([
              readPrerenderedFile(first.markupFile),
              readPrerenderedFile(first.stylesFile),
            ])
          : [null, null];
        if (first && markup !== null && css !== null) {
          const styles = preloads.find((route) => routeMatches(route.path, req.path))?.styles;
          page = withPrerendered(page, { markup, css }, first.locale, styles ?? []);
        }
        const read =
          visitorReads &&
          (await visitorReadOf(preloads, req, visitorReads.reader, visitorReads.logger));
        sendPage(req, res, read ? withVisitorRead(page, read) : page);
      })
      .catch(next);
  };
  // Before the files: index.html is never sent as built (its nonce placeholder).
  router.get('/index.html', page);
  router.use('/assets', precompressed(assets, IMMUTABLE));
  router.use('/assets', express.static(assets, { index: false, immutable: true, maxAge: '365d' }));
  router.use(precompressed(root, REVALIDATE));
  router.use(
    express.static(root, {
      index: false,
      redirect: false,
      setHeaders: (res) => res.setHeader('cache-control', REVALIDATE),
    }),
  );
  router.use((req, res, next) => {
    if (!wantsPage(req)) return next();
    page(req, res, next);
  });
  return router;
}

/**
 * Serves the built clients: the member site from `dir` at `/`, and the admin console from
 * `adminDir` (by default `admin` next to `dir`, i.e. `dist/apps/admin`) under `/admin`. Both go
 * through the same middleware chain as every other response, so they get the same security
 * headers and CSP.
 */
export function mountStaticWeb(
  app: Express,
  options: {
    dir: string;
    adminDir?: string;
    logger: Logger;
    /** Makes the member site's visitor reads (a memorial's page); none: its pages ask. */
    visitorReader?: VisitorReader;
  },
): void {
  const root = resolve(options.dir);
  const adminRoot = resolve(options.adminDir ?? join(dirname(root), 'admin'));
  if (!existsSync(join(root, 'index.html'))) {
    options.logger.warn({ dir: root }, 'web client not built; pages answer 503 until it is');
  }
  if (!existsSync(join(adminRoot, 'index.html'))) {
    options.logger.warn(
      { dir: adminRoot },
      'admin client not built; /admin pages answer 503 until it is',
    );
  }
  // `/admin` itself, without the slash, is the console's dashboard too.
  app.use(ADMIN_BASE_PATH, singlePageApp(adminRoot, ADMIN_NOT_BUILT_MESSAGE));
  const { visitorReader: reader, logger } = options;
  app.use(singlePageApp(root, WEB_NOT_BUILT_MESSAGE, reader && { reader, logger }));
}
