/**
 * The site variant (SPEC §1, §2): the {@link SiteConfig} the server derives from
 * `SITE_VARIANT`, `PRIVATE_DEPLOYMENT_TYPE`, `SITE_LOCALES`, `WORKBENCH_URL`, `COOKIE_CONSENT`,
 * `SITE_PRODUCT` and `ANALYTICS_PROJECT`,
 * and how it reaches the marketplace: a `<meta name="plugin-center-site">` written into the built
 * `index.html` (read by `app/src/site.ts`), so the app knows its variant at first paint.
 */
import {
  AnalyticsProject,
  DEFAULT_SITE_PRODUCT,
  LOGIN_HIDDEN_DEPLOYMENT_TYPES,
  type Locale,
  type PrivateDeploymentType,
  SITE_CONFIG_META,
  type SiteConfig,
  type SiteVariant,
  VARIANT_LOCALES,
} from '@plugin-center/contract';
import { escapeHtml } from './shared/html';

/** The site settings as read from the environment (`config/site.ts`). */
export interface SiteSettings {
  variant?: SiteVariant | undefined;
  deploymentType?: PrivateDeploymentType | undefined;
  locales?: Locale[] | undefined;
  workbenchUrl?: string | undefined;
  cookieConsent?: boolean | undefined;
  product?: string | undefined;
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
 * workbench URL (none: the link is hidden); cookie consent (default on for `overseas` only); the
 * product slug of the `/{product}-enterprise/` link (`SITE_PRODUCT`, default {@link DEFAULT_SITE_PRODUCT});
 * the tracker's collector project (`ANALYTICS_PROJECT`, else {@link VARIANT_ANALYTICS_PROJECT}).
 */
export function resolveSiteConfig(settings: SiteSettings = {}): SiteConfig {
  const variant = settings.variant ?? 'domestic';
  const deploymentType = variant === 'private' ? (settings.deploymentType ?? 'pri') : null;
  const showLogin = !(deploymentType && LOGIN_HIDDEN_DEPLOYMENT_TYPES.includes(deploymentType));
  return {
    variant,
    deploymentType,
    locales: settings.locales?.length ? [...settings.locales] : [...VARIANT_LOCALES[variant]],
    workbenchUrl: showLogin ? (settings.workbenchUrl ?? null) : null,
    cookieConsent: settings.cookieConsent ?? variant === 'overseas',
    showLogin,
    product: settings.product ?? DEFAULT_SITE_PRODUCT,
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
