import express, { type Express, type Request } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Logger } from '@jibs/observability';

/** Paths that belong to the server, never to the single-page app. */
const SERVER_PATHS = /^\/(graphql|health|metrics)(\/|$)/;

export const WEB_NOT_BUILT_MESSAGE =
  'The web client has not been built. Build it (npx nx build web) and reload this page.\n';

function wantsPage(req: Request): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !SERVER_PATHS.test(req.path) &&
    (req.path === '/' || (req.headers.accept ?? '').includes('text/html'))
  );
}

/**
 * Serves the built web client from `dir`: hashed files under `assets/` are cached for a year,
 * everything else is revalidated, and any other page request gets `index.html` so client-side
 * routes survive a reload. Whether the build exists is checked per request, so building the
 * client does not need a gateway restart; until then pages answer 503 with what to do.
 */
export function mountStaticWeb(app: Express, options: { dir: string; logger: Logger }): void {
  const root = resolve(options.dir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) {
    options.logger.warn({ dir: root }, 'web client not built; pages answer 503 until it is');
  }
  app.use(
    '/assets',
    express.static(join(root, 'assets'), {
      index: false,
      immutable: true,
      maxAge: '365d',
    }),
  );
  app.use(
    express.static(root, {
      index: false,
      setHeaders: (res) => res.setHeader('cache-control', 'no-cache'),
    }),
  );
  app.use((req, res, next) => {
    if (!wantsPage(req)) return next();
    if (!existsSync(indexFile)) {
      res.status(503).type('text/plain').setHeader('cache-control', 'no-store');
      res.send(WEB_NOT_BUILT_MESSAGE);
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(indexFile, (error) => {
      if (error) next(error);
    });
  });
}
