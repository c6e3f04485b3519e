import { clientAddressOf, type SubgraphContext } from '@jibs/subgraph';

/**
 * The caller's address: the one the gateway forwarded (believed only on requests carrying the
 * gateway's credential), otherwise the peer. Never X-Forwarded-For, never because the peer is
 * loopback: five wrong passwords from one client must not lock out another.
 */
export function clientAddress(context: SubgraphContext): string {
  return clientAddressOf(context.req);
}
