import { defineLibraryConfig } from '../../tsup.base';

export default defineLibraryConfig({
  index: 'src/index.ts',
  wire: 'src/wire.ts',
  constants: 'src/constants.ts',
});
