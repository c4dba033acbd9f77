import { defineLibraryConfig } from '../../tsup.base';

export default defineLibraryConfig(
  { index: 'src/index.ts', cli: 'src/cli.ts' },
  {
    platform: 'node',
    target: 'node20',
    splitting: true,
    // The contract is bundled in, so dist/cli.js runs without a build of @plugin-center/contract.
    noExternal: ['@plugin-center/contract'],
  },
);
