import type { SubgraphContext } from '@jibs/subgraph';

/**
 * The caller's address as Express derives it: the peer, or X-Forwarded-For when the peer is a
 * trusted proxy (TRUST_PROXY; the gateway sets the header to the real client).
 */
export function clientAddress(context: SubgraphContext): string {
  const address = context.req?.ip ?? context.req?.socket?.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}
