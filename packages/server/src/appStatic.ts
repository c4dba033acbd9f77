/**
 * Serving the built marketplace (`config.appDir`, a Vite build with base `/plugins/`) under
 * `/plugins/` with history fallback, the redirect of `/` to it, and the tracker's script-tag build
 * (`config.trackerScript`) that other sites embed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import fastifyAccepts from '@fastify/accepts';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { SiteConfig } from '@plugin-center/contract';
import { ApiErrorCode, PAGE_ROUTES } from '@plugin-center/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './errors';
import { prepareAppPage, renderAppPage, requestOrigin, type ShareCardLookups } from './pageMeta';
import { markRoutes, tableRoute } from './routeTable';
import { appPolicy, setAppSecurityHeaders } from './securityHeaders';
import { injectSiteConfig, resolveSiteConfig } from './site';

/** Cache-Control of content-hashed files under `/plugins/assets/` (RFC 8246 `immutable`). */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of `index.html` and other unhashed files: always revalidate. */
export const REVALIDATE_CACHE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plugin Center</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;line-height:1.5">
<h1>Plugin Center</h1>
<p>The marketplace app has not been built. Run <code>pnpm build</code> at the repository root (or set
<code>APP_DIR</code> to a built app) and restart the server.</p>
<p>The API is up: <a href="/api/cmt/plugin/list">/api/cmt/plugin/list</a>,
<a href="/api/openapi.json">/api/openapi.json</a>.</p>
</body></html>
`;

/**
 * Registers `/` → 302 `/plugins/`, `/plugins` → 301 `/plugins/`, and under `/plugins/`: the files of
 * `appDir` (hashed `assets/*` with {@link IMMUTABLE_CACHE}, others {@link REVALIDATE_CACHE}); any
 * other GET/HEAD path under `/plugins/` that is not a file answers `index.html` (no-cache) so the
 * app's client-side routes work on reload and shared links — except under `/plugins/assets/`, which
 * answers 404 rather than HTML for a missing asset. That page carries the visitor's language and the
 * head of a shared link (`pageMeta.ts`: `<html lang>`, title, description, canonical URL, Open Graph
 * and Twitter card tags of the square, of the plugin of `/plugins/detail/<key>` and of the publisher
 * of `/plugins/publisher/<handle>` through `shareCards`; an unknown key or handle answers the
 * square's head with status 404), `Vary: Cookie,
 * Accept-Language` and an ETag of its content (`If-None-Match` → 304). Without a built app (`appDir` missing or
 * without index.html) `/plugins/*` answers a short HTML page saying to run `pnpm build`.
 * Files of 1 KiB or more are compressed (br or gzip, as the client accepts).
 *
 * Every answer here (pages, assets, redirects, the not-built page, 404s) carries the security
 * headers of `securityHeaders.ts`: a Content-Security-Policy without inline
 * script, `nosniff`, a referrer policy and `frame-ancestors 'self'` plus `frameAncestors`
 * (`FRAME_ANCESTORS`; `X-Frame-Options: SAMEORIGIN` when there are none).
 *
 * @param shareCards look up a plugin's texts and picture for its detail link, and a publisher's for
 *   its page (one indexed query each); a missing one: those links get the square's head
 */
export async function registerAppStatic(
  app: FastifyInstance,
  appDir: string | undefined,
  frameAncestors: readonly string[] = [],
  site: SiteConfig = resolveSiteConfig(),
  shareCards: ShareCardLookups = {},
): Promise<void> {
  const policy = appPolicy(frameAncestors);
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) =>
      setAppSecurityHeaders(reply, policy, frameAncestors),
    );
    tableRoute(scope, 'page', 'root', (_request, reply) => reply.redirect('/plugins/', 302));
    tableRoute(scope, 'page', 'appBare', (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`/plugins/${query}`, 301);
    });
    if (!appDir || !existsSync(join(appDir, 'index.html'))) {
      tableRoute(scope, 'page', 'app', (_request, reply) =>
        reply.header('cache-control', REVALIDATE_CACHE).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE),
      );
      return;
    }
    await registerAppFiles(scope, appDir, site, shareCards);
  });
}

/** The request's `Accept-Language` languages, most wanted first; none when it cannot be parsed. */
function requestLanguages(request: FastifyRequest): string[] {
  try {
    return request.languages();
  } catch {
    return [];
  }
}

