import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { precompress } from './precompress-plugin';

describe('precompress: brotli and gzip beside each built text file', () => {
  let out: string;
  const script = `console.info(${JSON.stringify('compressible '.repeat(500))});`;

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'jibs-precompress-'));
    mkdirSync(join(out, 'assets'));
    mkdirSync(join(out, '.vite'));
    writeFileSync(join(out, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(100)}`);
    writeFileSync(join(out, 'assets', 'index-1.js'), script);
    writeFileSync(join(out, 'assets', 'index-1.css'), 'p{color:red}'.repeat(100));
    writeFileSync(join(out, 'assets', 'index-1.js.map'), JSON.stringify({ x: 'y'.repeat(5000) }));
    writeFileSync(join(out, 'assets', 'tiny-2.js'), 'console.info(1)');
    writeFileSync(join(out, 'assets', 'photo.png'), Buffer.alloc(5000));
    writeFileSync(join(out, '.vite', 'manifest.json'), JSON.stringify({ x: 'y'.repeat(5000) }));
    const plugin = precompress();
    (plugin.configResolved as (config: ResolvedConfig) => void)({
      build: { outDir: out },
    } as ResolvedConfig);
    await (plugin.closeBundle as () => Promise<void>)();
  });

  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('writes .br and .gz variants that decompress to the file', () => {
    for (const file of ['index.html', 'assets/index-1.js', 'assets/index-1.css']) {
      const original = readFileSync(join(out, file));
      const br = readFileSync(join(out, `${file}.br`));
      const gz = readFileSync(join(out, `${file}.gz`));
      expect(br.length).toBeLessThan(original.length);
      expect(brotliDecompressSync(br)).toEqual(original);
      expect(gunzipSync(gz)).toEqual(original);
    }
  });

  it('leaves source maps, images, tiny files and the manifest alone', () => {
    for (const file of [
      'assets/index-1.js.map',
      'assets/tiny-2.js',
      'assets/photo.png',
      '.vite/manifest.json',
    ]) {
      expect(existsSync(join(out, `${file}.br`))).toBe(false);
      expect(existsSync(join(out, `${file}.gz`))).toBe(false);
    }
  });
});
