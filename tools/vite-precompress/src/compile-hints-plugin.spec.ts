import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPILE_HINT, compileHints, startupChunks } from './compile-hints-plugin';

const chunk = (imports: string[], isEntry = false) => ({
  type: 'chunk' as const,
  isEntry,
  imports,
});

const BUNDLE = {
  'assets/index-1.js': chunk(['assets/react-2.js', 'assets/first-page-3.js'], true),
  'assets/react-2.js': chunk(['assets/runtime-4.js']),
  'assets/first-page-3.js': chunk(['assets/react-2.js', 'assets/runtime-4.js']),
  'assets/runtime-4.js': chunk([]),
  // A screen, imported only dynamically, and what only it imports.
  'assets/login-page-5.js': chunk(['assets/react-2.js', 'assets/Alert-6.js']),
  'assets/Alert-6.js': chunk([]),
  'assets/first-page-3.css': { type: 'asset' as const },
};
const CODE = 'const __vite__mapDeps=0;\nexport const a=1;';
const MAP = { version: 3, mappings: 'AAAA;AACA' };

describe('compileHints: the startup chunks compiled as they stream in', () => {
  let out: string;
  const read = (file: string) => readFileSync(join(out, file), 'utf8');
  const run = () =>
    (compileHints().writeBundle as (options: object, bundle: object) => Promise<void>)(
      { dir: out },
      BUNDLE,
    );

  beforeEach(() => {
    out = mkdtempSync(join(tmpdir(), 'jibs-compile-hints-'));
    mkdirSync(join(out, 'assets'));
    for (const [file, entry] of Object.entries(BUNDLE)) {
      writeFileSync(join(out, file), entry.type === 'chunk' ? CODE : 'p{color:red}');
      if (entry.type === 'chunk') writeFileSync(join(out, `${file}.map`), JSON.stringify(MAP));
    }
  });
  afterEach(() => rmSync(out, { recursive: true, force: true }));

  it('finds the entry and what it imports statically, each once, and nothing else', () => {
    expect(startupChunks(BUNDLE).sort()).toEqual([
      'assets/first-page-3.js',
      'assets/index-1.js',
      'assets/react-2.js',
      'assets/runtime-4.js',
    ]);
  });

  it('starts those files with the comment, before anything Vite put at their top', async () => {
    await run();
    expect(read('assets/first-page-3.js')).toBe(`//# allFunctionsCalledOnLoad\n${CODE}`);
    expect(read('assets/index-1.js').startsWith(COMPILE_HINT)).toBe(true);
    expect(read('assets/login-page-5.js')).toBe(CODE);
    expect(read('assets/Alert-6.js')).toBe(CODE);
    expect(read('assets/first-page-3.css')).toBe('p{color:red}');
  });

  it("shifts a hinted file's source map by the line it gained, once", async () => {
    await run();
    await run();
    expect(read('assets/react-2.js').split(COMPILE_HINT)).toHaveLength(2);
    expect(JSON.parse(read('assets/react-2.js.map'))).toEqual({ ...MAP, mappings: ';AAAA;AACA' });
    expect(JSON.parse(read('assets/login-page-5.js.map'))).toEqual(MAP);
  });
});
