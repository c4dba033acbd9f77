/**
 * The head of the marketplace's page as a shared link shows it before JavaScript runs (link
 * previews of chat apps and social sites, search engines): `<html lang>`, `<title>`, the meta
 * description, the canonical URL, and the Open Graph and Twitter card tags of the square and of each
 * plugin at `/plugins/detail/<key>` and each publisher at `/plugins/publisher/<handle>`, in the
 * visitor's language among the site's (SPEC §1). The built `index.html` is prepared once
 * ({@link prepareAppPage}); each request only joins strings around one indexed lookup for a detail
 * or publisher link ({@link renderAppPage}).
 */
import { type Locale, localeFromCookieValue, type SiteConfig } from '@plugin-center/contract';
import { chooseOfferedLocale } from '@plugin-center/contract/locales';
import { escapeHtml } from './shared/html';

/** The texts of the page head in one interface locale. */
export interface PageMetaTexts {
  /**
   * The product name: the title of the square, and after `·` of a plugin's or publisher's title, as
   * the app's `useDocumentTitle` writes them (the same as the app's `app.name`).
   */
  productName: string;
  /** The square's description. */
  description: string;
  /** A publisher page's title before `·`, as the app's `publishers.pageTitle` words it. */
  publisherTitle: (name: string, handle: string) => string;
  /** A publisher page's description: how many approved, listed plugins it shows. */
  publisherDescription: (name: string, plugins: number) => string;
}

/** The texts of the page head in each interface locale ({@link PageMetaTexts}). */
export const PAGE_META_TEXTS: Record<Locale, PageMetaTexts> = {
  'zh-CN': {
    productName: '插件中心',
    description: '浏览、搜索并安装设计工具的插件。',
    publisherTitle: (name, handle) => `${name}（@${handle}）：发布者`,
    publisherDescription: (name, plugins) => `${name} 发布的 ${plugins} 个插件。`,
  },
  'en-US': {
    productName: 'Plugin Center',
    description: 'Browse, search and install plugins for your design tool.',
    publisherTitle: (name, handle) => `${name} (@${handle}): publisher`,
    publisherDescription: (name, plugins) => `${plugins} ${plugins === 1 ? 'plugin' : 'plugins'} by ${name}.`,
  },
  'ja-JP': {
    productName: 'プラグインセンター',
    description: 'デザインツールのプラグインを探して、検索して、インストールできます。',
    publisherTitle: (name, handle) => `${name}（@${handle}）：パブリッシャー`,
    publisherDescription: (name, plugins) => `${name} が公開しているプラグイン ${plugins} 件。`,
  },
  'ko-KR': {
    productName: '플러그인 센터',
    description: '디자인 도구용 플러그인을 둘러보고, 검색하고, 설치하세요.',
    publisherTitle: (name, handle) => `${name}(@${handle}): 게시자`,
    publisherDescription: (name, plugins) => `${name}님이 게시한 플러그인 ${plugins}개.`,
  },
  'ru-RU': {
    productName: 'Центр плагинов',
    description: 'Просматривайте, ищите и устанавливайте плагины для вашего инструмента дизайна.',
    publisherTitle: (name, handle) => `${name} (@${handle}): издатель`,
    publisherDescription: (name, plugins) => `Плагины издателя ${name}: ${plugins}.`,
  },
  'es-ES': {
    productName: 'Centro de plugins',
    description: 'Explora, busca e instala plugins para tu herramienta de diseño.',
    publisherTitle: (name, handle) => `${name} (@${handle}): editor`,
    publisherDescription: (name, plugins) => `${plugins} ${plugins === 1 ? 'plugin' : 'plugins'} de ${name}.`,
  },
};

/** What a shared link's preview shows of a plugin, in the asked locale. */
export interface ShareCard {
  /** The plugin's name (its translation's where there is one). */
  name: string;
  /** Its intro (its translation's where there is one). */
  intro: string;
  /** The preview picture: an http(s) URL or a path on this server; null when none. */
  image: string | null;
  /** Whether `image` is the 16:9 cover (a large card) rather than the icon. */
  imageIsCover: boolean;
}

