import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The public pages' prerender (src/prerender.tsx) as a Node module, beside the web build. */
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
