/**
 * The HTML "page not found" of this server: what a browser navigating to a path nothing here serves
 * gets instead of the API's JSON envelope (a header link of another product, a mistyped address,
 * the login pages of a deployment without login). Self-contained: its stylesheet is inline (allowed
 * by its hash in the page's Content-Security-Policy, no script at all), in the site's look (the
 * design tokens' colours and font, the logo mark), in the visitor's language among the site's.
 */
import { createHash } from 'node:crypto';
import {
  type Locale,
  localeFromCookieValue,
  localeFromLanguageTag,
  type SiteConfig,
} from '@plugin-center/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from './shared/html';

/** The page's texts in one locale. */
interface NotFoundTexts {
  product: string;
  title: string;
  message: string;
  home: string;
}

/** The page's texts in every interface locale (SPEC §1). */
export const NOT_FOUND_TEXTS: Record<Locale, NotFoundTexts> = {
  'zh-CN': {
    product: '插件中心',
    title: '页面不存在',
    message: '你访问的页面不存在，或已被移动。',
    home: '浏览插件',
  },
  'en-US': {
    product: 'Plugin Center',
    title: 'Page not found',
    message: 'The page you are looking for does not exist or has moved.',
    home: 'Browse plugins',
  },
  'ja-JP': {
    product: 'プラグインセンター',
    title: 'ページが見つかりません',
    message: 'お探しのページは存在しないか、移動した可能性があります。',
    home: 'プラグインを見る',
  },
  'ko-KR': {
    product: '플러그인 센터',
    title: '페이지를 찾을 수 없습니다',
    message: '찾으시는 페이지가 없거나 다른 곳으로 옮겨졌습니다.',
    home: '플러그인 둘러보기',
  },
  'ru-RU': {
    product: 'Центр плагинов',
    title: 'Страница не найдена',
    message: 'Страница, которую вы ищете, не существует или была перемещена.',
    home: 'Перейти к плагинам',
  },
  'es-ES': {
    product: 'Centro de plugins',
    title: 'Página no encontrada',
    message: 'La página que buscas no existe o se ha movido.',
    home: 'Ver plugins',
  },
};

const STYLE = `:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans","Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;background:#f6f7fb;color:#1b1f2a}
body{margin:0;min-height:100vh;display:flex;flex-direction:column}
header{height:60px;display:flex;align-items:center;padding:0 clamp(16px,4vw,32px);background:#fff;border-bottom:1px solid #e3e6ee}
header a{display:flex;align-items:center;gap:10px;color:#1b1f2a;font-weight:600;text-decoration:none}
main{flex:1;display:flex;align-items:center;justify-content:center;padding:32px clamp(16px,4vw,32px)}
section{max-width:32rem;text-align:center;background:#fff;border:1px solid #e3e6ee;border-radius:12px;padding:40px 32px;box-shadow:0 1px 2px rgb(16 24 40 / .06),0 12px 32px rgb(16 24 40 / .08)}
.code{margin:0;color:#4f46e5;font-size:48px;font-weight:700;line-height:1}
h1{margin:12px 0 8px;font-size:22px}
p{margin:0 0 24px;color:#5b6475;line-height:1.5}
.home{display:inline-block;padding:10px 20px;border-radius:8px;background:#4f46e5;color:#fff;font-weight:600;text-decoration:none}
.home:hover{background:#4338ca}
a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}`;

const LOGO = `<svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false"><rect x="2" y="2" width="11" height="11" rx="3" fill="#4f46e5"/><rect x="15" y="2" width="11" height="11" rx="3" fill="#c7d2fe"/><rect x="2" y="15" width="11" height="11" rx="3" fill="#c7d2fe"/><rect x="15" y="15" width="11" height="11" rx="5.5" fill="#4f46e5"/></svg>`;

/**
 * Content-Security-Policy of the page: nothing but its own inline stylesheet (by hash) and inline
 * images; no script, no form, never framed.
 */
export const NOT_FOUND_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** Where the page's link leads: the plugin square, which every install serves. */
export const NOT_FOUND_HOME = '/plugins/';

/** The page in `locale`: the site's bar with the logo, "404", the title, a sentence and a link to the square. */
export function renderNotFoundPage(locale: Locale): string {
  const t = NOT_FOUND_TEXTS[locale];
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(t.title)} · ${escapeHtml(t.product)}</title>
<style>${STYLE}</style></head>
<body><header><a href="${NOT_FOUND_HOME}">${LOGO}<span>${escapeHtml(t.product)}</span></a></header>
<main><section><p class="code">404</p><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.message)}</p>
<a class="home" href="${NOT_FOUND_HOME}">${escapeHtml(t.home)}</a></section></main></body></html>
`;
}

/** Paths that are always the API's (JSON envelope), whatever the client accepts. */
const API_PATH = /^\/(?:api|sa\.gif|healthz|sdk)(?:[/?.]|$)/;

/**
 * Whether `request` is a browser navigation that should get the HTML page rather than the JSON
 * envelope: `GET` or `HEAD`, a path outside the API (`/api/…`, `/sa.gif`, `/healthz`, `/sdk/…`)
 * and an `Accept` header naming `text/html` (every browser's navigation does; `fetch()` and API
 * clients send `application/json` or accept any type).
 */
export function wantsHtmlPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (API_PATH.test(request.url)) return false;
  const accept = request.headers.accept;
  return typeof accept === 'string' && /(?:^|,)\s*text\/html\s*(?:[;,]|$)/i.test(accept);
}

/** The value of cookie `name` in a `Cookie` header, if any (first occurrence). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The page's locale among `locales` (the site's, the first its default): the `lang` cookie's
 * (SPEC §9) when offered, else the first offered language of `Accept-Language` by weight, else the
 * site's default.
 */
export function notFoundLocale(
  cookie: string | undefined,
  acceptLanguage: string | undefined,
  locales: readonly Locale[],
): Locale {
  const offered = (l: Locale | undefined): l is Locale => l !== undefined && locales.includes(l);
  const fromCookie = localeFromCookieValue(cookieValue(cookie, 'lang')?.slice(0, 64));
  if (offered(fromCookie)) return fromCookie;
  const wanted = (acceptLanguage ?? '')
    .slice(0, 1024)
    .split(',')
    .map((entry, i) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((e) => e.tag && e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of wanted) {
    const locale = localeFromLanguageTag(tag);
    if (offered(locale)) return locale;
  }
  return locales[0] ?? 'en-US';
}

/**
 * Answers `request` with the 404 page: `404 text/html; charset=utf-8` in the visitor's language
 * ({@link notFoundLocale}), {@link NOT_FOUND_PAGE_CSP}, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer`, `Cache-Control: no-store`, `Vary: Accept, Accept-Language, Cookie`.
 */
export function sendNotFoundPage(request: FastifyRequest, reply: FastifyReply, site: SiteConfig) {
  const locale = notFoundLocale(request.headers.cookie, request.headers['accept-language'], site.locales);
  return reply
    .code(404)
    .header('content-security-policy', NOT_FOUND_PAGE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('vary', 'Accept, Accept-Language, Cookie')
    .type('text/html; charset=utf-8')
    .send(renderNotFoundPage(locale));
}
