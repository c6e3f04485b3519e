import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** The origin users browse to; gives the explicit ws(s) source for subscriptions. */
  publicOrigin?: string;
  /** The storage endpoint browsers reach: `connect-src` (uploads) and `img-src` (photos). */
  connectSources: readonly string[];
}

/** `https://jibs.example` -> `wss://jibs.example`. */
function webSocketOrigin(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * Browser features the clients never use, switched off for this origin and anything it frames.
 * (Payments happen on the provider's own page, so `payment` is off too.)
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/**
 * helmet with a CSP for the React clients: scripts only from this origin, data: (and blob: for
 * upload previews) images, and XHR/WebSocket to this origin, plus a Permissions-Policy.
 * `'self'` already covers same-host ws/wss in CSP3 browsers; the explicit source is for the
 * older ones. HTTPS-only headers (HSTS, upgrade-insecure-requests) are sent whenever the public
 * origin is HTTPS (compose behind TLS, k8s), and not on a local http stack.
 *
 * Styles keep `'unsafe-inline'` for now: Mantine writes `<style>` elements at run time (its CSS
 * variables and responsive style props). Mantine 9 can put a nonce on them
 * (`MantineProvider getStyleNonce`), but that needs the web client to read a per-response nonce
 * that the gateway would inject into index.html, and a nonce in `style-src` makes browsers
 * ignore `'unsafe-inline'`, so both halves must ship together (see README). Scripts never get
 * `'unsafe-inline'`; style attributes React sets go through the CSSOM, which CSP allows.
 */
export function securityHeaders({
  publicOrigin,
  connectSources,
}: SecurityHeaderOptions): RequestHandler[] {
  const https = publicOrigin?.startsWith('https://') ?? false;
  const { set, removed } = headersOf(helmetFor(https, publicOrigin, connectSources));
  set.push(['permissions-policy', PERMISSIONS_POLICY]);
  const headers: RequestHandler = (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
  return [headers];
}

/**
 * The headers a middleware sets and removes, read once by running it on a recording response:
 * helmet's are the same for every request (no nonce, nothing read from the request), so each
 * request then gets them in one loop instead of a dozen chained middlewares.
 */
export function headersOf(middleware: RequestHandler): {
  set: [string, string][];
  removed: string[];
} {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  let done = false;
  void middleware(
    { headers: {} } as Request,
    recorder as unknown as Response,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
      done = true;
    },
  );
  if (!done) throw new Error('The security headers middleware did not finish at once');
  return { set, removed };
}

function helmetFor(
  https: boolean,
  publicOrigin: string | undefined,
  connectSources: readonly string[],
) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        // The storage endpoint: memorial photos are shown through presigned URLs.
        'img-src': ["'self'", 'data:', 'blob:', ...connectSources],
        'font-src': ["'self'", 'data:'],
        'connect-src': [
          "'self'",
          ...(publicOrigin ? [webSocketOrigin(publicOrigin)] : []),
          ...connectSources,
        ],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
}
