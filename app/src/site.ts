/**
 * The site configuration of this page (SPEC §1, §2): which variant of the site this is
 * (domestic, overseas, private deployment, desktop client), the locales it offers, the workbench URL,
 * whether cookie consent is required, whether login shows and the analytics collector project. The server writes it into `index.html`
 * as `<meta name="plugin-center-site" content="{…json…}">`; without it (Vite's dev server, component
 * tests) the domestic site's {@link DEFAULT_SITE_CONFIG} applies.
 *
 * @packageDocumentation
 */
import {
  type CustomHeaderLink,
  type CustomHeaderMenus,
  DEFAULT_SITE_CONFIG,
  type HeaderLinksConfig,
  type HeaderPart,
  LOCALES,
  type Locale,
  PRIVATE_DEPLOYMENT_TYPES,
  SITE_CONFIG_META,
  SITE_PRODUCT_PATTERN,
  SITE_VARIANTS,
  type SiteConfig,
} from '@plugin-center/contract';

/** The longest workbench URL taken from the meta, in characters (a longer one is dropped). */
const MAX_URL_LENGTH = 2048;

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** An http(s) URL or a path of this host (not `//host`), without spaces, at most {@link MAX_URL_LENGTH}. */
const isHref = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= MAX_URL_LENGTH &&
  /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i.test(value);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const HEADER_PARTS: readonly HeaderPart[] = ['products', 'resources', 'hotPicks', 'pricing', 'help'];

/** A custom header link, or `undefined` when its label or address does not fit. */
function parseCustomLink(raw: unknown): CustomHeaderLink | undefined {
  if (!isObject(raw) || !isHref(raw.href)) return undefined;
  if (typeof raw.label === 'string' && raw.label) return { label: raw.label, href: raw.href };
  if (!isObject(raw.label)) return undefined;
  const label: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    const text = raw.label[locale];
    if (typeof text === 'string' && text) label[locale] = text;
  }
  return Object.keys(label).length > 0 ? { label, href: raw.href } : undefined;
}

/**
 * The header's links of the meta: an http(s) origin or `null`; the known parts, without repeats
 * (not a list: all); the custom menus with their fitting links only (not an object: `null`).
 */
function parseLinks(raw: unknown): HeaderLinksConfig {
  const d = DEFAULT_SITE_CONFIG.links;
  if (!isObject(raw)) return { ...d, menus: [...d.menus] };
  const origin =
    typeof raw.hostOrigin === 'string' && /^https?:\/\/[^\s/?#]+$/i.test(raw.hostOrigin)
      ? raw.hostOrigin
      : null;
  const menus = Array.isArray(raw.menus)
    ? [...new Set(raw.menus.filter((m): m is HeaderPart => isOneOf(HEADER_PARTS, m)))]
    : [...d.menus];
  let custom: CustomHeaderMenus | null = null;
  if (isObject(raw.custom)) {
    custom = {};
    for (const key of ['products', 'resources', 'hotPicks', 'help'] as const) {
      const list = raw.custom[key];
      if (Array.isArray(list)) {
        custom[key] = list.map(parseCustomLink).filter((l): l is CustomHeaderLink => l !== undefined);
      }
    }
    const pricing = parseCustomLink(raw.custom.pricing);
    if (pricing) custom.pricing = pricing;
  }
  return { hostOrigin: origin, menus, custom };
}

/**
 * Parses the `content` of the site-configuration meta element. Every field is checked on its own: a
 * missing or wrong one takes the default's value, so a hand-edited or truncated page still starts
 * (never throws). `locales` keeps the known locales in the given order, without repeats; an empty
 * result takes the default's. `workbenchUrl` must be an http(s) URL or a path of this host (no
 * `javascript:`, no protocol-relative `//host`, no spaces, at most {@link MAX_URL_LENGTH} characters)
 * and is `null` when `showLogin` is false; `showSignUp` is kept only as `false` with `showLogin`; `signInUrl` is checked the same way (else `null`); `product` must match `SITE_PRODUCT_PATTERN`; `links`
 * keeps an http(s) `hostOrigin`, the known header parts and the custom links whose address is of the
 * workbench URL's kind and whose label is text (see `parseLinks`);
 * `analyticsProject` (the tracker's collector project) must be a project name (`[A-Za-z0-9_-]{1,64}`).
 */
export function parseSiteConfig(content: string | null | undefined): SiteConfig {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = content ? JSON.parse(content) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const d = DEFAULT_SITE_CONFIG;
  const variant = isOneOf(SITE_VARIANTS, raw.variant) ? raw.variant : d.variant;
  const locales = Array.isArray(raw.locales)
    ? [...new Set(raw.locales.filter((l): l is Locale => isOneOf(LOCALES, l)))]
    : [];
  const showLogin = typeof raw.showLogin === 'boolean' ? raw.showLogin : d.showLogin;
  return {
    variant,
    deploymentType:
      variant === 'private' && isOneOf(PRIVATE_DEPLOYMENT_TYPES, raw.deploymentType)
        ? raw.deploymentType
        : null,
    locales: locales.length > 0 ? locales : [...d.locales],
    // Hidden with login (SPEC §2); an http(s) URL or a path of this host (`//host` is another host).
    workbenchUrl: showLogin && isHref(raw.workbenchUrl) ? raw.workbenchUrl : null,
    cookieConsent: typeof raw.cookieConsent === 'boolean' ? raw.cookieConsent : d.cookieConsent,
    showLogin,
    // Only a closed sign-up is carried (absent: as showLogin).
    ...(showLogin && raw.showSignUp === false ? { showSignUp: false } : {}),
    signInUrl: isHref(raw.signInUrl) ? raw.signInUrl : null,
    product:
      typeof raw.product === 'string' && SITE_PRODUCT_PATTERN.test(raw.product) ? raw.product : d.product,
    links: parseLinks(raw.links),
    analyticsProject:
      typeof raw.analyticsProject === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(raw.analyticsProject)
        ? raw.analyticsProject
        : d.analyticsProject,
  };
}

/** Reads the site configuration of `doc` (see {@link parseSiteConfig}). */
export function readSiteConfig(
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
) {
  return parseSiteConfig(doc?.querySelector(`meta[name="${SITE_CONFIG_META}"]`)?.getAttribute('content'));
}

/** This page's site configuration, read once at start. */
export const site: SiteConfig = readSiteConfig();
