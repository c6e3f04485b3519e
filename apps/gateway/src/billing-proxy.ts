import type { RequestHandler } from 'express';
import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { ROUTE_LABEL_LOCAL, type Logger } from '@jibs/observability';
import { CLIENT_ADDRESS_HEADER, GATEWAY_SECRET_HEADER, gatewayHeaders } from '@jibs/subgraph';

/**
 * Billing's own HTTP routes, reached through the public origin (Stripe and the browser; members'
 * PDFs, with their bearer token, which billing checks).
 */
export const BILLING_HTTP_PATHS = ['/webhooks/', '/sandbox/', '/statements/'] as const;

/** Notifications' own HTTP route: one-click unsubscribe links in emails (no sign-in). */
export const NOTIFICATIONS_HTTP_PATHS = ['/unsubscribe'] as const;

/**
 * Hop-by-hop headers the library leaves alone (it manages `connection`, `transfer-encoding` and,
 * with `changeOrigin`, `host` itself): they describe one connection, not the message.
 */
const HOP_BY_HOP = [
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
];

class UpstreamTimeout extends Error {
  constructor(service: string) {
    super(`${service} did not answer in time`);
    this.name = 'UpstreamTimeout';
  }
}

export interface BillingProxyOptions {
  /** Billing's HTTP origin, e.g. http://127.0.0.1:4003. */
  target: string;
  /** The service's routes (prefixes); billing's by default. */
  paths?: readonly string[];
  /** Its name, in logs. */
  service?: string;
  logger: Logger;
  /** GATEWAY_SECRET: billing answers only the gateway. */
  gatewaySecret: string;
  /** The real client (trusted proxy chain), for billing's logs and limits. */
  clientAddress: (req: IncomingMessage) => string;
  timeoutMs?: number;
}

const prefixIn = (paths: readonly string[], url: string | undefined): string | undefined =>
  paths.find((path) => (url ?? '').startsWith(path));

/**
 * A raw pass-through (http-proxy-middleware): the body is streamed untouched, never parsed (the
 * webhook signature covers its exact bytes), so this runs before any body parser; headers are
 * kept (Stripe-Signature included) except any gateway credential or client address a caller
 * sent, which are replaced by the gateway's own; no auth here — billing verifies signatures
 * itself, and its sandbox page sets its own strict CSP, which replaces the gateway's on that
 * response. No answer within `timeoutMs` is a 504, any other failure a 502.
 */
export function billingProxy({
  target,
  paths = BILLING_HTTP_PATHS,
  service = 'billing',
  logger,
  gatewaySecret,
  clientAddress,
  timeoutMs = 30_000,
}: BillingProxyOptions): RequestHandler {
  const billingPrefix = (url: string | undefined) => prefixIn(paths, url);
  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target,
    changeOrigin: true,
    pathFilter: (_path, req) => billingPrefix(originalUrl(req)) !== undefined,
    on: {
      proxyReq(proxyReq: ClientRequest, req: IncomingMessage) {
        const client = clientAddress(req);
        for (const name of HOP_BY_HOP) proxyReq.removeHeader(name);
        proxyReq.removeHeader(GATEWAY_SECRET_HEADER);
        proxyReq.removeHeader(CLIENT_ADDRESS_HEADER);
        for (const [name, value] of Object.entries(gatewayHeaders(gatewaySecret, client)))
          proxyReq.setHeader(name, value);
        proxyReq.setHeader('x-forwarded-for', client);
        proxyReq.setHeader('x-forwarded-host', req.headers.host ?? '');
        proxyReq.setHeader('x-forwarded-proto', (req as { protocol?: string }).protocol ?? 'http');
        proxyReq.setTimeout(timeoutMs, () => proxyReq.destroy(new UpstreamTimeout(service)));
      },
      proxyRes(proxyRes: IncomingMessage) {
        for (const name of HOP_BY_HOP) delete proxyRes.headers[name];
      },
      error(error: Error, req: IncomingMessage, res: ServerResponse | Socket) {
        logger.warn(
          { err: error, service, path: originalUrl(req).split('?')[0] },
          `${service} proxy failed`,
        );
        if (!('writeHead' in res) || res.headersSent) {
          res.destroy();
          return;
        }
        res.writeHead(error instanceof UpstreamTimeout ? 504 : 502, {
          'content-type': 'text/plain; charset=utf-8',
        });
        res.end('Bad gateway');
      },
    },
  });
  return (req, res, next) => {
    const prefix = billingPrefix(req.originalUrl);
    if (!prefix) return next();
    res.locals[ROUTE_LABEL_LOCAL] = `${prefix}*`;
    void proxy(req, res, next);
  };
}

function originalUrl(req: IncomingMessage): string {
  return (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
}

/** BILLING_HTTP_URL, or the origin of billing's GraphQL URL. */
export function billingHttpUrl(
  explicit: string | undefined,
  subgraphs: readonly { name: string; url: string }[],
  service = 'billing',
): string | undefined {
  if (explicit) return explicit;
  const found = subgraphs.find((subgraph) => subgraph.name === service);
  return found ? new URL(found.url).origin : undefined;
}
