import type { RequestHandler } from 'express';

const ALLOWED_METHODS = 'GET, POST, OPTIONS';
const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'apollo-require-preflight',
  'x-apollo-operation-name',
  'apollographql-client-name',
  'apollographql-client-version',
  'x-request-id',
].join(', ');

/**
 * CORS for the listed origins only, with credentials (the refresh cookie). With no origins
 * listed the gateway is same-origin only: browsers get no CORS headers and refuse cross-origin
 * reads. Preflights are answered here so they never reach GraphQL.
 */
export function corsPolicy(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    const origin = req.headers.origin;
    const isPreflight = req.method === 'OPTIONS' && !!req.headers['access-control-request-method'];
    if (allowed.size) res.vary('Origin');
    if (origin && allowed.has(origin)) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-allow-credentials', 'true');
      res.setHeader('access-control-expose-headers', 'x-request-id');
      if (isPreflight) {
        res.setHeader('access-control-allow-methods', ALLOWED_METHODS);
        res.setHeader('access-control-allow-headers', ALLOWED_HEADERS);
        res.setHeader('access-control-max-age', '600');
      }
    }
    if (isPreflight) {
      res.status(204).end();
      return;
    }
    next();
  };
}

/**
 * Whether a WebSocket handshake may come from `origin`: non-browser clients send none; browsers
 * must be on this origin (the public one, or the Host they reached) or a listed one.
 */
export function isAllowedSocketOrigin(
  origin: string | undefined,
  host: string | undefined,
  options: { allowedOrigins: readonly string[]; publicOrigin?: string },
): boolean {
  if (!origin) return true;
  if (options.allowedOrigins.includes(origin) || origin === options.publicOrigin) return true;
  try {
    return !!host && new URL(origin).host === host;
  } catch {
    return false;
  }
}
