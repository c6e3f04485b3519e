// The built clients served by the whole gateway (its middleware chain, security headers, CSP),
// compressed: a hashed asset asked with `Accept-Encoding: br` answers brotli bytes that
// decompress to the file. The subgraphs are never called here, so they point at a closed port.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { RevocationList, type TokenVerifier } from '@jibs/auth';
import { createLogger } from '@jibs/observability';
import { loadGatewayConfig } from './gateway.config';
import { createGatewayServer, type RunningGateway } from './gateway-server';
import { CSP_NONCE_PLACEHOLDER } from './security-headers';

jest.setTimeout(20_000);

const CLOSED = 'http://127.0.0.1:9/graphql';

function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

function writePrecompressed(file: string, content: string): void {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

describe('gateway: the built clients, precompressed', () => {
  const work = mkdtempSync(join(tmpdir(), 'gateway-static-'));
  const script = `export const page=${JSON.stringify('the first page '.repeat(300))};`;
  const adminScript = `export const console=${JSON.stringify('the console '.repeat(300))};`;
  const page = `<!doctype html><title>JIBS</title>${'<p>Members</p>'.repeat(60)}`;
  let gateway: RunningGateway;

  beforeAll(async () => {
    for (const app of ['web', 'admin']) mkdirSync(join(work, app, 'assets'), { recursive: true });
    writePrecompressed(join(work, 'web', 'index.html'), page);
    writePrecompressed(join(work, 'web', 'assets', 'index-3f2a9c.js'), script);
    writePrecompressed(
      join(work, 'admin', 'index.html'),
      `<!doctype html><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><title>JIBS Admin</title>`,
    );
    writePrecompressed(join(work, 'admin', 'assets', 'index-9e8d7c.js'), adminScript);
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'test',
      PORT: '0',
      LOG_LEVEL: 'silent',
      SUPERGRAPH_PATH: resolve(__dirname, '../supergraph.graphql'),
      JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
      GATEWAY_SECRET: 'gateway-secret-for-tests-'.padEnd(48, '0'),
      NOTIFICATIONS_WS_URL: 'ws://127.0.0.1:9/graphql',
      WEB_DIST_DIR: join(work, 'web'),
      CORS_ORIGINS: '',
    };
    for (const name of [
      'BILLING',
      'CASES',
      'DOCUMENTS',
      'IDENTITY',
      'MEMORIALS',
      'NOTIFICATIONS',
    ]) {
      env[`${name}_URL`] = CLOSED;
    }
    const verifyToken: TokenVerifier = () => Promise.reject(new Error('no tokens in this test'));
    gateway = await createGatewayServer(loadGatewayConfig(env), {
      logger: createLogger('gateway-static-test', 'silent'),
      verifyToken,
      revocations: new RevocationList(undefined),
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('answers a hashed asset asked with br with brotli, cached for a year', async () => {
    const res = await rawGet(`${gateway.url}/assets/index-3f2a9c.js`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('answers gzip to a gzip-only client and the file itself to one without encodings', async () => {
    const gz = await rawGet(`${gateway.url}/assets/index-3f2a9c.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await rawGet(`${gateway.url}/assets/index-3f2a9c.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(script);
  });

  it('serves index.html compressed and never cached', async () => {
    const res = await rawGet(`${gateway.url}/dashboard`, {
      accept: 'text/html',
      'accept-encoding': 'br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toBe(page);
  });

  it('does the same for the admin console under /admin', async () => {
    const asset = await rawGet(`${gateway.url}/admin/assets/index-9e8d7c.js`, {
      'accept-encoding': 'br',
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.body).toString()).toBe(adminScript);
    const gz = await rawGet(`${gateway.url}/admin/assets/index-9e8d7c.js`, {
      'accept-encoding': 'gzip',
    });
    expect(gunzipSync(gz.body).toString()).toBe(adminScript);
    const index = await rawGet(`${gateway.url}/admin/members`, {
      accept: 'text/html',
      'accept-encoding': 'br',
    });
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(index.body).toString()).toContain('<title>JIBS Admin</title>');
  });

  it("writes each response's style nonce into the page, the one its CSP allows", async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const index = await rawGet(`${gateway.url}/admin/members`, {
        accept: 'text/html',
        'accept-encoding': 'br',
      });
      const policy = String(index.headers['content-security-policy']);
      expect(policy).not.toContain('unsafe-inline');
      const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
      expect(brotliDecompressSync(index.body).toString()).toContain(
        `<meta property="csp-nonce" nonce="${nonce}">`,
      );
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});
