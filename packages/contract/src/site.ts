/**
 * The site variants and private deployment types (SPEC §1, §2, §9) and the site configuration the
 * server hands the app.
 */
import type { Locale } from './locales';

/**
 * The site variants of SPEC §1 and §2, chosen by the server's `SITE_VARIANT` setting: one
 * build serves all of them. `domestic` offers Chinese and English, `overseas` English, Japanese,
 * Korean, Russian and Spanish, `private` a private deployment (its {@link PRIVATE_DEPLOYMENT_TYPES}),
 * `desktop` the desktop client's pages (its own header, SPEC §2 "Desktop header").
 */
export const SITE_VARIANTS = ['domestic', 'overseas', 'private', 'desktop'] as const;
/** One of {@link SITE_VARIANTS}. */
export type SiteVariant = (typeof SITE_VARIANTS)[number];

/** Private deployment types (SPEC §9). */
export const PRIVATE_DEPLOYMENT_TYPES = ['pri', 'hwdc', 'hk', 'nh', 'gfkd', 'kdxf', 'cluster'] as const;
/** One of {@link PRIVATE_DEPLOYMENT_TYPES}. */
export type PrivateDeploymentType = (typeof PRIVATE_DEPLOYMENT_TYPES)[number];

/**
 * The private deployment types whose header hides login and the workbench (SPEC §2 "private
 * deployment (hides login/workbench for a certain deployment type)"): `hwdc`, a deployment inside a
 * host's data centre whose sign-in is the host's own.
 */
export const LOGIN_HIDDEN_DEPLOYMENT_TYPES: readonly PrivateDeploymentType[] = ['hwdc'];

/**
 * The locales each variant offers by default (SPEC §1), its first the default interface language. A
 * private deployment may narrow or widen its list (`SITE_LOCALES`); its language picker shows only
 * when more than one is offered.
 */
export const VARIANT_LOCALES = {
  domestic: ['zh-CN', 'en-US'],
  overseas: ['en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES'],
  private: ['zh-CN', 'en-US'],
  desktop: ['zh-CN', 'en-US'],
} as const satisfies Record<SiteVariant, readonly Locale[]>;

/**
 * `name` of the `<meta>` element through which the server hands the site configuration
 * ({@link SiteConfig}, JSON in `content`) to the marketplace's `index.html`, so the app knows its
 * variant before the first paint without another request.
 */
export const SITE_CONFIG_META = 'plugin-center-site';

/**
 * The site configuration the app reads from {@link SITE_CONFIG_META}.
 * - `variant`: {@link SiteVariant};
 * - `deploymentType`: the private deployment type, `null` outside `private`;
 * - `locales`: the locales offered, the first the default (a `lang` cookie naming another is ignored);
 * - `workbenchUrl`: where the header's workbench link goes (`WORKBENCH_URL`), `null` hides the link;
 * - `cookieConsent`: whether the cookie consent notice is shown and non-essential storage waits for
 *   consent (default: on for `overseas`);
 * - `showLogin`: `false` hides login, sign-up and the workbench (SPEC §2, see
 *   {@link LOGIN_HIDDEN_DEPLOYMENT_TYPES});
 * - `showSignUp`: `false` hides the sign-up entry while login stays (the deployment has e-mail
 *   sign-in off, `PRIVATE_LOGIN_CONFIG.password.enable` false: people sign in through the company's
 *   directory only); absent means as `showLogin`;
 * - `signInUrl`: where the app sends a person to sign in instead of this server's login page
 *   (`SITE_SIGN_IN_URL`, an http(s) URL: the host product's sign-in on a site without login, such as
 *   `hwdc`); `null`: this server's login page when `showLogin`, else no sign-in on this site (pages
 *   that need an account say so);
 * - `product`: the product's slug in the header's enterprise-edition link `/{product}-enterprise/`
 *   (SPEC §2; `SITE_PRODUCT`, {@link SITE_PRODUCT_PATTERN});
 * - `links`: where the header's product, resource, pricing and help links and the hot picks go
 *   ({@link HeaderLinksConfig});
 * - `analyticsProject`: the collector project the marketplace's tracker posts to (`/sa?project=`;
 *   SPEC §9 "collector by deployment type": `production` on the domestic site and the desktop
 *   client, `oversea_production` overseas, the test project `default` elsewhere; `ANALYTICS_PROJECT`).
 */
export interface SiteConfig {
  variant: SiteVariant;
  deploymentType: PrivateDeploymentType | null;
  locales: Locale[];
  workbenchUrl: string | null;
  cookieConsent: boolean;
  showLogin: boolean;
  showSignUp?: boolean;
  signInUrl: string | null;
  product: string;
  links: HeaderLinksConfig;
  analyticsProject: string;
}

/**
 * A part of the site header that can be switched off (`SITE_HEADER_MENUS`): the Products, Resources
 * and Help menus, the Pricing link and the Resources menu's hot-picks carousel.
 */
export type HeaderPart = 'products' | 'resources' | 'hotPicks' | 'pricing' | 'help';

/**
 * One link of a custom header menu (`SITE_HEADER_MENU_FILE`): its text, one for every locale or one
 * per locale (a missing locale shows the `en-US` text, else the first given), and its address, an
 * http(s) URL or a path this server serves (the server has already resolved other paths against the
 * host product's origin).
 */
export interface CustomHeaderLink {
  label: string | Partial<Record<Locale, string>>;
  href: string;
}

/** A custom header menu file's menus: each one given replaces the built-in one; one left out is not shown. */
export interface CustomHeaderMenus {
  products?: CustomHeaderLink[];
  resources?: CustomHeaderLink[];
  hotPicks?: CustomHeaderLink[];
  pricing?: CustomHeaderLink;
  help?: CustomHeaderLink[];
}

/**
 * Where the header's links go (SPEC §2 "Header links"):
 * - `hostOrigin`: the host product's origin (`SITE_HOST_ORIGIN`, e.g. `https://design.example.com`)
 *   that SPEC §2's paths (`/community/home`, `/price/`, `/help/`…) are on; `null`: none, so the
 *   header shows only what this server serves (the plugin square);
 * - `menus`: the parts shown ({@link HeaderPart}; `SITE_HEADER_MENUS`, default all);
 * - `custom`: a custom menu file's menus ({@link CustomHeaderMenus}; `SITE_HEADER_MENU_FILE`)
 *   instead of SPEC §2's, or `null`.
 */
export interface HeaderLinksConfig {
  hostOrigin: string | null;
  menus: HeaderPart[];
  custom: CustomHeaderMenus | null;
}

/**
 * What a product slug ({@link SiteConfig} `product`) may be: 1–40 lower-case letters, digits and
 * inner hyphens, so `/{product}-enterprise/` is always a plain path segment.
 */
export const SITE_PRODUCT_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** The product slug when none is configured: `pixso` (`/pixso-enterprise/`). */
export const DEFAULT_SITE_PRODUCT = 'pixso';

/**
 * The site configuration when the server hands none (the Vite dev server, tests): the domestic site,
 * posting analytics to the test project `default`.
 */
export const DEFAULT_SITE_CONFIG: SiteConfig = {
  variant: 'domestic',
  deploymentType: null,
  locales: ['zh-CN', 'en-US'],
  workbenchUrl: null,
  cookieConsent: false,
  showLogin: true,
  signInUrl: null,
  product: DEFAULT_SITE_PRODUCT,
  links: { hostOrigin: null, menus: ['products', 'resources', 'hotPicks', 'pricing', 'help'], custom: null },
  analyticsProject: 'default',
};
