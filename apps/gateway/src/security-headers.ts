import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** The origin users browse to; gives the explicit ws(s) source for subscriptions. */
  publicOrigin?: string;
  /** Further `connect-src` sources (the S3 endpoint uploads go to). */
  connectSources: readonly string[];
}

/** `https://jibs.example` -> `wss://jibs.example`. */
function webSocketOrigin(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * helmet with a CSP for the React clients: scripts only from this origin, Mantine's inline
 * styles, data: (and blob: for upload previews) images, and XHR/WebSocket to this origin.
 * `'self'` already covers same-host ws/wss in CSP3 browsers; the explicit source is for the
 * older ones. HTTPS-only headers are sent only when the public origin is HTTPS, so a local
 * http stack keeps working.
 */
export function securityHeaders({ publicOrigin, connectSources }: SecurityHeaderOptions) {
  const https = publicOrigin?.startsWith('https://') ?? false;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
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
    strictTransportSecurity: https,
    xFrameOptions: { action: 'deny' },
  });
}
