import { defineLibraryConfig } from '../../tsup.base';

export default defineLibraryConfig({
  index: 'src/index.ts',
  schemas: 'src/schemas.ts',
  text: 'src/text.ts',
  publishers: 'src/publisherRules.ts',
  locales: 'src/localeChoice.ts',
  routes: 'src/routes.ts',
  signatures: 'src/versionSignature.ts',
});
