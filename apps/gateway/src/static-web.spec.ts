import express from 'express';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Logger } from '@jibs/observability';
import { CSP_NONCE_PLACEHOLDER, securityHeaders } from './security-headers';
import {
  acceptedEncodings,
  ADMIN_NOT_BUILT_MESSAGE,
  mountStaticWeb,
  changedFileReader,
  routeMatches,
  routeParams,
  VISITOR_READ_WAIT_MS,
  WEB_NOT_BUILT_MESSAGE,
  withRoutePreloads,
  withVisitorRead,
  type RoutePreload,
  type VisitorReader,
} from './static-web';

const html = { accept: 'text/html' };

function logger() {
  return { warn: jest.fn(), info: jest.fn(), error: jest.fn() } as unknown as Logger & {
    warn: jest.Mock;
  };
}

async function serve(
  dist: string,
  log = logger(),
  visitorReader?: VisitorReader,
): Promise<{ url: string; server: Server }> {
  const app = express();
  app.use(securityHeaders({ connectSources: [] }));
  mountStaticWeb(app, { dir: join(dist, 'web'), logger: log, visitorReader });
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A GET with exactly these headers, the body as sent (fetch would add and undo encodings). */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Writes `content` at `file` with its `.br` and `.gz` variants, as the build does. */
function writePrecompressed(file: string, content: string): void {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

describe('which encodings a client accepts', () => {
  it.each([
    ['br, gzip', ['br', 'gzip']],
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['br;q=0, gzip;q=0.5', ['gzip']],
    ['*', ['br', 'gzip']],
    ['*;q=0, gzip', ['gzip']],
    ['identity', []],
    ['', []],
    [undefined, []],
    ['BR;Q=1', ['br']],
    ['br;q=abc', []],
  ])('%p -> %p', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe('precompressed files: brotli or gzip when the client accepts it', () => {
  let dist: string;
  let built: { url: string; server: Server };
  const script = `console.info(${JSON.stringify('a hashed asset '.repeat(200))});`;
  const page = `<!doctype html><title>JIBS</title>${'<p>The member site.</p>'.repeat(50)}`;
  const adminScript = `console.info(${JSON.stringify('the console '.repeat(200))});`;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'jibs-static-compressed-'));
    for (const app of ['web', 'admin']) mkdirSync(join(dist, app, 'assets'), { recursive: true });
    writePrecompressed(join(dist, 'web', 'index.html'), page);
    writePrecompressed(join(dist, 'web', 'assets', 'index-3f2a9c.js'), script);
    writePrecompressed(join(dist, 'web', 'assets', 'index-3f2a9c.css'), `p{color:red}`.repeat(40));
    writeFileSync(join(dist, 'web', 'assets', 'small-1a2b3c.js'), 'console.info(1)');
    writePrecompressed(join(dist, 'web', 'favicon.svg'), `<svg>${'<g/>'.repeat(100)}</svg>`);
    writePrecompressed(
      join(dist, 'admin', 'index.html'),
      `<!doctype html><title>JIBS Admin</title>`,
    );
    writePrecompressed(join(dist, 'admin', 'assets', 'index-9e8d7c.js'), adminScript);
    built = await serve(dist);
  });

  afterAll(async () => {
    await new Promise((resolve) => built.server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a hashed asset asked with br with brotli bytes that decompress to the file', async () => {
    const res = await rawGet(`${built.url}/assets/index-3f2a9c.js`, {
      'accept-encoding': 'br, gzip',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('answers a gzip-only client with gzip', async () => {
    const res = await rawGet(`${built.url}/assets/index-3f2a9c.js`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(gunzipSync(res.body).toString()).toBe(script);
  });

  it('answers a client that accepts no encoding with the file itself, still varying', async () => {
    const withoutEncodings: Array<Record<string, string>> = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0' },
    ];
    for (const headers of withoutEncodings) {
      const res = await rawGet(`${built.url}/assets/index-3f2a9c.js`, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body.toString()).toBe(script);
    }
  });

  it('gives each type its own Content-Type, and HEAD the length without a body', async () => {
    const css = await rawGet(`${built.url}/assets/index-3f2a9c.css`, { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const svg = await rawGet(`${built.url}/favicon.svg`, { 'accept-encoding': 'br' });
    expect(svg.headers['content-encoding']).toBe('br');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('no-cache');
    const head = await rawGet(
      `${built.url}/assets/index-3f2a9c.js`,
      { 'accept-encoding': 'br' },
      'HEAD',
    );
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it('serves index.html compressed and never cached, for every page route', async () => {
    for (const path of ['/', '/dashboard', '/index.html']) {
      const res = await rawGet(`${built.url}${path}`, {
        accept: 'text/html',
        'accept-encoding': 'br',
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.body).toString()).toBe(page);
    }
    const plain = await rawGet(`${built.url}/dashboard`, { accept: 'text/html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body.toString()).toBe(page);
  });

  it('does the same for the admin console under /admin', async () => {
    const br = await rawGet(`${built.url}/admin/assets/index-9e8d7c.js`, {
      'accept-encoding': 'gzip, br',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(adminScript);
    const gz = await rawGet(`${built.url}/admin/assets/index-9e8d7c.js`, {
      'accept-encoding': 'gzip',
    });
    expect(gunzipSync(gz.body).toString()).toBe(adminScript);
    const plain = await rawGet(`${built.url}/admin/assets/index-9e8d7c.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(adminScript);
    const index = await rawGet(`${built.url}/admin/reports`, {
      accept: 'text/html',
      'accept-encoding': 'br',
    });
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(index.body).toString()).toContain('<title>JIBS Admin</title>');
  });

  it('sends a file without variants as it is, and never a file outside the build', async () => {
    const small = await rawGet(`${built.url}/assets/small-1a2b3c.js`, { 'accept-encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('console.info(1)');
    writePrecompressed(join(dist, 'secret.js'), 'console.info("outside the build")');
    const outside = await rawGet(`${built.url}/assets/..%2f..%2fsecret.js`, {
      'accept-encoding': 'br',
    });
    expect(outside.status).toBe(404);
    const missing = await rawGet(`${built.url}/assets/missing.js`, { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
  });
});

describe('static clients: the member site at / and the admin console under /admin', () => {
  let dist: string;
  let built: { url: string; server: Server };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'jibs-static-'));
    for (const [app, title] of [
      ['web', 'JIBS'],
      ['admin', 'JIBS Admin'],
    ] as const) {
      mkdirSync(join(dist, app, 'assets'), { recursive: true });
      writeFileSync(join(dist, app, 'index.html'), `<!doctype html><title>${title}</title>`);
      writeFileSync(join(dist, app, 'assets', `${app}-3f2a9c.js`), `console.info("${app}")`);
      writeFileSync(join(dist, app, 'favicon.svg'), '<svg/>');
    }
    built = await serve(dist);
  });

  afterAll(async () => {
    await new Promise((resolve) => built.server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  it("answers every /admin page route with the console's index.html, never cached", async () => {
    for (const path of ['/admin', '/admin/', '/admin/death-reports', '/admin/documents/x']) {
      const response = await fetch(`${built.url}${path}`, { headers: html });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>JIBS Admin</title>');
    }
  });

  it("keeps the member site's routes on its own index.html", async () => {
    for (const path of ['/', '/dashboard', '/administrators']) {
      const response = await fetch(`${built.url}${path}`, { headers: html });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>JIBS</title>');
    }
  });

  it("serves the console's hashed assets with a long cache, and its other files revalidated", async () => {
    const asset = await fetch(`${built.url}/admin/assets/admin-3f2a9c.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.info("admin")');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${built.url}/admin/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    // The member site's assets are not the console's.
    expect((await fetch(`${built.url}/admin/assets/web-3f2a9c.js`)).status).toBe(404);
    expect((await fetch(`${built.url}/assets/web-3f2a9c.js`)).status).toBe(200);
  });

  it('gives the console the same security headers and CSP as the member site', async () => {
    const web = await fetch(`${built.url}/`, { headers: html });
    const admin = await fetch(`${built.url}/admin/documents`, { headers: html });
    // The same policy; only the per-response style nonce differs.
    const policy = (res: Response) =>
      res.headers.get('content-security-policy')?.replace(/'nonce-[^']+'/, "'nonce-…'");
    const csp = policy(web);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'nonce-…'");
    expect(policy(admin)).toBe(csp);
    for (const header of ['x-content-type-options', 'referrer-policy', 'permissions-policy']) {
      expect(admin.headers.get(header)).toBe(web.headers.get(header));
    }
  });

  it('leaves non-page requests under /admin alone', async () => {
    expect((await fetch(`${built.url}/admin/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${built.url}/admin/data.json`)).status).toBe(404);
  });

  it('tells the operator to build a client that is missing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'jibs-static-empty-'));
    const log = logger();
    const bare = await serve(empty, log);
    try {
      const admin = await fetch(`${bare.url}/admin/death-reports`, { headers: html });
      expect(admin.status).toBe(503);
      expect(admin.headers.get('cache-control')).toBe('no-store');
      expect(await admin.text()).toBe(ADMIN_NOT_BUILT_MESSAGE);
      const web = await fetch(`${bare.url}/`, { headers: html });
      expect(web.status).toBe(503);
      expect(await web.text()).toBe(WEB_NOT_BUILT_MESSAGE);
      expect(log.warn).toHaveBeenCalledWith(
        { dir: join(empty, 'admin') },
        'admin client not built; /admin pages answer 503 until it is',
      );
    } finally {
      await new Promise((resolve) => bare.server.close(resolve));
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("index.html carries its response's CSP nonce", () => {
  let dist: string;
  let built: { url: string; server: Server };
  // What Vite's html.cspNonce writes, precompressed as the build does.
  const builtPage = (title: string) =>
    `<!doctype html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><title>${title}</title>` +
    `<script type="module" crossorigin nonce="${CSP_NONCE_PLACEHOLDER}" src="/assets/index-1.js"></script></head>`;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'jibs-static-nonce-'));
    for (const [app, title] of [
      ['web', 'JIBS'],
      ['admin', 'JIBS Admin'],
    ] as const) {
      mkdirSync(join(dist, app, 'assets'), { recursive: true });
      writePrecompressed(join(dist, app, 'index.html'), builtPage(title));
    }
    built = await serve(dist);
  });

  afterAll(async () => {
    await new Promise((resolve) => built.server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  const decode = (res: { headers: Record<string, unknown>; body: Buffer }) =>
    res.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(res.body).toString()
      : res.headers['content-encoding'] === 'gzip'
        ? gunzipSync(res.body).toString()
        : res.body.toString();

  it.each(['/', '/dashboard', '/index.html', '/admin', '/admin/users', '/admin/index.html'])(
    '%s: the nonce of its own CSP, in every encoding, fresh each time',
    async (path) => {
      const seen = new Set<string>();
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await rawGet(`${built.url}${path}`, {
          accept: 'text/html',
          'accept-encoding': encoding,
        });
        expect(res.status).toBe(200);
        const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
        const page = decode(res);
        expect(page).not.toContain(CSP_NONCE_PLACEHOLDER);
        expect(page).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
        expect(page).toContain(`crossorigin nonce="${nonce}"`);
        // No validator: a 304 would pair a cached page's nonce with a new policy.
        expect(res.headers['etag']).toBeUndefined();
        expect(res.headers['last-modified']).toBeUndefined();
        expect(res.headers['cache-control']).toBe('no-cache');
        seen.add(nonce!);
      }
      expect(seen.size).toBe(3);
    },
  );

  it('answers HEAD with the length and no body', async () => {
    const res = await fetch(`${built.url}/dashboard`, { method: 'HEAD', headers: html });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('');
  });
});

describe("a route's chunks preloaded in its page", () => {
  const table: RoutePreload[] = [
    { path: '/login', scripts: ['/assets/login-page-1.js', '/assets/Alert-2.js'], styles: [] },
    {
      path: '/memorial/:id',
      scripts: ['/assets/screen-routes-3.js', '/assets/memorial-page-4.js'],
      styles: ['/assets/memorial-page-4.css'],
    },
  ];
  const page = '<!doctype html><head><title>JIBS</title></head><body></body>';

  it.each([
    ['/login', '/login', true],
    ['/login', '/login/', true],
    ['/login', '/', false],
    ['/login', '/login/x', false],
    ['/memorial/:id', '/memorial/5b1e', true],
    ['/memorial/:id', '/memorial', false],
    ['/memorial/:id', '/memorial/5b1e/edit', false],
    ['/memorial/:id', '/memorials/5b1e', false],
    // As react-router matches (caseSensitive off): the page renders, so it gets its preloads.
    ['/login', '/LOGIN', true],
    ['/memorial/:id', '/Memorial/5B1E', true],
    ['/', '/', true],
  ])('%s names %s: %p', (pattern, path, expected) => {
    expect(routeMatches(pattern, path)).toBe(expected);
  });

  it('puts a modulepreload per chunk and a style preload per stylesheet before </head>', () => {
    const out = withRoutePreloads(page, table, '/memorial/5b1e');
    const n = CSP_NONCE_PLACEHOLDER;
    expect(out).toBe(
      '<!doctype html><head><title>JIBS</title>' +
        `<link rel="preload" as="style" crossorigin href="/assets/memorial-page-4.css" nonce="${n}">\n` +
        `<link rel="modulepreload" crossorigin href="/assets/screen-routes-3.js" nonce="${n}">\n` +
        `<link rel="modulepreload" crossorigin href="/assets/memorial-page-4.js" nonce="${n}">\n` +
        '</head><body></body>',
    );
  });

  it('leaves a page no route names as built', () => {
    expect(withRoutePreloads(page, table, '/faq')).toBe(page);
    expect(withRoutePreloads(page, [], '/login')).toBe(page);
  });

  it('writes only asset-like hrefs, never markup from the table', () => {
    const hostile: RoutePreload[] = [
      { path: '/login', scripts: ['/assets/a.js"><script>alert(1)</script>', 'x.js'], styles: [] },
    ];
    expect(withRoutePreloads(page, hostile, '/login')).toBe(page);
  });
});

describe("the build's route table, served", () => {
  let dist: string;
  let built: { url: string; server: Server };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'jibs-static-preloads-'));
    mkdirSync(join(dist, 'web', '.vite'), { recursive: true });
    mkdirSync(join(dist, 'admin'), { recursive: true });
    writeFileSync(
      join(dist, 'web', 'index.html'),
      `<!doctype html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"></head>`,
    );
    writeFileSync(join(dist, 'admin', 'index.html'), '<!doctype html><head></head>');
    writeFileSync(
      join(dist, 'web', '.vite', 'route-preloads.json'),
      JSON.stringify([
        { path: '/login', scripts: ['/assets/login-page-1.js'], styles: [] },
        { path: '/broken', scripts: 'not a list' },
      ]),
    );
    built = await serve(dist);
  });

  afterAll(async () => {
    await new Promise((resolve) => built.server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  it("gives /login its chunk with the response's nonce, and / none", async () => {
    const login = await rawGet(`${built.url}/login`, html);
    const nonce = /'nonce-([^']+)'/.exec(String(login.headers['content-security-policy']))?.[1];
    expect(login.body.toString()).toContain(
      `<link rel="modulepreload" crossorigin href="/assets/login-page-1.js" nonce="${nonce}">`,
    );
    const home = await rawGet(`${built.url}/`, html);
    expect(home.body.toString()).not.toContain('modulepreload');
  });

  it('skips an entry of the wrong shape rather than failing the page', async () => {
    const res = await rawGet(`${built.url}/broken`, html);
    expect(res.status).toBe(200);
    expect(res.body.toString()).not.toContain('modulepreload');
  });

  it("serves a new build's table and page without a restart", async () => {
    writeFileSync(
      join(dist, 'web', '.vite', 'route-preloads.json'),
      JSON.stringify([{ path: '/faq', scripts: ['/assets/faq-page-2.js'], styles: [] }]),
    );
    writeFileSync(join(dist, 'web', 'index.html'), '<!doctype html><head><title>v2</title></head>');
    const faq = (await rawGet(`${built.url}/faq`, html)).body.toString();
    expect(faq).toContain('<title>v2</title>');
    expect(faq).toContain('href="/assets/faq-page-2.js"');
    expect((await rawGet(`${built.url}/login`, html)).body.toString()).not.toContain(
      'modulepreload',
    );
  });

  it('never serves the table itself', async () => {
    const res = await rawGet(`${built.url}/.vite/route-preloads.json`);
    expect(res.status).toBe(404);
  });
});

describe("a visitor's read, made as the page is served and put in it", () => {
  let dist: string;
  let built: { url: string; server: Server };
  const log = logger();
  const query = 'query Memorial($id:ID!){memorial(id:$id){id}}';
  // What the gateway's reader answers, per memorial id.
  const reader = jest.fn<ReturnType<VisitorReader>, Parameters<VisitorReader>>(
    async ({ variables }) => {
      if (variables['id'] === 'slow')
        return new Promise((done) => setTimeout(() => done({ data: {} }), 2_000));
      if (variables['id'] === 'broken') throw new Error('subgraph down');
      if (variables['id'] === 'none') return null;
      return { data: { memorial: { id: variables['id'] } } };
    },
  );
  const embedded = (body: string) => {
    const match = /<script type="application\/json" id="jibs-visitor-read">(.*?)<\/script>/.exec(
      body,
    );
    return match ? (JSON.parse(match[1]!) as unknown) : null;
  };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'jibs-static-visitor-read-'));
    mkdirSync(join(dist, 'web', '.vite'), { recursive: true });
    mkdirSync(join(dist, 'admin'), { recursive: true });
    writeFileSync(join(dist, 'web', 'index.html'), '<!doctype html><head></head><body></body>');
    writeFileSync(join(dist, 'admin', 'index.html'), '<!doctype html><head></head>');
    writeFileSync(
      join(dist, 'web', '.vite', 'route-preloads.json'),
      JSON.stringify([
        {
          path: '/memorial/:id',
          scripts: [],
          styles: [],
          visitorRead: { query, variables: { id: 'id' } },
        },
        { path: '/login', scripts: [], styles: [] },
        { path: '/odd/:id', scripts: [], styles: [], visitorRead: { query: 1, variables: {} } },
      ]),
    );
    built = await serve(dist, log, reader);
  });

  afterAll(async () => {
    await new Promise((resolve) => built.server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  beforeEach(() => reader.mockClear());

  it("carries a visitor's answer, read with the path's id (decoded)", async () => {
    const res = await rawGet(`${built.url}/memorial/m%201`, html);
    expect(res.status).toBe(200);
    expect(embedded(res.body.toString())).toEqual({
      variables: { id: 'm 1' },
      answer: { data: { memorial: { id: 'm 1' } } },
    });
    expect(reader).toHaveBeenCalledWith({ query, variables: { id: 'm 1' } }, expect.anything());
  });

  it("reads nothing for a member's page (the session hint), another route, or a HEAD", async () => {
    const member = await rawGet(`${built.url}/memorial/m1`, { ...html, cookie: 'jibs_session=1' });
    expect(embedded(member.body.toString())).toBeNull();
    expect(embedded((await rawGet(`${built.url}/login`, html)).body.toString())).toBeNull();
    const head = await fetch(`${built.url}/memorial/m1`, { method: 'HEAD', headers: html });
    expect(head.status).toBe(200);
    expect(reader).not.toHaveBeenCalled();
  });

  it('goes without, and serves the page, when the read fails, gives nothing or is late', async () => {
    for (const id of ['broken', 'none', 'slow', '%E0%A4%A']) {
      const started = Date.now();
      const res = await rawGet(`${built.url}/memorial/${id}`, html);
      expect(res.status).toBe(200);
      expect(embedded(res.body.toString())).toBeNull();
      expect(Date.now() - started).toBeLessThan(VISITOR_READ_WAIT_MS + 1_000);
    }
    // The undecodable id is never read; the failure is logged, without the answer.
    expect(reader).toHaveBeenCalledTimes(3);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ route: '/memorial/:id' }),
      "a visitor's read failed; the page asks itself",
    );
  });

  it('skips a read of the wrong shape in the table', async () => {
    const res = await rawGet(`${built.url}/odd/x`, html);
    expect(res.status).toBe(200);
    expect(embedded(res.body.toString())).toBeNull();
    expect(reader).not.toHaveBeenCalled();
  });

  it("escapes the answer's text, so a family's words cannot end the element or start markup", () => {
    const biography = '</script><script>alert(1)</script><!-- & \u2028';
    const page = withVisitorRead('<head></head>', {
      variables: { id: 'm1' },
      answer: { data: { memorial: { biography } } },
    });
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(page).not.toContain('<!--');
    expect(page).not.toContain('<script>');
    const json = /id="jibs-visitor-read">(.*)<\/script>/.exec(page)![1]!;
    expect(JSON.parse(json)).toEqual({
      variables: { id: 'm1' },
      answer: { data: { memorial: { biography } } },
    });
  });

  it.each([
    ['/memorial/:id', '/memorial/abc', { id: 'abc' }],
    ['/memorial/:id', '/Memorial/a%2Fb/', { id: 'a/b' }],
    ['/memorial/:id', '/memorial/%E0%A4%A', null],
    ['/memorial/:id', '/memorials', null],
  ])('routeParams(%s, %s) is %p', (pattern, path, expected) => {
    expect(routeParams(pattern, path)).toEqual(expected);
  });
});

describe('changedFileReader', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'jibs-changed-file-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('parses a file once while it is unchanged, and again once it changed', async () => {
    const file = join(dir, 'table.json');
    writeFileSync(file, '[1]');
    const parse = jest.fn((text: string) => JSON.parse(text) as number[]);
    const read = changedFileReader(file, parse, () => []);
    expect(await read()).toEqual([1]);
    expect(await read()).toEqual([1]);
    expect(parse).toHaveBeenCalledTimes(1);
    writeFileSync(file, '[1, 2]');
    expect(await read()).toEqual([1, 2]);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it("gives a missing file's answer, and reads the file once it is there", async () => {
    const file = join(dir, 'later.json');
    const read = changedFileReader(
      file,
      (text) => text,
      () => 'none',
    );
    expect(await read()).toBe('none');
    writeFileSync(file, 'built');
    expect(await read()).toBe('built');
  });
});

describe("a visitor's public page, served with the markup the build rendered", () => {
  let dist: string;
  let built: { url: string; server: Server };
  const web = (...path: string[]) => join(dist, 'web', ...path);

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'jibs-static-prerendered-'));
    mkdirSync(web('.vite', 'prerendered', 'en'), { recursive: true });
    mkdirSync(web('.vite', 'prerendered', 'ar'), { recursive: true });
    mkdirSync(join(dist, 'admin'), { recursive: true });
    writeFileSync(
      web('index.html'),
      `<!doctype html><html lang="en"><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"></head><body><div id="root"></div></body></html>`,
    );
    writeFileSync(join(dist, 'admin', 'index.html'), '<!doctype html><head></head>');
    writeFileSync(
      web('.vite', 'route-preloads.json'),
      JSON.stringify([
        { path: '/login', scripts: ['/assets/login-1.js'], styles: ['/assets/login-1.css'] },
      ]),
    );
    writeFileSync(
      web('.vite', 'prerendered.json'),
      JSON.stringify({ locales: ['en', 'ar'], pages: { '/login': 'login' } }),
    );
    for (const [locale, words] of [
      ['en', 'Sign in'],
      ['ar', 'سجّل الدخول'],
    ] as const) {
      writeFileSync(
        web('.vite', 'prerendered', locale, 'login.html'),
        `<style nonce="${CSP_NONCE_PLACEHOLDER}">.m{}</style><h1 data-ps="0">${words}</h1>`,
      );
      writeFileSync(web('.vite', 'prerendered', locale, 'login.css'), '[data-ps="0"]{--x:1}');
    }
    built = await serve(dist);
  });

  afterAll(async () => {
    await new Promise((resolve) => built.server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  const nonceOf = (res: { headers: IncomingHttpHeaders }) =>
    /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];

  it("gives a visitor the page with its markup and styles, every nonce the response's, varying by who asks", async () => {
    const res = await rawGet(`${built.url}/login`, { ...html, 'accept-language': 'ar' });
    const body = res.body.toString();
    const nonce = nonceOf(res);
    expect(body).toContain('<html lang="ar" dir="rtl">');
    expect(body).toContain(
      `<div id="root" data-prerendered="ar" inert><style nonce="${nonce}">.m{}</style><h1 data-ps="0">سجّل الدخول</h1></div>`,
    );
    expect(body).toContain(
      `<link rel="stylesheet" crossorigin href="/assets/login-1.css" nonce="${nonce}">`,
    );
    expect(body).toContain(`nonce="${nonce}">[data-ps="0"]{--x:1}</style>`);
    expect(body).not.toContain(CSP_NONCE_PLACEHOLDER);
    expect(String(res.headers.vary)).toMatch(/accept-encoding.*cookie.*accept-language/i);
  });

  it('gives a member, or a page the build did not render, the page as built', async () => {
    for (const [path, cookie] of [
      ['/login', 'jibs_session=1'],
      ['/faq', ''],
    ] as const) {
      const res = await rawGet(`${built.url}${path}`, { ...html, cookie });
      expect(res.body.toString()).toContain('<div id="root"></div>');
      expect(res.body.toString()).not.toContain('data-ps');
      expect(String(res.headers.vary)).toMatch(/cookie/i);
    }
  });

  it('serves the page as built when a prerendered file is missing, and never serves the files themselves', async () => {
    rmSync(web('.vite', 'prerendered', 'en', 'login.css'));
    const res = await rawGet(`${built.url}/login`, html);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('<div id="root"></div>');
    for (const file of ['/.vite/prerendered.json', '/.vite/prerendered/ar/login.html']) {
      expect((await rawGet(`${built.url}${file}`)).status).toBe(404);
    }
  });
});
