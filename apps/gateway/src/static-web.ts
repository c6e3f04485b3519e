import express, { type Express, type Request, type Router } from 'express';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Logger } from '@jibs/observability';

/** Paths that belong to the server, never to the single-page apps. */
const SERVER_PATHS = /^\/(graphql|health|metrics)(\/|$)/;

/** Where the admin console is served: its own app, built with `base: '/admin/'`. */
export const ADMIN_BASE_PATH = '/admin';

export const WEB_NOT_BUILT_MESSAGE =
  'The web client has not been built. Build it (npx nx build web) and reload this page.\n';
export const ADMIN_NOT_BUILT_MESSAGE =
  'The admin client has not been built. Build it (npx nx build admin) and reload this page.\n';

function wantsPage(req: Request): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !SERVER_PATHS.test(req.path) &&
    (req.path === '/' || (req.headers.accept ?? '').includes('text/html'))
  );
}

/**
 * One built single-page app in `root`: hashed files under `assets/` cached for a year, other
 * files revalidated, and any other page request answered with `index.html` so client-side
 * routes survive a reload. Whether the build exists is checked per request, so building a
 * client does not need a gateway restart; until then its pages answer 503 with what to do.
 */
function singlePageApp(root: string, notBuiltMessage: string): Router {
  const indexFile = join(root, 'index.html');
  const router = express.Router();
  router.use(
    '/assets',
    express.static(join(root, 'assets'), { index: false, immutable: true, maxAge: '365d' }),
  );
  router.use(
    express.static(root, {
      index: false,
      redirect: false,
      setHeaders: (res) => res.setHeader('cache-control', 'no-cache'),
    }),
  );
  router.use((req, res, next) => {
    if (!wantsPage(req)) return next();
    if (!existsSync(indexFile)) {
      res.status(503).type('text/plain').setHeader('cache-control', 'no-store');
      res.send(notBuiltMessage);
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(indexFile, (error) => {
      if (error) next(error);
    });
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
  options: { dir: string; adminDir?: string; logger: Logger },
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
  app.use(singlePageApp(root, WEB_NOT_BUILT_MESSAGE));
}
