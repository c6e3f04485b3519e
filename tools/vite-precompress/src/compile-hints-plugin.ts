import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * V8's per-file compile hint (Chromium 136 and later; other engines read it as a comment): the
 * functions of a file that starts with it are compiled as the file streams in, on a background
 * thread, instead of one by one on the main thread the first time each is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** What this plugin reads of a chunk in the bundle. */
interface BundleEntry {
  type: 'chunk' | 'asset';
  isEntry?: boolean;
  imports?: string[];
}

/**
 * Puts the compile hint on the chunks every page runs as it starts: the entry and what it
 * imports statically (React, the first page's Mantine and the app's shell). Their functions are
 * nearly all called before the first paint, so compiling them lazily only moved that work onto
 * the main thread. Chunks loaded later (a screen, the Apollo client) are left to lazy
 * compilation: most of their functions may never run.
 *
 * On the written files (`writeBundle`): until then Vite may still put code at a chunk's top (its
 * preload list), and the comment must be the file's first line. Each hinted file's source map
 * gains an empty first line, so its mappings still point at the right places. Before
 * `precompress`, which compresses in `closeBundle`.
 */
export function compileHints(): Plugin {
  return {
    name: 'jibs-compile-hints',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      await Promise.all(
        startupChunks(bundle as Record<string, BundleEntry>).map((file) => hint(join(dir, file))),
      );
    },
  };
}

/** The entry chunks and every chunk they import statically, each once, by file name. */
export function startupChunks(bundle: Record<string, BundleEntry>): string[] {
  const found = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || found.has(fileName)) return;
    found.add(fileName);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [fileName, chunk] of Object.entries(bundle)) {
    if (chunk.type === 'chunk' && chunk.isEntry) visit(fileName);
  }
  return [...found];
}

/** Starts `file` with the hint (once) and shifts its source map, if written, by that line. */
export async function hint(file: string): Promise<void> {
  const code = await readFile(file, 'utf8');
  if (code.startsWith(COMPILE_HINT)) return;
  await writeFile(file, COMPILE_HINT + code);
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return;
  const map = JSON.parse(await readFile(mapFile, 'utf8')) as { mappings: string };
  await writeFile(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
}
