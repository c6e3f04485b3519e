import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  formatFigures,
  gzipSize,
  measureApp,
  staticClosure,
  type AppBudget,
  type Manifest,
} from './web-budget';

/** Bytes that do not compress, so a file's gzipped size is about its size. */
const incompressible = (bytes: number) => `/*${randomBytes(bytes).toString('base64')}*/`;

/**
 * A built client as Vite writes it: `index.html`'s entry importing a shared vendor chunk, and a
 * lazy page importing a large chunk of its own.
 */
function aBuild(root: string): void {
  const dist = join(root, 'dist', 'app');
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'), { recursive: true });
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      imports: ['_vendor-2.js'],
      dynamicImports: ['src/big-page.tsx', 'src/data.ts'],
    },
    '_vendor-2.js': { file: 'assets/vendor-2.js' },
    'src/big-page.tsx': {
      file: 'assets/big-page-3.js',
      isDynamicEntry: true,
      imports: ['_vendor-2.js', '_heavy-4.js'],
    },
    '_heavy-4.js': { file: 'assets/heavy-4.js' },
    'src/data.ts': { file: 'assets/data-5.js', isDynamicEntry: true, imports: ['_vendor-2.js'] },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, 'assets', 'index-1.js'), incompressible(10_000));
  writeFileSync(join(dist, 'assets', 'vendor-2.js'), incompressible(20_000));
  writeFileSync(join(dist, 'assets', 'big-page-3.js'), incompressible(5_000));
  writeFileSync(join(dist, 'assets', 'heavy-4.js'), incompressible(60_000));
  writeFileSync(join(dist, 'assets', 'data-5.js'), incompressible(30_000));
}

const budget = (routes: AppBudget['routes']): AppBudget => ({
  name: 'app',
  dist: 'dist/app',
  routes,
});

describe('the JS budget per route', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'jibs-budget-'));
    aBuild(root);
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('counts the entry and its static imports, each chunk once', () => {
    const manifest: Manifest = {
      'index.html': { file: 'a.js', imports: ['_b', '_c'] },
      _b: { file: 'b.js', imports: ['_c'] },
      _c: { file: 'c.js', imports: ['_b'] },
      'src/page.tsx': { file: 'page.js', imports: ['_b'] },
    };
    expect(staticClosure(manifest, ['index.html', 'src/page.tsx'])).toEqual([
      'a.js',
      'b.js',
      'c.js',
      'page.js',
    ]);
    expect(() => staticClosure(manifest, ['src/missing.tsx'])).toThrow(/not in the build/);
  });

  it("adds a route's lazy page and its chunks; deferred modules are reported apart", () => {
    const [home, page] = measureApp(
      root,
      budget([
        { path: '/', modules: [], deferred: ['src/data.ts'], maxGzipKB: 60 },
        { path: '/big', modules: ['src/big-page.tsx'], maxGzipKB: 200 },
      ]),
    );
    expect(home!.files).toEqual(['assets/index-1.js', 'assets/vendor-2.js']);
    expect(home!.deferredFiles).toEqual(['assets/data-5.js']);
    expect(home!.gzipBytes).toBeGreaterThan(30_000);
    expect(home!.over).toBe(false);
    expect(page!.files).toEqual([
      'assets/index-1.js',
      'assets/vendor-2.js',
      'assets/big-page-3.js',
      'assets/heavy-4.js',
    ]);
    expect(page!.gzipBytes).toBeGreaterThan(home!.gzipBytes + 60_000);
    expect(page!.rawBytes).toBeGreaterThanOrEqual(page!.gzipBytes - 1_000);
  });

  it('marks a route over its budget', () => {
    const [page] = measureApp(
      root,
      budget([{ path: '/big', modules: ['src/big-page.tsx'], maxGzipKB: 80 }]),
    );
    expect(page!.over).toBe(true);
    expect(formatFigures([page!])).toMatch(/app \/big .*OVER BUDGET/);
  });

  it('refuses to measure a client that was not built', () => {
    expect(() => measureApp(root, { ...budget([]), dist: 'dist/none' })).toThrow(
      /build the app client first/,
    );
  });

  it('sizes gzip as the build does', () => {
    expect(gzipSize(Buffer.from('a'.repeat(10_000)))).toBeLessThan(100);
  });

  describe('the check command (as CI runs it, built by swc)', () => {
    let checker: string;

    beforeAll(() => {
      const out = join(root, 'bin');
      execFileSync(
        resolve(__dirname, '../../node_modules/.bin/swc'),
        [
          'web-budget.ts',
          'web-budget-check.ts',
          '-d',
          out,
          '--config-file',
          '../../.swcrc',
          '--quiet',
        ],
        { cwd: __dirname },
      );
      checker = join(out, 'web-budget-check.js');
    });

    const check = (routes: AppBudget['routes']) => {
      const file = join(root, `budgets-${routes.map((r) => r.maxGzipKB).join('-')}.json`);
      writeFileSync(file, JSON.stringify({ apps: [budget(routes)] }));
      try {
        const stdout = execFileSync(process.execPath, [checker, root, file], { stdio: 'pipe' });
        return { code: 0, output: stdout.toString() };
      } catch (error) {
        const failed = error as { status: number; stdout: Buffer; stderr: Buffer };
        return { code: failed.status, output: `${failed.stdout}${failed.stderr}` };
      }
    };

    it('exits 1 and names the route when one is over budget', () => {
      const result = check([
        { path: '/', modules: [], maxGzipKB: 60 },
        { path: '/big', modules: ['src/big-page.tsx'], maxGzipKB: 80 },
      ]);
      expect(result.code).toBe(1);
      expect(result.output).toContain('JS budget exceeded: app /big');
      expect(result.output).not.toContain('app /,');
    });

    it('exits 0 when every route is within budget', () => {
      const result = check([
        { path: '/', modules: [], maxGzipKB: 60 },
        { path: '/big', modules: ['src/big-page.tsx'], maxGzipKB: 200 },
      ]);
      expect(result.code).toBe(0);
      expect(result.output).toMatch(/app \/big .* ok/);
    });

    it('exits 1 when the build is missing', () => {
      const file = join(root, 'budgets-missing.json');
      writeFileSync(file, JSON.stringify({ apps: [{ ...budget([]), dist: 'dist/none' }] }));
      expect(() =>
        execFileSync(process.execPath, [checker, root, file], { stdio: 'pipe' }),
      ).toThrow();
    });
  });
});
