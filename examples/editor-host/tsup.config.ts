import { defineConfig } from 'tsup';

// The page's one script, `dist/main.js`, with everything bundled (the workspace packages through
// their `@plugin-center/source` condition), and the page and stylesheet of `public/` copied next to
// it. `dist/` is then a static site. Not minified: the sandbox's runtime is a function of
// `src/sandboxRuntime.ts` whose source text becomes the iframe's inline script, and it stays readable.
export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: ['esm'],
  outExtension: () => ({ js: '.js' }),
  platform: 'browser',
  target: 'es2020',
  minify: false,
  sourcemap: true,
  clean: true,
  dts: false,
  publicDir: 'public',
  noExternal: [/.*/],
  esbuildOptions(o) {
    o.conditions = ['@plugin-center/source', 'browser', 'module', 'import'];
  },
});
