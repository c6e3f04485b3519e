import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

/**
 * How the gateway proves itself to a subgraph: a shared secret (GATEWAY_SECRET) in this header
 * on every request it sends (GraphQL, the billing proxy, the subscription socket's upgrade).
 */
export const GATEWAY_SECRET_HEADER = 'x-jibs-gateway-secret';

/**
 * The real client's address, computed by the gateway from its trusted proxy chain. Only the
 * gateway may set it: a subgraph reads it only on requests that carry the gateway's secret,
 * and the gateway replaces any copy a client sends.
 */
export const CLIENT_ADDRESS_HEADER = 'x-jibs-client-ip';

/** Routes a subgraph answers without the credential: probes and the public token keys. */
const OPEN_PATHS = ['/health/live', '/health/ready', '/.well-known/jwks.json'];
/**
 * Provider webhooks carry their own authentication (a signature over the raw body, checked by
 * billing); the sandbox provider posts them to its own service, which has no gateway secret.
 * The gateway still adds the secret when it forwards them.
 */
const SIGNED_PREFIXES = ['/webhooks/'];

/** The minimum length of GATEWAY_SECRET (the config schemas enforce it). */
export const GATEWAY_SECRET_MIN_LENGTH = 32;

const verified = new WeakSet<IncomingMessage>();

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

/** Compares in constant time (hashes first, so the length leaks nothing either). */
export function isGatewaySecret(presented: string | string[] | undefined, secret: string): boolean {
  const value = single(presented);
  if (!value || !secret) return false;
  return timingSafeEqual(digest(value), digest(secret));
}

/** The headers the gateway adds to every subgraph request (tests use them too). */
export function gatewayHeaders(secret: string, clientAddress?: string): Record<string, string> {
  return {
    [GATEWAY_SECRET_HEADER]: secret,
    ...(clientAddress ? { [CLIENT_ADDRESS_HEADER]: clientAddress } : {}),
  };
}

/** Drops any credential or client address a caller sent, before the gateway sets its own. */
export function withoutGatewayHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { [GATEWAY_SECRET_HEADER]: _secret, [CLIENT_ADDRESS_HEADER]: _client, ...rest } = headers;
  return rest;
}

function pathOf(url: string | undefined): string {
  return (url ?? '').split('?')[0] ?? '';
}

/** Whether a request may reach this route without the gateway's credential. */
export function isOpenPath(url: string | undefined): boolean {
  const path = pathOf(url);
  return OPEN_PATHS.includes(path) || SIGNED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * Checks the credential of one request; remembers a verified request so that its client
 * address header may be believed (see clientAddressOf).
 */
export function verifyGatewayRequest(req: IncomingMessage, secret: string): boolean {
  if (!isGatewaySecret(req.headers[GATEWAY_SECRET_HEADER], secret)) return false;
  verified.add(req);
  return true;
}

/**
 * Express middleware: every route but the open ones answers 403 without the gateway's secret,
 * so a subgraph's port is no side door even when it is reachable.
 */
export function requireGatewayCredential(secret: string) {
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    if (verifyGatewayRequest(req, secret) || isOpenPath(req.url)) return next();
    res.statusCode = 403;
    res.setHeader('content-type', 'application/json');
    res.setHeader('cache-control', 'no-store');
    res.end(
      JSON.stringify({
        errors: [
          { message: 'This service answers only the gateway', extensions: { code: 'FORBIDDEN' } },
        ],
      }),
    );
  };
}

function normalized(address: string): string {
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/**
 * The client a request is made for: the address the gateway forwarded when the request
 * carries the gateway's credential, otherwise the TCP peer. X-Forwarded-For is never read, and
 * a loopback peer is not trusted for anything more than any other.
 */
export function clientAddressOf(req: IncomingMessage | undefined): string {
  if (!req) return 'unknown';
  if (verified.has(req)) {
    const forwarded = single(req.headers[CLIENT_ADDRESS_HEADER])?.trim();
    if (forwarded && isIP(normalized(forwarded))) return normalized(forwarded);
  }
  return normalized(req.socket?.remoteAddress ?? 'unknown');
}
