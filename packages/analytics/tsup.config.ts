import { defineConfig, type Options } from 'tsup';
import { defineLibraryConfig } from '../../tsup.base';

// Two builds, run side by side (the `build` script empties dist first, so neither cleans):
// - the ES modules of the package: `.`, `./core`, `./constants`, `./session`, `./site-linker`,
//   `./vtrack`, `./presets`, dependencies external;
// - the script-tag build `dist/analytics.iife.js`: everything bundled (workspace packages through
//   their `@plugin-center/source` condition), minified, global `PluginCenterAnalytics`.
export default defineConfig([
  defineLibraryConfig(
    {
      index: 'src/index.ts',
      core: 'src/core.ts',
      constants: 'src/constants.ts',
      session: 'src/session.ts',
      'site-linker': 'src/siteLinker.ts',
      vtrack: 'src/vtrack.ts',
      presets: 'src/presets.ts',
    },
    { clean: false },
  ) as Options,
  {
    entry: { 'analytics.iife': 'src/iife.ts' },
    format: ['iife'],
    globalName: 'PluginCenterAnalytics',
    outExtension: () => ({ js: '.js' }),
    platform: 'browser',
    target: 'es2020',
    minify: true,
    sourcemap: true,
    clean: false,
    dts: false,
    noExternal: [/.*/],
    esbuildOptions(o) {
      o.conditions = ['@plugin-center/source', 'browser', 'module', 'import'];
    },
  },
]);