/** The built app's files and the history fallback (see {@link registerAppStatic}). */
async function registerAppFiles(
  app: FastifyInstance,
  appDir: string,
  site: SiteConfig,
  shareCards: ShareCardLookups,
): Promise<void> {
  const assetsDir = join(appDir, 'assets') + sep;
  // index.html with the site configuration, cut once; each answer fills in its language and head tags.
  const template = prepareAppPage(
    injectSiteConfig(readFileSync(join(appDir, 'index.html'), 'utf8'), site),
    site,
  );
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const { status, html } = await renderAppPage(
      template,
      {
        path: request.url.split('?')[0] ?? '',
        origin: requestOrigin(request.protocol, request.host),
        langCookie: request.cookies.lang,
        languages: requestLanguages(request),
      },
      shareCards,
    );
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    reply
      .header('cache-control', REVALIDATE_CACHE)
      .header('vary', 'Cookie, Accept-Language')
      .header('etag', etag);
    if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.code(status).type('text/html; charset=utf-8').send(html);
  };
  await app.register(async (scope) => {
    // The file routes @fastify/static registers are the table's `page.app` entry too.
    markRoutes(scope, 'page', 'app');
    // request.cookies and request.languages() for the page's language (encapsulated in this scope).
    await scope.register(fastifyCookie);
    await scope.register(fastifyAccepts);
    // gzip/br for the app's files only (encapsulated: API answers stay uncompressed and fast).
    await scope.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
    await scope.register(fastifyStatic, {
      root: appDir,
      prefix: '/plugins/',
      wildcard: false,
      index: false,
      // index.html is answered by the history fallback below, with the site configuration in it.
      globIgnore: ['index.html'],
      cacheControl: false,
      setHeaders(reply, path) {
        reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      },
    });
    tableRoute(scope, 'page', 'app', (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith('/plugins/assets/')) {
        return reply
          .code(404)
          .type('application/json; charset=utf-8')
          .send(errorEnvelope(ApiErrorCode.ROUTE_NOT_FOUND, `no file ${path}`));
      }
      return sendIndex(request, reply);
    });
  });
}

/** Where the tracker's script-tag build is served ("the tracker is embedded with one script tag"). */
export const TRACKER_SCRIPT_PATH = PAGE_ROUTES.trackerScript.path;
/** Cache-Control of the tracker script: its URL carries no version, so caches revalidate after an hour. */
export const TRACKER_SCRIPT_CACHE = 'public, max-age=3600';

/**
 * Registers `GET`/`HEAD` {@link TRACKER_SCRIPT_PATH}: the script-tag build of `@plugin-center/analytics`
 * (`file`, `dist/analytics.iife.js`) for `<script async src="https://<this server>/sdk/analytics.iife.js">`
 * on any site (docs/analytics.md, "Script tag"), and its source map beside it (`.map`). JavaScript,
 * {@link TRACKER_SCRIPT_CACHE} with `ETag` / `Last-Modified` (304 on revalidation), br or gzip as the
 * client accepts, `Access-Control-Allow-Origin: *` and `Cross-Origin-Resource-Policy: cross-origin` so
 * pages of other origins (also with `crossorigin` or under COEP) may load it. Without a built file:
 * 404 `ROUTE_NOT_FOUND` saying to run `pnpm build` (or set `TRACKER_SCRIPT`).
 */
export async function registerTrackerScript(app: FastifyInstance, file: string | undefined): Promise<void> {
  await app.register(async (scope) => {
    const name = file && existsSync(file) ? basename(file) : undefined;
    if (name) {
      await scope.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
      await scope.register(fastifyStatic, { root: dirname(file!), serve: false, cacheControl: false });
    }
    for (const [route, served] of [
      ['trackerScript', name],
      ['trackerSourceMap', name && `${name}.map`],
    ] as const) {
      tableRoute(scope, 'page', route, (_request, reply) => {
        if (!served) {
          return reply
            .code(404)
            .send(
              errorEnvelope(
                ApiErrorCode.ROUTE_NOT_FOUND,
                'the tracker script has not been built: run `pnpm build` (or set TRACKER_SCRIPT)',
              ),
            );
        }
        return reply
          .header('cache-control', TRACKER_SCRIPT_CACHE)
          .header('access-control-allow-origin', '*')
          .header('cross-origin-resource-policy', 'cross-origin')
          .sendFile(served);
      });
    }
  });
}
