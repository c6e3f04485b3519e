import type { RequestHandler } from 'express';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ROUTE_LABEL_LOCAL, type Logger } from '@jibs/observability';
import { gatewayHeaders, withoutGatewayHeaders } from '@jibs/subgraph';

/** Billing's own HTTP routes, reached through the public origin (Stripe and the browser). */
export const BILLING_HTTP_PATHS = ['/webhooks/', '/sandbox/'] as const;

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
  );
}

export interface BillingProxyOptions {
  /** Billing's HTTP origin, e.g. http://127.0.0.1:4003. */
  target: string;
  logger: Logger;
  /** GATEWAY_SECRET: billing answers only the gateway. */
  gatewaySecret: string;
  /** The real client (trusted proxy chain), for billing's logs and limits. */
  clientAddress: (req: IncomingMessage) => string;
  timeoutMs?: number;
}

/**
 * A raw pass-through: the body is streamed untouched (the webhook signature covers its exact
 * bytes), headers are kept (Stripe-Signature included) except any gateway credential or client
 * address a caller sent, which are replaced by the gateway's own; no auth here — billing verifies
 * signatures itself, and its sandbox page sets its own strict CSP, which replaces the
 * gateway's on that response.
 */
export function billingProxy({
  target,
  logger,
  gatewaySecret,
  clientAddress,
  timeoutMs = 30_000,
}: BillingProxyOptions): RequestHandler {
  const upstream = new URL(target);
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  return (req, res, next) => {
    const prefix = BILLING_HTTP_PATHS.find((path) => req.originalUrl.startsWith(path));
    if (!prefix) return next();
    res.locals[ROUTE_LABEL_LOCAL] = `${prefix}*`;
    const client = clientAddress(req);
    const outgoing = send(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.originalUrl,
        headers: {
          ...forwardable(withoutGatewayHeaders(req.headers)),
          ...gatewayHeaders(gatewaySecret, client),
          host: upstream.host,
          'x-forwarded-for': client,
          'x-forwarded-host': req.headers.host ?? '',
          'x-forwarded-proto': req.protocol,
        },
        timeout: timeoutMs,
      },
      (incoming) => {
        res.status(incoming.statusCode ?? 502);
        for (const [name, value] of Object.entries(forwardable(incoming.headers)))
          if (value !== undefined) res.setHeader(name, value);
        incoming.pipe(res);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('billing did not answer in time')));
    outgoing.on('error', (error) => {
      logger.warn({ err: error, path: req.originalUrl.split('?')[0] }, 'billing proxy failed');
      if (res.headersSent) return res.destroy();
      res
        .status(error.message.includes('in time') ? 504 : 502)
        .type('text/plain')
        .send('Bad gateway');
    });
    req.pipe(outgoing);
  };
}

/** BILLING_HTTP_URL, or the origin of billing's GraphQL URL. */
export function billingHttpUrl(
  explicit: string | undefined,
  subgraphs: readonly { name: string; url: string }[],
): string | undefined {
  if (explicit) return explicit;
  const billing = subgraphs.find((subgraph) => subgraph.name === 'billing');
  return billing ? new URL(billing.url).origin : undefined;
}
