import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** The ids of the modules the page's entry reaches through static imports: the square's first load. */
let firstLoad: Set<string> | undefined;

/**
 * Name of the chunk group for a module: `square` when the entry (`index.html`) reaches it through
 * static imports, so that the whole first load stays one chunk, as Rollup left it. Rolldown moves
 * a module that the entry and a lazy page share into a chunk of its own; without this group the
 * square loads seven files, 2.6 KB gzip more than one.
 */
function firstLoadChunk(
  id: string,
  context: { getModuleInfo(id: string): { importedIds: readonly string[] } | null },
): string | null {
  if (!firstLoad) {
    const reached = new Set<string>();
    const pending = [fileURLToPath(new URL('index.html', import.meta.url))];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (reached.has(next)) continue;
      reached.add(next);
      pending.push(...(context.getModuleInfo(next)?.importedIds ?? []));
    }
    firstLoad = reached;
  }
  return firstLoad.has(id) ? 'square' : null;
}

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
    // The square's JavaScript budget is 100 KB gzipped: terser (two passes) packs React's
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
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: firstLoadChunk }] } } },
    chunkSizeWarningLimit: 400,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});

// Vite loads a config file through its default export; this is the one default export of the app.
export default config;
