import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '@jibs/vite-precompress';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Modules without side effects (see `treeshake` below). */
const DECLARATIONS_ONLY =
  /libs[\\/](domain|i18n|web-data|web-ui)[\\/]src[\\/]|src[\\/]gql[\\/]graphql\.ts$/;

// The gateway serves queries, mutations and (over graphql-ws) subscriptions on /graphql, the
// member site at / and this console under /admin.
const gateway = process.env.JIBS_GATEWAY_URL ?? 'http://localhost:8080';

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll only to read two class
 * names (`RemoveScroll.classNames`, the scroll bar's compensation): they get those names from the
 * library's constants, so the console's first load does not carry the library (3 KB gzipped).
 * Modals and drawers, which lock the scroll, still import the real one.
 */
function appShellScrollClassNames(): Plugin {
  const stub = '\0app-shell-remove-scroll';
  return {
    name: 'jibs-app-shell-remove-scroll-class-names',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react-remove-scroll' && importer && /[\\/]AppShell[\\/]/.test(importer)) {
        return stub;
      }
      return null;
    },
    load(id) {
      if (id !== stub) return null;
      return [
        "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
        'export const RemoveScroll = {',
        '  classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName },',
        '};',
      ].join('\n');
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: '/admin/',
  publicDir: here('public'),
  plugins: [react(), appShellScrollClassNames(), precompress()],
  // The gateway puts each response's CSP nonce here (its CSP_NONCE_PLACEHOLDER): Vite writes it on
  // a `csp-nonce` meta and its tags, and the app gives it to Mantine's <style> elements.
  html: { cspNonce: 'JIBS_CSP_NONCE' },
  resolve: {
    alias: {
      '@jibs/domain': here('../../libs/domain/src/index.ts'),
      '@jibs/i18n': here('../../libs/i18n/src/index.ts'),
      '@jibs/web-data': here('../../libs/web-data/src/index.ts'),
      '@jibs/web-ui': here('../../libs/web-ui/src/index.ts'),
    },
  },
  server: {
    port: 4201,
    proxy: { '/graphql': { target: gateway, changeOrigin: true, ws: true } },
  },
  preview: {
    port: 4174,
    proxy: { '/graphql': { target: gateway, changeOrigin: true, ws: true } },
  },
  build: {
    outDir: here('../../dist/apps/admin'),
    emptyOutDir: true,
    // Maps are written beside the chunks (to read a reported stack with) but not named in them:
    // each chunk's `//# sourceMappingURL=` line was 40-50 bytes gzipped that every visitor loads.
    sourcemap: 'hidden',
    // Read by the JS budget check and `bench:web` to know which chunks each route loads.
    manifest: true,
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
            // The part of Mantine the first page needs, in one chunk rather than dozens of small
            // ones (each compressed alone, and each a request).
            {
              name: 'mantine-first-page',
              test: /node_modules[\\/](@mantine[\\/](core|hooks)|clsx)[\\/]/,
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
});
