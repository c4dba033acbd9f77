import { defineExampleConfig } from '../shared/tsup.base';

// The site's one script, `dist/main.js`, minified, with the pages and stylesheets next to it
// (`examples/shared/tsup.base.ts`).
export default defineExampleConfig({ minify: true });
