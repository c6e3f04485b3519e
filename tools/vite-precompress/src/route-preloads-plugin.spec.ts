import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResolvedConfig } from 'vite';
import { routePreloads, routePreloadTable } from './route-preloads-plugin';

/** A build's manifest as Vite writes it: the entry, a shared chunk, two lazy screens. */
const manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    imports: ['_react-2.js'],
    css: ['assets/index-1.css'],
  },
  '_react-2.js': { file: 'assets/react-2.js' },
  '_alert-3.js': {
    file: 'assets/alert-3.js',
    imports: ['_react-2.js'],
    css: ['assets/alert-3.css'],
  },
  'src/screens.tsx': { file: 'assets/screens-4.js', imports: ['_react-2.js', 'index.html'] },
  'src/memorial-page.tsx': {
    file: 'assets/memorial-page-5.js',
    imports: ['_react-2.js', '_alert-3.js'],
    css: ['assets/memorial-page-5.css', 'assets/index-1.css'],
  },
};

describe("routePreloads: each route's chunks beyond the entry's", () => {
  it('lists the screens and what they import, each once, without what index.html loads', () => {
    expect(
      routePreloadTable(manifest, [
        { path: '/memorial/:id', modules: ['src/screens.tsx', 'src/memorial-page.tsx'] },
      ]),
    ).toEqual([
      {
        path: '/memorial/:id',
        scripts: ['/assets/screens-4.js', '/assets/memorial-page-5.js', '/assets/alert-3.js'],
        styles: ['/assets/memorial-page-5.css', '/assets/alert-3.css'],
      },
    ]);
  });

  it("prefixes the app's base", () => {
    const [route] = routePreloadTable(
      manifest,
      [{ path: '/x', modules: ['src/screens.tsx'] }],
      '/admin/',
    );
    expect(route!.scripts).toEqual(['/admin/assets/screens-4.js']);
  });

  it("passes a route's visitor read on, and fails the build for one it cannot make", () => {
    const visitorRead = { query: 'query M($id:ID!){m(id:$id){id}}', variables: { id: 'id' } };
    const [route] = routePreloadTable(manifest, [
      { path: '/memorial/:id', modules: ['src/memorial-page.tsx'], visitorRead },
    ]);
    expect(route!.visitorRead).toEqual(visitorRead);
    expect(
      routePreloadTable(manifest, [{ path: '/faq', modules: ['src/screens.tsx'] }])[0],
    ).not.toHaveProperty('visitorRead');
    expect(() =>
      routePreloadTable(manifest, [
        {
          path: '/memorial/:id',
          modules: ['src/memorial-page.tsx'],
          visitorRead: { ...visitorRead, query: 'mutation X{x}' },
        },
      ]),
    ).toThrow("route /memorial/:id: a visitor's read must be a query");
    expect(() =>
      routePreloadTable(manifest, [
        {
          path: '/memorial/:id',
          modules: ['src/memorial-page.tsx'],
          visitorRead: { ...visitorRead, variables: { id: 'memorialId' } },
        },
      ]),
    ).toThrow("route /memorial/:id: a visitor's read names :memorialId, not in the path");
  });

  it('fails the build for a module that is not a chunk of it', () => {
    expect(() => routePreloadTable(manifest, [{ path: '/faq', modules: ['src/faq.tsx'] }])).toThrow(
      'route /faq: src/faq.tsx is not a chunk of the build',
    );
  });

  it('writes the table under .vite/ once the bundle is written', async () => {
    const out = mkdtempSync(join(tmpdir(), 'jibs-route-preloads-'));
    try {
      mkdirSync(join(out, '.vite'));
      writeFileSync(join(out, '.vite', 'manifest.json'), JSON.stringify(manifest));
      const plugin = routePreloads([{ path: '/memorial/:id', modules: ['src/memorial-page.tsx'] }]);
      (plugin.configResolved as (config: ResolvedConfig) => void)({
        base: '/',
        build: { outDir: out },
      } as ResolvedConfig);
      await (plugin.closeBundle as () => Promise<void>)();
      const table = JSON.parse(readFileSync(join(out, '.vite', 'route-preloads.json'), 'utf8'));
      expect(table[0].scripts).toEqual(['/assets/memorial-page-5.js', '/assets/alert-3.js']);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
