/**
 * Serves the built editor host (`dist/`) on http://localhost:$PORT (default 4100) and forwards
 * Plugin Center's user API (`/api/uc/`) and plugin API (`/api/cmt/`: the plugin list, the code files,
 * the icons) to $PLUGIN_CENTER_URL (default http://localhost:3000), so that the page calls both on
 * its own origin: Plugin Center answers no CORS. (Adapted from `examples/product-site/serve.js`.) The pages' `<meta name="plugin-center">` is filled with $PLUGIN_CENTER_URL, so
 * sign-in goes to the login page on Plugin Center's origin, which sends the browser back here: add
 * this site's origin to Plugin Center's REDIRECT_ALLOWLIST. No dependencies; for trying the example,
 * not for production (use your web server's static files and reverse proxy there).
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = join(dirname(fileURLToPath(import.meta.url)), 'dist');
const PORT = Number(process.env.PORT ?? 4100);
const PLUGIN_CENTER = new URL(process.env.PLUGIN_CENTER_URL ?? 'http://localhost:3000');
/** Whether a path is forwarded to Plugin Center: the user API and the plugin API. */
const forwarded = (/** @type {string} */ pathname) =>
  pathname.startsWith('/api/uc/') || pathname.startsWith('/api/cmt/');
const TYPES = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
});

/**
 * Forwards one request to Plugin Center and streams the answer back.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
function forward(req, res) {
  const send = PLUGIN_CENTER.protocol === 'https:' ? httpsRequest : httpRequest;
  const upstream = send(
    new URL(req.url ?? '/', PLUGIN_CENTER),
    { method: req.method, headers: { ...req.headers, host: PLUGIN_CENTER.host } },
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
 * Answers a file of `dist/` (`/` → `index.html`); the pages get Plugin Center's origin in their meta.
 * @param {string} pathname
 * @param {import('node:http').ServerResponse} res
 */
async function serveFile(pathname, res) {
  const file = normalize(
    join(DIST, decodeURIComponent(pathname.endsWith('/') ? `${pathname}index.html` : pathname)),
  );
  if (!file.startsWith(DIST + sep) || !(await stat(file).catch(() => null))?.isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  let body = await readFile(file);
  if (extname(file) === '.html') {
    const text = body.toString('utf8');
    body = Buffer.from(
      text.replace(
        '<meta name="plugin-center" content="" />',
        `<meta name="plugin-center" content="${PLUGIN_CENTER.origin}" />`,
      ),
    );
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': 'no-cache',
  });
  res.end(body);
}

createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://site.invalid');
  if (forwarded(pathname)) {
    forward(req, res);
    return;
  }
  serveFile(pathname, res).catch((error) => {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
  });
}).listen(PORT, () => {
  console.log(`Editor host on http://localhost:${PORT}/ (Plugin Center: ${PLUGIN_CENTER.origin})`);
  console.log(`Plugin Center needs REDIRECT_ALLOWLIST to include http://localhost:${PORT}`);
});
