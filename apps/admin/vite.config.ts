import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The gateway serves queries, mutations and (over graphql-ws) subscriptions on /graphql, the
// member site at / and this console under /admin.
const gateway = process.env.JIBS_GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  root: here('.'),
  base: '/admin/',
  publicDir: here('public'),
  plugins: [react()],
  resolve: {
    alias: {
      '@jibs/domain': here('../../libs/domain/src/index.ts'),
      '@jibs/web-data': here('../../libs/web-data/src/index.ts'),
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
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so an app release does not invalidate them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            {
              name: 'apollo',
              test: /node_modules[\\/](@apollo|graphql|graphql-ws|rxjs|@wry|optimism|tslib)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
