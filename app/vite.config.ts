import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * Build of the marketplace: served by the server under `/plugins/` (DESIGN.md "Runtime"), output in
 * `app/dist`. Workspace packages resolve to their TypeScript sources through the
 * `@plugin-center/source` export condition, so the SDKs need no build first.
 */
export const config = defineConfig({
  base: '/plugins/',
  plugins: [react()],
  resolve: { conditions: ['@plugin-center/source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The square's JavaScript budget is 100 KB gzipped: terser (two passes) packs React 19's
    // unminified production build ~3 KB tighter than esbuild; every browser that runs an ES2022
    // build supports <link rel="modulepreload">, so Vite's polyfill is left out.
    minify: 'terser',
    terserOptions: {
      module: true,
      ecma: 2020,
      compress: { passes: 2, pure_getters: true },
      format: { comments: false },
    },
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 400,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});

// Vite loads a config file through its default export; this is the one default export of the app.
export default config;
