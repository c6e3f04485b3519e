import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { randomBytes } from 'node:crypto';
import { CSP_NONCE_PLACEHOLDER } from '@jibs/domain';

/**
 * What the built clients' pages carry where the response's nonce goes (Vite's `html.cspNonce`,
 * in both clients' vite.config.ts; a prerendered page's <style>s): replaced per response.
 */
export { CSP_NONCE_PLACEHOLDER };

/** The nonce of this response's CSP, for the `<style>` elements the server writes into a page. */
export function cspNonceOf(res: Response): string {
  const nonce: unknown = res.locals['cspNonce'];
  if (typeof nonce !== 'string') throw new Error('securityHeaders() did not run for this response');
  return nonce;
}

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
 * Styles: this origin's files, and `<style>` elements carrying this response's nonce (Mantine
 * writes its CSS variables and responsive style props as `<style>`; the clients read the nonce
 * from the page, `styleNonce()` in @jibs/web-data). No `'unsafe-inline'`: an injected `<style>` or
 * `style="…"` attribute in markup is refused. Style properties React sets go through the CSSOM,
 * which CSP does not govern. Scripts never get `'unsafe-inline'` or a nonce: only files.
 */
export function securityHeaders({
  publicOrigin,
  connectSources,
}: SecurityHeaderOptions): RequestHandler[] {
  const https = publicOrigin?.startsWith('https://') ?? false;
  const { set, removed } = headersOf(helmetFor(https, publicOrigin, connectSources));
  set.push(['permissions-policy', PERMISSIONS_POLICY]);
  const headers: RequestHandler = (_req, res, next) => {
    // A fresh nonce for every response: one an attacker saw in another page is of no use.
    const nonce = randomBytes(16).toString('base64');
    res.locals['cspNonce'] = nonce;
    for (const [name, value] of set) {
      res.setHeader(name, value.includes(CSP_NONCE_PLACEHOLDER) ? withNonce(value, nonce) : value);
    }
    for (const name of removed) res.removeHeader(name);
    next();
  };
  return [headers];
}

function withNonce(policy: string, nonce: string): string {
  return policy.split(CSP_NONCE_PLACEHOLDER).join(nonce);
}

/**
 * The headers a middleware sets and removes, read once by running it on a recording response:
 * helmet's are the same for every request (nothing read from the request; the CSP's nonce is a
 * placeholder replaced per response), so each request then gets them in one loop instead of a
 * dozen chained middlewares.
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
        'style-src': ["'self'", `'nonce-${CSP_NONCE_PLACEHOLDER}'`],
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