/** Looks up an approved plugin's {@link ShareCard} by key in a locale; undefined when there is none. */
export type ShareCardLookup = (pluginKey: string, locale: Locale) => Promise<ShareCard | undefined>;

/** What a shared link's preview shows of a publisher. */
export interface PublisherShareCard {
  /** The account's display name. */
  name: string;
  /** The handle as stored (lower case). */
  handle: string;
  /** How many approved, listed plugins the page shows. */
  plugins: number;
  /** The avatar: an http(s) URL or a path on this server; null when none. */
  image: string | null;
}

/**
 * Looks up the publisher holding `handle` (any case; the path's text, not yet checked) for its
 * {@link PublisherShareCard}; undefined when nobody active holds it.
 */
export type PublisherShareCardLookup = (handle: string) => Promise<PublisherShareCard | undefined>;

/** The lookups behind the heads of shared links; a missing one gives its pages the square's head. */
export interface ShareCardLookups {
  /** For `/plugins/detail/<key>`. */
  plugin?: ShareCardLookup | undefined;
  /** For `/plugins/publisher/<handle>`. */
  publisher?: PublisherShareCardLookup | undefined;
}

/** The built page cut once around what changes per request: the `lang` value and the head tags. */
export interface AppPageTemplate {
  /**
   * Three parts: up to the `<html lang>` value, from after it to where the head tags go (before
   * `</head>`, or the start of a page without one), and the rest. Without a `lang` attribute the
   * first is empty and no locale is written.
   */
  readonly parts: readonly [string, string, string];
  /** The site whose locales the page is rendered in. */
  readonly site: SiteConfig;
}

/** A request's view of the page: what it asks for and who asks. */
export interface AppPageRequest {
  /** The URL path, without the query (`/plugins/detail/color-picker`). */
  path: string;
  /** `<protocol>://<host>` of the request, for absolute URLs; undefined when its host is unusable. */
  origin: string | undefined;
  /** The `lang` cookie's value (SPEC §9), URL-decoded. */
  langCookie: string | undefined;
  /** The `Accept-Language` languages with q > 0, most wanted first. */
  languages: readonly string[];
}

/** The tags this module writes, removed from the built page first so each appears once. */
const OWN_TAGS = [
  /<title>[\s\S]*?<\/title>\s*/gi,
  /<meta\s+name="(?:description|robots|twitter:[^"]*)"[^>]*>\s*/gi,
  /<meta\s+property="og:[^"]*"[^>]*>\s*/gi,
  /<link\s+rel="canonical"[^>]*>\s*/gi,
];

/**
 * Cuts `html` (the built `index.html` with the site configuration, `injectSiteConfig`) for
 * {@link renderAppPage}: its own title, description, robots, canonical, `og:*` and `twitter:*`
 * tags are removed, and it is split at the `<html lang>` value and at `</head>`. Done once at start.
 */
