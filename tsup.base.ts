import { defineConfig, type Options } from 'tsup';

/**
 * The one build helper every package's `tsup.config.ts` calls.
 *
 * Emits ES modules with declarations, targeting the Node 20 / evergreen-browser baseline, with no
 * bundling of dependencies (they stay external so consumers dedupe them). Extra options are merged
 * over the defaults, e.g. `{ platform: 'node' }` for the server. tsup is no longer maintained: what
 * a replacement (tsdown, or esbuild + `tsc --emitDeclarationOnly`) must reproduce is listed in
 * docs/development.md, "Replacing tsup".
 */
export function defineLibraryConfig(entry: Record<string, string>, overrides: Options = {}) {
  return defineConfig({
    entry,
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    treeshake: true,
    splitting: false,
    ...overrides,
  });
}
