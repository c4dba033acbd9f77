import { defineLibraryConfig } from '../../tsup.base';

export default defineLibraryConfig(
  { index: 'src/index.ts', cli: 'src/cli.ts' },
  { platform: 'node', target: 'node20', splitting: true },
);