export function prepareAppPage(html: string, site: SiteConfig): AppPageTemplate {
  let page = html;
  for (const tag of OWN_TAGS) page = page.replace(tag, '');
  const head = page.search(/<\/head>/i);
  const at = Math.max(head, 0);
  const before = page.slice(0, at);
  const after = page.slice(at);
  const lang = /(<html\b[^>]*?\slang=")[^"]*(")/i.exec(before);
  const parts: [string, string, string] = lang
    ? [before.slice(0, lang.index + lang[1]!.length), before.slice(lang.index + lang[0].length - 1), after]
    : ['', before, after];
  return { parts, site };
}

/** The longest plugin key looked up; a longer `/plugins/detail/<key>` is not one. */
const MAX_KEY_LENGTH = 200;
/** The longest description written (characters). */
const MAX_DESCRIPTION = 300;
/** A usable `Host`: a name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * `<protocol>://<host>` of a request when `host` is a plain host name or address with an optional
 * port (a hostile `Host` yields no absolute URL rather than one pointing elsewhere in odd ways).
 */
export function requestOrigin(protocol: string, host: string | undefined): string | undefined {
  if (!host || !HOST.test(host) || (protocol !== 'http' && protocol !== 'https')) return undefined;
  return `${protocol}://${host}`;
}

/**
 * The one segment after `/plugins/<section>/` of `path` (URL-decoded); null when that segment is no
 * usable value (over `max` characters, a broken %-escape, control characters — NUL among them, which
 * PostgreSQL text refuses); undefined when `path` is not of that section.
 */
function sectionParam(path: string, section: string, max: number): string | null | undefined {
  const prefix = `/plugins/${section}/`;
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length).replace(/\/$/, '');
  if (rest === '' || rest.includes('/')) return undefined;
  try {
    const value = decodeURIComponent(rest);
    const control = [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
    return value.length <= max && !control ? value : null;
  } catch {
    return null;
  }
}

/**
 * The plugin key of a detail path `/plugins/detail/<key>` (URL-decoded); null for a detail path
 * whose key is no key (empty, over 200 characters, a broken %-escape, control characters — NUL among
 * them, which PostgreSQL text refuses); undefined for any other path.
 */
export function detailKeyOf(path: string): string | null | undefined {
  return sectionParam(path, 'detail', MAX_KEY_LENGTH);
}

/**
 * The handle of a publisher path `/plugins/publisher/<handle>` (URL-decoded, at most 64 characters,
 * without control characters); null for a publisher path whose handle is none of those; undefined
 * for any other path.
 */
export function publisherHandleOf(path: string): string | null | undefined {
  return sectionParam(path, 'publisher', 64);
}

/** `image` as an absolute URL: kept when http(s), joined to `origin` when a path, else none. */
function absolute(image: string | null, origin: string | undefined): string | undefined {
  if (!image) return undefined;
  if (/^https?:\/\//i.test(image)) return image;
  if (origin && image.startsWith('/') && !image.startsWith('//')) return `${origin}${image}`;
  return undefined;
}

/** One line of text, at most `max` characters (whitespace runs made one space). */
function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** `og:locale` form of a locale: `zh_CN`. */
const ogLocale = (locale: Locale) => locale.replace('-', '_');

/** The head tags of one page (every value escaped). */
function headTags(meta: {
  locale: Locale;
  site: SiteConfig;
  title: string;
  description: string;
  url: string | undefined;
  image: string | undefined;
  largeImage: boolean;
  notFound: boolean;
}): string {
  const e = escapeHtml;
  const { productName } = PAGE_META_TEXTS[meta.locale];
  const tags = [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}">`,
  ];
  if (meta.notFound) tags.push('<meta name="robots" content="noindex">');
  if (meta.url) tags.push(`<link rel="canonical" href="${e(meta.url)}">`);
  tags.push(
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${e(productName)}">`,
    `<meta property="og:title" content="${e(meta.title)}">`,
    `<meta property="og:description" content="${e(meta.description)}">`,
    `<meta property="og:locale" content="${ogLocale(meta.locale)}">`,
  );
  for (const other of meta.site.locales) {
    if (other !== meta.locale)
      tags.push(`<meta property="og:locale:alternate" content="${ogLocale(other)}">`);
  }
  if (meta.url) tags.push(`<meta property="og:url" content="${e(meta.url)}">`);
  if (meta.image) tags.push(`<meta property="og:image" content="${e(meta.image)}">`);
  tags.push(
    `<meta name="twitter:card" content="${meta.image && meta.largeImage ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${e(meta.title)}">`,
    `<meta name="twitter:description" content="${e(meta.description)}">`,
  );
  if (meta.image) tags.push(`<meta name="twitter:image" content="${e(meta.image)}">`);
  return `${tags.join('\n')}\n`;
}

/** What a detail or publisher link's head has of its own (the rest is the square's). */
interface LinkHead {
  title: string;
  description: string;
  /** The canonical path. */
  path: string;
  image: string | null;
  largeImage: boolean;
}

/**
 * The head of a detail or publisher path through its lookup; 'missing' when the lookup finds
 * nothing (or the path's key or handle is none); undefined for any other path, or without the
 * path's lookup.
 */
async function linkHead(
  path: string,
  locale: Locale,
  lookups: ShareCardLookups,
): Promise<LinkHead | 'missing' | undefined> {
  const texts = PAGE_META_TEXTS[locale];
  const key = detailKeyOf(path);
  if (key !== undefined) {
    if (!lookups.plugin) return undefined;
    const card = key === null ? undefined : await lookups.plugin(key, locale);
    if (!card) return 'missing';
    return {
      title: `${oneLine(card.name, 200)} · ${texts.productName}`,
      description: card.intro || texts.description,
      path: `/plugins/detail/${encodeURIComponent(key as string)}`,
      image: card.image,
      largeImage: card.imageIsCover,
    };
  }
  const handle = publisherHandleOf(path);
  if (handle !== undefined) {
    if (!lookups.publisher) return undefined;
    const card = handle === null ? undefined : await lookups.publisher(handle);
    if (!card) return 'missing';
    const name = oneLine(card.name, 200);
    return {
      title: `${texts.publisherTitle(name, card.handle)} · ${texts.productName}`,
      description: texts.publisherDescription(name, card.plugins),
      path: `/plugins/publisher/${encodeURIComponent(card.handle)}`,
      image: card.image,
      largeImage: false,
    };
  }
  return undefined;
}

/**
 * The page for one request, and its status:
 *
 * - the locale: the `lang` cookie, `Accept-Language`, the en-US fallback, the site's first (the
 *   contract's `chooseOfferedLocale`, as the app and the login pages choose); it goes into
 *   `<html lang>`, `og:locale` (the site's other locales as `og:locale:alternate`) and the texts;
 * - `/plugins/detail/<key>` of an approved plugin (one `lookups.plugin`): title `<name> · <product>`,
 *   its intro as the description, the canonical and `og:url` `/plugins/detail/<key>`, its cover
 *   (large card) or icon as `og:image` / `twitter:image` (absolute URL); 200;
 * - `/plugins/publisher/<handle>` of an active publisher (one `lookups.publisher`): title
 *   `<name> (@<handle>): publisher · <product>` (as the app's page title), the number of its plugins
 *   as the description, the canonical `/plugins/publisher/<handle>` (lower case), its avatar as the
 *   image (small card); 200;
 * - a detail or publisher path its lookup finds nothing for: the square's head with
 *   `<meta name="robots" content="noindex">` and status 404 (the app still starts and says so;
 *   without the lookup such a path gets the square's head and 200);
 * - any other path: the square's head — title the product name, the square's description
 *   ({@link PAGE_META_TEXTS}), canonical the path (`/plugins/` for `/plugins/index.html`); 200.
 *
 * Names and intros are authors' text and everything is HTML-escaped; absolute URLs use the
 * request's origin only when its `Host` is a plain host (see {@link requestOrigin}).
 */
export async function renderAppPage(
  template: AppPageTemplate,
  request: AppPageRequest,
  lookups: ShareCardLookups = {},
): Promise<{ status: 200 | 404; html: string }> {
  const { site } = template;
  const langCookie =
    request.langCookie !== undefined && request.langCookie.length <= 64 ? request.langCookie : undefined;
  const locale = chooseOfferedLocale(localeFromCookieValue(langCookie), request.languages, site.locales);
  const texts = PAGE_META_TEXTS[locale];
  const found = await linkHead(request.path, locale, lookups);
  const head = typeof found === 'object' ? found : undefined;
  const notFound = found === 'missing';
  const origin = request.origin;
  const path = head ? head.path : request.path === '/plugins/index.html' ? '/plugins/' : request.path;
  const tags = headTags({
    locale,
    site,
    title: head?.title ?? texts.productName,
    description: oneLine(head?.description ?? texts.description, MAX_DESCRIPTION),
    url: origin ? `${origin}${path}` : undefined,
    image: head ? absolute(head.image, origin) : undefined,
    largeImage: head?.largeImage ?? false,
    notFound,
  });
  const [first, middle, last] = template.parts;
  return {
    status: notFound ? 404 : 200,
    html: first ? `${first}${locale}${middle}${tags}${last}` : `${middle}${tags}${last}`,
  };
}
