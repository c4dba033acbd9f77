/**
 * Serves the built site (`dist/`) on http://localhost:$PORT (default 4000) and forwards Plugin
 * Center's user API (`/api/uc/`) and collector (`/sa`) to $PLUGIN_CENTER_URL (default
 * http://localhost:3000), so that the site calls both on its own origin: Plugin Center's user API
 * answers no CORS. The pages' `<meta name="plugin-center">` is filled with $PLUGIN_CENTER_URL, so
 * sign-in goes to the login page on Plugin Center's origin, which sends the browser back here: add
 * this site's origin to Plugin Center's REDIRECT_ALLOWLIST. The server is the examples' shared one
 * (`examples/shared/serve.js`); for trying the example, not for production (use your web server's
 * static files and reverse proxy there).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startExampleServer } from '@plugin-center/example-shared/serve';

startExampleServer({
  name: 'Acme Docs',
  dist: join(dirname(fileURLToPath(import.meta.url)), 'dist'),
  defaultPort: 4000,
  // The user API and the collector.
  forwarded: (pathname) => pathname.startsWith('/api/uc/') || pathname === '/sa',
});
