import { defineConfig } from 'tsup';

// The site's one script, `dist/main.js`, with everything bundled (the workspace packages through
// their `@plugin-center/source` condition, so the site does not depend on their `dist`), and the
// pages and stylesheet of `public/` copied next to it. `dist/` is then a static site.
export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: ['esm'],
  outExtension: () => ({ js: '.js' }),
  platform: 'browser',
  target: 'es2020',
  minify: true,
  sourcemap: true,
  clean: true,
  dts: false,
  publicDir: 'public',
  noExternal: [/.*/],
  esbuildOptions(o) {
    o.conditions = ['@plugin-center/source', 'browser', 'module', 'import'];
  },
});
