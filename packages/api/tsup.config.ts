import { defineLibraryConfig } from '../../tsup.base';

export default defineLibraryConfig({
  index: 'src/index.ts',
  backoffice: 'src/backoffice.ts',
  upload: 'src/upload.ts',
});
