import { copyFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

/** The examples' shared stylesheet, copied into each example's `dist/` as `base.css`. */
const BASE_CSS = new URL('./base.css', import.meta.url);

/**
 * The tsup config of a browser example: its one script, `dist/main.js` from `src/main.ts`, with
 * everything bundled (the workspace packages through their `@plugin-center/source` condition, so the
 * example does not depend on their `dist`), the pages and stylesheet of its `public/` copied next to
 * it, and the shared `base.css` too. `dist/` is then a static site.
 *
 * An example's `tsup.config.ts` imports this file by relative path (as the packages import the root
 * `tsup.base.ts`): tsup loads its config through Node, which imports no TypeScript from a package.
 *
 * @param options.minify Whether `main.js` is minified (the editor host's stays readable).
 */
export function defineExampleConfig({ minify }: { minify: boolean }) {
  return defineConfig({
    entry: { main: 'src/main.ts' },
    format: ['esm'],
    outExtension: () => ({ js: '.js' }),
    platform: 'browser',
    target: 'es2020',
    minify,
    sourcemap: true,
    clean: true,
    dts: false,
    publicDir: 'public',
    noExternal: [/.*/],
    esbuildOptions(o) {
      o.conditions = ['@plugin-center/source', 'browser', 'module', 'import'];
    },
    async onSuccess() {
      await copyFile(BASE_CSS, 'dist/base.css');
    },
  });
}
