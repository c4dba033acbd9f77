/**
 * The static server of the browser examples, for trying them (not for production: use your web
 * server's static files and reverse proxy there). No dependencies.
 *
 * Serves an example's built `dist/` on http://localhost:$PORT and forwards the paths the example
 * calls on Plugin Center (`forwarded`) to $PLUGIN_CENTER_URL (default http://localhost:3000), so that
 * the page calls them on its own origin: Plugin Center answers no CORS. The pages'
 * `<meta name="plugin-center">` is filled with $PLUGIN_CENTER_URL, so sign-in goes to the login page
 * on Plugin Center's origin, which sends the browser back here: add this site's origin to Plugin
 * Center's REDIRECT_ALLOWLIST.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
});

/**
 * @typedef {object} ExampleServerOptions
 * @property {string} name What the start-up line calls the example (e.g. `Acme Docs`).
 * @property {string} dist The example's built folder, absolute, without a trailing separator.
 * @property {number} defaultPort The port when $PORT is not set.
 * @property {(pathname: string) => boolean} forwarded Whether a request path goes to Plugin Center.
 */

/**
 * Starts the server of {@link ExampleServerOptions} on $PORT (else `defaultPort`) and prints where
 * it is and what Plugin Center's REDIRECT_ALLOWLIST must include.
 * @param {ExampleServerOptions} options
 * @returns {import('node:http').Server}
 */
export function startExampleServer({ name, dist, defaultPort, forwarded }) {
  const port = Number(process.env.PORT ?? defaultPort);
  const pluginCenter = new URL(process.env.PLUGIN_CENTER_URL ?? 'http://localhost:3000');

  /**
   * Forwards one request to Plugin Center and streams the answer back.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  function forward(req, res) {
    const send = pluginCenter.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = send(
      new URL(req.url ?? '/', pluginCenter),
      { method: req.method, headers: { ...req.headers, host: pluginCenter.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      res
        .writeHead(502, { 'content-type': 'text/plain' })
        .end(`Plugin Center did not answer: ${error.message}`);
    });
    req.pipe(upstream);
  }

  /**
   * Answers a file of `dist` (`/` → `index.html`); the pages get Plugin Center's origin in their meta.
   * @param {string} pathname
   * @param {import('node:http').ServerResponse} res
   */
  async function serveFile(pathname, res) {
    const file = normalize(
      join(dist, decodeURIComponent(pathname.endsWith('/') ? `${pathname}index.html` : pathname)),
    );
    if (!file.startsWith(dist + sep) || !(await stat(file).catch(() => null))?.isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    let body = await readFile(file);
    if (extname(file) === '.html') {
      const text = body.toString('utf8');
      body = Buffer.from(
        text.replace(
          '<meta name="plugin-center" content="" />',
          `<meta name="plugin-center" content="${pluginCenter.origin}" />`,
        ),
      );
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    res.end(body);
  }

  return createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://site.invalid');
    if (forwarded(pathname)) {
      forward(req, res);
      return;
    }
    serveFile(pathname, res).catch((error) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  }).listen(port, () => {
    console.log(`${name} on http://localhost:${port}/ (Plugin Center: ${pluginCenter.origin})`);
    console.log(`Plugin Center needs REDIRECT_ALLOWLIST to include http://localhost:${port}`);
  });
}
