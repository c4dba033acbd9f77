/**
 * `loginPageRoutes`: the full-page login pages of the identity service (SPEC §2) and their two
 * static files. The pages post to the JSON identity endpoints (`POST /api/uc/user/login`,
 * `POST /api/uc/user/sign_up`), which are another plugin's.
 */
import fastifyAccepts from '@fastify/accepts';
import fastifyCookie from '@fastify/cookie';
import type { SiteConfig } from '@plugin-center/contract';
import { BIND_PAGE_PATH, LOGIN_PAGE_PATH } from '@plugin-center/contract/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../appStatic';
import { IDENTITY_DEFAULTS } from '../config/identity';
import { type LoginMethodSettings, offeredLoginMethods, signUpOpen } from '../identity/loginMethods';
import { tableRoute } from '../routeTable';
import { LOGIN_PAGE_CSP } from '../securityHeaders';
import { resolveSiteConfig } from '../site';
import { type LoginPageAssets, loadLoginPageAssets } from './assets';
import { renderLoginPage } from './page';
import { pickLoginLocale } from './texts';

/** The query string of a request URL, with its `?` (empty when none). */
function rawQuery(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at < 0 ? '' : request.url.slice(at);
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: 'login' | 'bind',
  assets: LoginPageAssets,
  site: SiteConfig,
  methods: LoginMethodSettings,
) {
  const { locale, texts } = pickLoginLocale(
    { lang: request.cookies.lang, languages: requestLanguages(request) },
    site.locales,
  );
  const html = renderLoginPage({
    kind,
    query: new URLSearchParams(rawQuery(request)),
    locale,
    locales: site.locales,
    texts,
    versions: assets,
    methods: offeredLoginMethods(methods),
    signUp: signUpOpen(methods, site),
    directoryFirst: site.variant === 'private',
  });
  return reply
    .header('content-security-policy', LOGIN_PAGE_CSP)
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header('vary', 'Cookie, Accept-Language')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The request's `Accept-Language` languages, most wanted first (`@fastify/accepts`); none when the
 * header cannot be parsed, so a hostile header falls through to the site's default locale.
 */
function requestLanguages(request: FastifyRequest): string[] {
  try {
    return request.languages();
  } catch {
    return [];
  }
}

function sendAsset(
  request: FastifyRequest,
  reply: FastifyReply,
  content: string,
  version: string,
  type: string,
) {
  const etag = `"${version}"`;
  const { v } = request.query as { v?: unknown };
  reply
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', v === version ? IMMUTABLE_CACHE : REVALIDATE_CACHE)
    .type(type);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(content);
}

/**
 * Registers, without prefix (all `GET`, and `HEAD` alike; hidden from the OpenAPI document):
 *
 * - `/user/login/` — the login page: the offered sign-in methods; `page=sign_up` the sign-up form
 *   (when sign-up is open); `sso_error`/`sso_detail` a failed company sign-in's message; `bind_other=bind`
 *   the bind-other variant; `app_name` (docs-provider login) "Sign in to continue to {app_name}".
 *   Every SPEC §2 parameter (response_type, redirect_uri, from, channel, product, ux_mode, page,
 *   ux_from, login_source_id, app_name, bind_other) is honoured; see `renderLoginPage`.
 * - `/user/login` — 308 to `/user/login/` with the query unchanged.
 * - `/user/login/bind` — the bind page (query `id`, `mainUrl`, `txDocFolderId`); after sign-in the
 *   browser continues to `mainUrl` only when it is a same-origin relative path, else `/plugins/`.
 *   `/user/login/bind/` — 308 to `/user/login/bind` with the query.
 * - `/user/login/login.js` (`text/javascript`) and `/user/login/login.css` (`text/css`): the page's
 *   script and stylesheet; `ETag` of their content hash (`If-None-Match` → 304); `?v=<that hash>`
 *   (as the page links them) is cached immutable for a year, otherwise revalidated. Built from
 *   `browser/loginScript.ts` and `browser/login.css` (see `assets.ts`); loaded when the plugin registers.
 *
 * Pages answer `200 text/html; charset=utf-8` with `Content-Security-Policy` {@link LOGIN_PAGE_CSP},
 * `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer`, `X-Content-Type-Options: nosniff`,
 * `Cache-Control: no-store` and `Vary: Cookie, Accept-Language`. Language, among the site's locales
 * (`options.site.locales`): the `lang` cookie (parsed by `@fastify/cookie`) when it names
 * one of them, else the first of them `Accept-Language` asks for (by `@fastify/accepts`), else en-US
 * when it asks only for others, else the site's first (see `pickLoginLocale`); with 2+ locales the page has a language picker offering
 * exactly them. Nothing here fails on bad input: unknown or hostile query text, cookies and
 * `Accept-Language` are escaped, carried or ignored, never interpreted.
 *
 * On a site without login (`site.showLogin` false: the private deployment `hwdc`, whose sign-in is
 * the host's own) none of these is served: every one answers as an unknown path does (404; the HTML
 * page of `notFoundPage.ts` for a browser navigation).
 *
 * The sign-in methods shown are those the deployment offers, read on every request from
 * `options.methods` (`identity.settings`: `PRIVATE_LOGIN_CONFIG` and the configured directory
 * methods; see `identity/loginMethods.ts`), company methods first on a private deployment; without
 * e-mail sign-in there is neither e-mail form nor sign-up (see `renderLoginPage`).
 *
 * @param options.site the site configuration (`config.site`); unset → the domestic site
 *   (`resolveSiteConfig()`)
 * @param options.methods the identity settings the offered methods come from; unset → e-mail only
 */
export async function loginPageRoutes(
  app: FastifyInstance,
  options: { site?: SiteConfig | undefined; methods?: LoginMethodSettings | undefined } = {},
): Promise<void> {
  const site = options.site ?? resolveSiteConfig();
  const methods = options.methods ?? { privateLoginConfig: IDENTITY_DEFAULTS.privateLoginConfig };
  if (!site.showLogin) {
    for (const route of [
      'loginPage',
      'loginPageSlash',
      'bindPage',
      'bindPageSlash',
      'loginScript',
      'loginStyle',
    ] as const) {
      tableRoute(app, 'page', route, (_request, reply) => reply.callNotFound());
    }
    return;
  }
  // Scoped to these routes (this plugin is encapsulated): request.cookies and request.languages().
  await app.register(fastifyCookie);
  await app.register(fastifyAccepts);
  const assets = await loadLoginPageAssets();
  tableRoute(app, 'page', 'loginPage', (request, reply) =>
    sendPage(request, reply, 'login', assets, site, methods),
  );
  tableRoute(app, 'page', 'loginPageSlash', (request, reply) =>
    reply.redirect(`${LOGIN_PAGE_PATH}${rawQuery(request)}`, 308),
  );
  tableRoute(app, 'page', 'bindPage', (request, reply) =>
    sendPage(request, reply, 'bind', assets, site, methods),
  );
  tableRoute(app, 'page', 'bindPageSlash', (request, reply) =>
    reply.redirect(`${BIND_PAGE_PATH}${rawQuery(request)}`, 308),
  );
  tableRoute(app, 'page', 'loginScript', (request, reply) =>
    sendAsset(request, reply, assets.script, assets.scriptVersion, 'text/javascript; charset=utf-8'),
  );
  tableRoute(app, 'page', 'loginStyle', (request, reply) =>
    sendAsset(request, reply, assets.css, assets.cssVersion, 'text/css; charset=utf-8'),
  );
}
