import express from 'express';
import type { AddressInfo } from 'node:net';
import {
  CSP_NONCE_PLACEHOLDER,
  headersOf,
  PERMISSIONS_POLICY,
  securityHeaders,
} from './security-headers';

async function headersFor(options: Parameters<typeof securityHeaders>[0]): Promise<Headers> {
  const app = express();
  app.use(...securityHeaders(options));
  app.get('/', (_req, res) => res.send('ok'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return (await fetch(`http://127.0.0.1:${port}/`)).headers;
  } finally {
    server.close();
  }
}

async function policyFor(options: Parameters<typeof securityHeaders>[0]): Promise<string> {
  return (await headersFor(options)).get('content-security-policy') ?? '';
}

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('securityHeaders', () => {
  it('lets the browser upload to and show images from the storage endpoint, and nothing else', async () => {
    const policy = await policyFor({
      publicOrigin: 'https://jibs.example',
      connectSources: ['https://files.jibs.example'],
    });
    expect(directive(policy, 'connect-src')).toBe(
      "connect-src 'self' wss://jibs.example https://files.jibs.example",
    );
    expect(directive(policy, 'img-src')).toBe(
      "img-src 'self' data: blob: https://files.jibs.example",
    );
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
  });

  it('allows only this origin when no storage endpoint is configured', async () => {
    const policy = await policyFor({ connectSources: [] });
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob:");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
  });

  it("sends helmet's headers and the permissions policy on every answer, HSTS only over HTTPS", async () => {
    const local = await headersFor({ publicOrigin: 'http://127.0.0.1:3000', connectSources: [] });
    expect(Object.fromEntries(local)).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      'permissions-policy': PERMISSIONS_POLICY,
    });
    expect(local.get('strict-transport-security')).toBeNull();
    expect(local.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    const https = await headersFor({ publicOrigin: 'https://jibs.example', connectSources: [] });
    expect(https.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(https.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it("allows inline styles only with this response's nonce, never 'unsafe-inline'", async () => {
    const [first, second] = [
      await policyFor({ connectSources: [] }),
      await policyFor({ connectSources: [] }),
    ];
    for (const policy of [first, second]) {
      expect(directive(policy, 'style-src')).toMatch(
        /^style-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' *$/,
      );
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain(CSP_NONCE_PLACEHOLDER);
    }
    expect(directive(first, 'style-src')).not.toBe(directive(second, 'style-src'));
    expect(directive(first, 'script-src')).toBe("script-src 'self'");
  });

  it('records the headers a middleware sets and removes', () => {
    expect(
      headersOf((_req, res, next) => {
        res.removeHeader('X-Powered-By');
        res.setHeader('X-Test', 1);
        next();
      }),
    ).toEqual({ set: [['X-Test', '1']], removed: ['X-Powered-By'] });
  });

  it('refuses a middleware that does not finish at once (its headers could depend on the request)', () => {
    expect(() => headersOf(() => undefined)).toThrow('did not finish at once');
  });
});
