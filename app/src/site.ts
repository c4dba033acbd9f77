/**
 * The site configuration of this page (issue 15, SPEC §1, §2): which variant of the site this is
 * (domestic, overseas, private deployment, desktop client), the locales it offers, the workbench URL,
 * whether cookie consent is required and whether login shows. The server writes it into `index.html`
 * as `<meta name="plugin-center-site" content="{…json…}">`; without it (Vite's dev server, component
 * tests) the domestic site's {@link DEFAULT_SITE_CONFIG} applies.
 *
 * @packageDocumentation
 */
import {
  DEFAULT_SITE_CONFIG,
  LOCALES,
  type Locale,
  PRIVATE_DEPLOYMENT_TYPES,
  SITE_CONFIG_META,
  SITE_VARIANTS,
  type SiteConfig,
} from '@plugin-center/contract';

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/**
 * Parses the `content` of the site-configuration meta element. Every field is checked on its own: a
 * missing or wrong one takes the default's value, so a hand-edited or truncated page still starts
 * (never throws). `locales` keeps the known locales in the given order, without repeats; an empty
 * result takes the default's.
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
  return {
    variant,
    deploymentType:
      variant === 'private' && isOneOf(PRIVATE_DEPLOYMENT_TYPES, raw.deploymentType)
        ? raw.deploymentType
        : null,
    locales: locales.length > 0 ? locales : [...d.locales],
    workbenchUrl:
      typeof raw.workbenchUrl === 'string' && /^(https?:\/\/|\/)/.test(raw.workbenchUrl)
        ? raw.workbenchUrl
        : null,
    cookieConsent: typeof raw.cookieConsent === 'boolean' ? raw.cookieConsent : d.cookieConsent,
    showLogin: typeof raw.showLogin === 'boolean' ? raw.showLogin : d.showLogin,
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
