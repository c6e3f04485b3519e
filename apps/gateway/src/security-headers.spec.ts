import express from 'express';
import type { AddressInfo } from 'node:net';
import { securityHeaders } from './security-headers';

async function policyFor(options: Parameters<typeof securityHeaders>[0]): Promise<string> {
  const app = express();
  app.use(...securityHeaders(options));
  app.get('/', (_req, res) => res.send('ok'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    return response.headers.get('content-security-policy') ?? '';
  } finally {
    server.close();
  }
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
});
