import type { IncomingMessage } from 'node:http';
import { clientAddressResolver, parseTrustProxy } from './client-address';

const request = (peer: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  }) as unknown as IncomingMessage;

describe('client address', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    const resolve = clientAddressResolver(parseTrustProxy('0'));
    expect(resolve(request('::ffff:203.0.113.7', '10.0.0.1'))).toBe('203.0.113.7');
    expect(resolve(request('127.0.0.1', '10.0.0.1'))).toBe('127.0.0.1');
  });

  it('is the address the trusted hops saw', () => {
    const oneHop = clientAddressResolver(parseTrustProxy('1'));
    // A client forged the first entry; the ingress appended the address it really saw.
    expect(oneHop(request('10.0.0.5', '6.6.6.6, 198.51.100.4'))).toBe('198.51.100.4');
    const ingress = clientAddressResolver(parseTrustProxy('10.0.0.0/8, loopback'));
    expect(ingress(request('10.0.0.5', '6.6.6.6, 198.51.100.4'))).toBe('198.51.100.4');
    expect(ingress(request('198.51.100.9', '6.6.6.6'))).toBe('198.51.100.9');
  });

  it('refuses malformed trusted addresses', () => {
    expect(() => parseTrustProxy('not-an-address')).toThrow();
    expect(parseTrustProxy('false')).toBe(0);
  });
});
