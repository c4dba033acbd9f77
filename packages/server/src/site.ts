/**
 * The site variant (SPEC §1, §2): the {@link SiteConfig} the server derives from
 * `SITE_VARIANT`, `PRIVATE_DEPLOYMENT_TYPE`, `SITE_LOCALES`, `WORKBENCH_URL`, `SITE_SIGN_IN_URL`, `COOKIE_CONSENT`,
 * `SITE_PRODUCT`, `ANALYTICS_PROJECT` and the header's links (`SITE_HOST_ORIGIN`, `SITE_HEADER_MENUS`,
 * `SITE_HEADER_MENU_FILE`),
 * and how it reaches the marketplace: a `<meta name="plugin-center-site">` written into the built
 * `index.html` (read by `app/src/site.ts`), so the app knows its variant at first paint.
 */
import {
  AnalyticsProject,
  type CustomHeaderMenus,
  DEFAULT_SITE_PRODUCT,
  type HeaderPart,
  LOGIN_HIDDEN_DEPLOYMENT_TYPES,
  type Locale,
  type PrivateDeploymentType,
  SITE_CONFIG_META,
  type SiteConfig,
  type SiteVariant,
  VARIANT_LOCALES,
} from '@plugin-center/contract';
import { HEADER_PARTS, resolveHeaderMenus, resolveHostHref } from './config/headerLinks';
import { escapeHtml } from './shared/html';

/** The site settings as read from the environment (`config/site.ts`). */
export interface SiteSettings {
  variant?: SiteVariant | undefined;
  deploymentType?: PrivateDeploymentType | undefined;
  locales?: Locale[] | undefined;
  workbenchUrl?: string | undefined;
  /** `SITE_SIGN_IN_URL`: the host product's sign-in page. */
  signInUrl?: string | undefined;
  cookieConsent?: boolean | undefined;
  product?: string | undefined;
  /** `SITE_HOST_ORIGIN`: the host product's origin, `https://host[:port]`. */
  hostOrigin?: string | undefined;
  /** `SITE_HEADER_MENUS`: the header parts shown. */
  headerMenus?: HeaderPart[] | undefined;
  /** `SITE_HEADER_MENU_FILE`, read: the custom menus (addresses not yet resolved). */
  headerMenuFile?: CustomHeaderMenus | undefined;
  /** `ANALYTICS_PROJECT`: the tracker's collector project. */
  analyticsProject?: string | undefined;
}

/**
 * The collector project of each variant's marketplace tracker (SPEC §9 "collector by deployment
 * type (www or oversea production project, test default project)"): the domestic site and the
 * desktop client (the www product) `production`, the overseas site `oversea_production`, a private
 * deployment the test project `default`. `ANALYTICS_PROJECT` overrides it (a test deployment of the
 * domestic site sets `default`).
 */
export const VARIANT_ANALYTICS_PROJECT = {
  domestic: AnalyticsProject.WWW,
  desktop: AnalyticsProject.WWW,
  overseas: AnalyticsProject.OVERSEA,
  private: AnalyticsProject.TEST,
} as const satisfies Record<SiteVariant, AnalyticsProject>;

/**
 * The site configuration of `settings`: the variant (default `domestic`); for `private`, the
 * deployment type (default `pri`; {@link LOGIN_HIDDEN_DEPLOYMENT_TYPES} hide login and the
 * workbench); the locales (`SITE_LOCALES`, else the variant's {@link VARIANT_LOCALES}); the
 * workbench URL (none: the link is hidden; a path outside `/plugins/` is on the host origin); the
 * sign-in page (`SITE_SIGN_IN_URL`, a path on the host origin or an http(s) URL; none: this server's
 * login page, or no sign-in where login is hidden); cookie
 * consent (default on for `overseas` only); the product slug of the `/{product}-enterprise/` link
 * (`SITE_PRODUCT`, default {@link DEFAULT_SITE_PRODUCT}); the header's links: the host origin (default
 * none), the parts shown (default all) and the custom menus with their addresses resolved; the
 * tracker's collector project (`ANALYTICS_PROJECT`, else {@link VARIANT_ANALYTICS_PROJECT}).
 *
 * @throws ConfigError (`WORKBENCH_URL`, `SITE_SIGN_IN_URL`, `SITE_HEADER_MENU_FILE`) for a shown address that is a path
 *   this server does not serve while no host origin is set (see `resolveHostHref`).
 */
export function resolveSiteConfig(settings: SiteSettings = {}): SiteConfig {
  const variant = settings.variant ?? 'domestic';
  const deploymentType = variant === 'private' ? (settings.deploymentType ?? 'pri') : null;
  const showLogin = !(deploymentType && LOGIN_HIDDEN_DEPLOYMENT_TYPES.includes(deploymentType));
  return {
    variant,
    deploymentType,
    locales: settings.locales?.length ? [...settings.locales] : [...VARIANT_LOCALES[variant]],
    workbenchUrl:
      showLogin && settings.workbenchUrl
        ? resolveHostHref('WORKBENCH_URL', settings.workbenchUrl, settings.hostOrigin)
        : null,
    cookieConsent: settings.cookieConsent ?? variant === 'overseas',
    showLogin,
    signInUrl: settings.signInUrl
      ? resolveHostHref('SITE_SIGN_IN_URL', settings.signInUrl, settings.hostOrigin)
      : null,
    product: settings.product ?? DEFAULT_SITE_PRODUCT,
    links: {
      hostOrigin: settings.hostOrigin ?? null,
      menus: [...(settings.headerMenus ?? HEADER_PARTS)],
      custom: settings.headerMenuFile
        ? resolveHeaderMenus(settings.headerMenuFile, settings.hostOrigin ?? null)
        : null,
    },
    analyticsProject: settings.analyticsProject ?? VARIANT_ANALYTICS_PROJECT[variant],
  };
}

/**
 * `html` (the built `index.html`) with the site configuration as `<meta name="plugin-center-site"
 * content="…">` at the end of `<head>` (an existing one is replaced), and `<html lang>` set to the
 * site's default locale (the app corrects it at start from the `lang` cookie).
 */
export function injectSiteConfig(html: string, site: SiteConfig): string {
  const meta = `<meta name="${SITE_CONFIG_META}" content="${escapeHtml(JSON.stringify(site))}">`;
  const withoutOld = html.replace(new RegExp(`<meta name="${SITE_CONFIG_META}"[^>]*>`, 'g'), '');
  const withMeta = /<\/head>/i.test(withoutOld)
    ? withoutOld.replace(/<\/head>/i, (end) => `${meta}\n${end}`)
    : `${meta}${withoutOld}`;
  return withMeta.replace(/<html([^>]*?)\slang="[^"]*"/i, `<html$1 lang="${site.locales[0]}"`);
}
