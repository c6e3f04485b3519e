import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The public pages' prerender (src/prerender.tsx) as one Node module with everything it imports
 * (`noExternal`), which the web build's last step runs (prerender-pages.mjs) and then deletes.
 * The client's config, with only its React plugin (the others write the client's own files:
 * compile hints, the route table, compressed copies), and without its chunk groups.
 */
export default mergeConfig(
  { ...base, plugins: base.plugins?.slice(0, 1) },
  defineConfig({
    build: {
      ssr: here('src/prerender.tsx'),
      outDir: here('../../dist/apps/web-prerender'),
      emptyOutDir: true,
      manifest: false,
      sourcemap: false,
      rolldownOptions: { output: { codeSplitting: undefined } },
    },
    ssr: { noExternal: true },
  }),
);
