import express from 'express';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { Logger } from '@jibs/observability';
import { securityHeaders } from './security-headers';
import { ADMIN_NOT_BUILT_MESSAGE, mountStaticWeb, WEB_NOT_BUILT_MESSAGE } from './static-web';

const html = { accept: 'text/html' };

function logger() {
  return { warn: jest.fn(), info: jest.fn(), error: jest.fn() } as unknown as Logger & {
    warn: jest.Mock;
  };
}

async function serve(dist: string, log = logger()): Promise<{ url: string; server: Server }> {
  const app = express();
  app.use(securityHeaders({ connectSources: [] }));
  mountStaticWeb(app, { dir: join(dist, 'web'), logger: log });
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

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
    const csp = web.headers.get('content-security-policy');
    expect(csp).toContain("script-src 'self'");
    expect(admin.headers.get('content-security-policy')).toBe(csp);
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
