import { defineExampleConfig } from '../shared/tsup.base';

// The page's one script, `dist/main.js`, with the page and stylesheets next to it
// (`examples/shared/tsup.base.ts`). Not minified: the sandbox's runtime is a function of
// `src/sandboxRuntime.ts` whose source text becomes the iframe's inline script, and it stays readable.
export default defineExampleConfig({ minify: false });
