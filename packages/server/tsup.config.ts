import { defineLibraryConfig } from '../../tsup.base';
import { writeLoginPageFiles } from './src/loginPage/assetBuild';

export default defineLibraryConfig(
  { index: 'src/index.ts', cli: 'src/cli.ts', bench: 'src/bench.ts' },
  {
    platform: 'node',
    target: 'node20',
    splitting: true,
    // The contract is bundled in, so dist/cli.js runs without a build of @plugin-center/contract.
    noExternal: ['@plugin-center/contract'],
    // Only the from-source path of loginPage/assets.ts imports esbuild (a devDependency); never bundled.
    external: ['esbuild'],
    // The login pages' script and stylesheet, built from src/loginPage/browser/ (see assetBuild.ts).
    onSuccess: () => writeLoginPageFiles('src/loginPage/browser', 'dist/loginPage'),
  },
);
