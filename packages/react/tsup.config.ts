import { defineLibraryConfig } from '../../tsup.base';

// The hooks run on the client only: `'use client'` heads dist/index.js so that React Server
// Components frameworks (Next.js's app router and the like) treat the entry as a client boundary.
// esbuild drops module-level directives when it bundles, hence the banner; tsup's extra Rollup
// tree-shaking pass would drop the banner too, so it is off here (esbuild still tree-shakes the
// bundle). `scripts/checkPackages.ts`, run by `pnpm publint`, checks the directive is there.
export default defineLibraryConfig(
  { index: 'src/index.ts', backoffice: 'src/backoffice.ts', ratings: 'src/ratings.ts' },
  { banner: { js: "'use client';" }, treeshake: false, splitting: true },
);
