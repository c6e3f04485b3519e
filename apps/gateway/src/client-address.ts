import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** Which peers are trusted proxies: a hop count, or addresses, CIDRs and proxy-addr names. */
export type TrustProxy = number | string[];

/**
 * TRUST_PROXY as written in the environment: `0` (default: the gateway is the edge, the peer is
 * the client), a number of proxy hops in front of it (`1` behind one ingress), or a comma list
 * of addresses, CIDRs or `loopback`/`linklocal`/`uniquelocal`. `true` is refused: it would let
 * every client choose its own address, and with it whom the sign-in throttle locks out.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return 0;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const list = trimmed
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  proxyaddr.compile(list); // throws on a malformed address
  return list;
}

/**
 * The real client's address from the trusted proxy chain (proxy-addr, as Express's
 * `trust proxy` computes `req.ip`), IPv4-mapped IPv6 written as IPv4.
 */
export function clientAddressResolver(trust: TrustProxy): (req: IncomingMessage) => string {
  const trusts =
    typeof trust === 'number'
      ? (_address: string, hop: number) => hop < trust
      : proxyaddr.compile(trust);
  const unmapped = (address: string) =>
    address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  // No proxy trusted (the default): the peer, without parsing X-Forwarded-For on every request.
  if (trust === 0) return (req) => unmapped(req.socket?.remoteAddress ?? 'unknown');
  return (req) => {
    return unmapped(req.socket?.remoteAddress ? proxyaddr(req, trusts) : 'unknown');
  };
}
