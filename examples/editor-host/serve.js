/**
 * Serves the built editor host (`dist/`) on http://localhost:$PORT (default 4100) and forwards
 * Plugin Center's user API (`/api/uc/`), plugin API (`/api/cmt/`: the plugin list, the code files,
 * the icons and other stored files) and the JWKS of version signatures to $PLUGIN_CENTER_URL (default http://localhost:3000), so that the page calls both on
 * its own origin: Plugin Center answers no CORS. The page's `<meta name="plugin-center">` is filled
 * with $PLUGIN_CENTER_URL, so sign-in goes to the login page on Plugin Center's origin, which sends
 * the browser back here: add this page's origin to Plugin Center's REDIRECT_ALLOWLIST. The server is
 * the examples' shared one (`examples/shared/serve.js`); for trying the example, not for production.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startExampleServer } from '@plugin-center/example-shared/serve';

startExampleServer({
  name: 'Editor host',
  dist: join(dirname(fileURLToPath(import.meta.url)), 'dist'),
  defaultPort: 4100,
  // The user API, the plugin API and the public keys of version signatures.
  forwarded: (pathname) =>
    pathname.startsWith('/api/uc/') ||
    pathname.startsWith('/api/cmt/') ||
    pathname === '/.well-known/plugin-center/jwks.json',
});
