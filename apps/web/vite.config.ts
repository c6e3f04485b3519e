import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { compileHints, precompress, routePreloads } from '@jibs/vite-precompress';
import { routeModules } from './screen-modules';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Modules without side effects (see `treeshake` below); gql/ holds the generated documents. */
const DECLARATIONS_ONLY = /libs[\\/](domain|i18n|web-data|web-ui)[\\/]src[\\/]|src[\\/]gql[\\/]/;

// The gateway serves queries, mutations and (over graphql-ws) subscriptions on /graphql.
const gateway = process.env.JIBS_GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  root: here('.'),
  publicDir: here('public'),
  // routePreloads: the chunks of each route's screen, for the gateway to preload in its page.
  // compileHints: the chunks every page starts with are compiled as they stream in, off the main
  // thread (docs/benchmarks.md, bench:web).
  plugins: [react(), compileHints(), routePreloads(routeModules()), precompress()],
  // The gateway puts each response's CSP nonce here (its CSP_NONCE_PLACEHOLDER): Vite writes it on
  // a `csp-nonce` meta and its tags, and the app gives it to Mantine's <style> elements.
  html: { cspNonce: 'JIBS_CSP_NONCE' },
  resolve: {
    // rxjs (Apollo's) from its ES2015 build: classes rather than ES5 prototypes with tslib's
    // helpers, lighter in every page that loads the client.
    conditions: ['es2015', ...defaultClientConditions],
    alias: {
      '@jibs/domain': here('../../libs/domain/src/index.ts'),
      '@jibs/i18n': here('../../libs/i18n/src/index.ts'),
      '@jibs/web-data': here('../../libs/web-data/src/index.ts'),
      '@jibs/web-ui': here('../../libs/web-ui/src/index.ts'),
    },
  },
  server: {
    port: 4200,
    proxy: { '/graphql': { target: gateway, changeOrigin: true, ws: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/graphql': { target: gateway, changeOrigin: true, ws: true } },
  },
  build: {
    outDir: here('../../dist/apps/web'),
    emptyOutDir: true,
    // Maps are written beside the chunks (to read a reported stack with) but not named in them:
    // each chunk's `//# sourceMappingURL=` line was 40-50 bytes gzipped that every visitor loads.
    sourcemap: 'hidden',
    // Read by the JS budget check and `bench:web` to know which chunks each route loads.
    manifest: true,
    // No polyfill of `<link rel="modulepreload">` in the entry (0.4 KB gzipped on every page):
    // every browser supports it but Safari before 17, where the preloads are skipped and a
    // route's chunks load after the entry; its public pages paint from their prerendered
    // markup all the same (prerender.tsx).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The shared libraries and the generated documents only declare things (messages,
      // schemas, documents): a module none of whose exports a page uses is left out, so the
      // first page does not carry every zod schema of the domain because it needs one message.
      treeshake: { moduleSideEffects: (id) => (DECLARATIONS_ONLY.test(id) ? false : undefined) },
      output: {
        // React and the router load on every page: one long-lived chunk, so an app release does
        // not invalidate it. Mantine, Apollo and zod are not grouped: a group is loaded whole by
        // the first page that needs any part of it, which put all of them on the first page.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // What the first page needs of Mantine and of the app's own modules, in one chunk
            // rather than a dozen small ones (each compressed alone, and each a request).
            {
              name: 'first-page',
              test: /node_modules[\\/](@mantine[\\/](core|hooks)|clsx)[\\/]|vite[\\/]preload-helper|apps[\\/]web[\\/]src[\\/](?!main[.]tsx$)|libs[\\/]/,
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
});
