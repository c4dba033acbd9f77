/**
 * The site header's links (SPEC §2 "Header links", "Header variants"), and its constants
 * (`constants.ts`, re-exported). Pure data and functions of the site configuration and the interface locale, so the
 * menus of every variant and language can be checked without a browser.
 *
 * @packageDocumentation
 */
import type { Locale, SiteConfig } from '@plugin-center/contract';
import type { HeaderMenuId } from './constants';

export * from './constants';

/** One link of a header menu: its text key under `header.` and its address. */
export interface HeaderLink {
  /** Key of its text in the `header` section (`header.${key}`). */
  key: string;
  href: string;
}

/** One hot pick of the resource menu's carousel: a community file (text key under `header.`, address). */
export interface HotPick {
  key: string;
  href: string;
}

/**
 * The resource menu's hot picks (SPEC §2, §9: 4 community-file links). The destinations are the
 * community library filtered to a kind of file; change them here.
 */
export const HOT_PICKS: readonly HotPick[] = [
  { key: 'hotPickUiKit', href: '/community/home?classify=library&keyword=ui-kit' },
  { key: 'hotPickIcons', href: '/community/home?classify=library&keyword=icons' },
  { key: 'hotPickWireframes', href: '/community/home?classify=library&keyword=wireframes' },
  { key: 'hotPickDashboards', href: '/community/home?classify=library&keyword=dashboard' },
];

/**
 * The path segment each locale's help centre and overseas pricing page use: SPEC §2 names
 * `/help/en/`, `/help/jp/`, `/help/kr/`, `/help/es/` (the `lang` cookie values of SPEC §9). There is
 * no Russian help centre: Russian readers get the English one. Chinese has the unprefixed page.
 */
const HELP_SEGMENT = {
  'zh-CN': '',
  'en-US': 'en/',
  'ja-JP': 'jp/',
  'ko-KR': 'kr/',
  'ru-RU': 'en/',
  'es-ES': 'es/',
} as const satisfies Record<Locale, string>;

/** The help centre of `locale` (SPEC §2): `/help/` for Chinese, `/help/en/` (also for Russian), `/help/jp/`, `/help/kr/`, `/help/es/`. */
export function helpHref(locale: Locale): string {
  return `/help/${HELP_SEGMENT[locale]}`;
}

/**
 * The pricing page (SPEC §2): `/price/` on the domestic site (and on private deployments and the
 * desktop client, which follow the domestic links); on the overseas site one page per language,
 * `/price/{lang}/` with the `lang` cookie value of SPEC §9: `/price/en/`, `/price/jp/`, `/price/kr/`,
 * `/price/ru/`, `/price/es/` (Chinese, not offered there by default, gets `/price/en/`).
 */
export function pricingHref(config: SiteConfig, locale: Locale): string {
  if (config.variant !== 'overseas') return '/price/';
  const segment = {
    'zh-CN': 'en',
    'en-US': 'en',
    'ja-JP': 'jp',
    'ko-KR': 'kr',
    'ru-RU': 'ru',
    'es-ES': 'es',
  }[locale];
  return `/price/${segment}/`;
}

/**
 * The private-deployment page (SPEC §2): `/privatedeploy/` on the domestic site (and the desktop
 * client), `/private-deployment/` on the overseas site, none on a private deployment itself.
 */
export function privateDeploymentHref(config: SiteConfig): string | null {
  if (config.variant === 'private') return null;
  return config.variant === 'overseas' ? '/private-deployment/' : '/privatedeploy/';
}

/**
 * The links of each header menu for `config` and `locale` (SPEC §2 "Header links"):
 * - products: the plugin square `/plugins/`, `/prototype-design/`, `/pixsoboard/`, `/download/`,
 *   `/{product}-enterprise/`, `/teamversion/`, `/education-version/`, the private-deployment page
 *   ({@link privateDeploymentHref}, left out where there is none);
 * - resources: `/community/home`, `/community/home?classify=library`, `/community/activity`,
 *   `/recommend/` (and the hot picks, {@link HOT_PICKS});
 * - help: the help centre ({@link helpHref}), `/contact-us/`.
 * The pricing page ({@link pricingHref}) is a plain link beside the menus.
 */
export function headerMenuLinks(config: SiteConfig, locale: Locale): Record<HeaderMenuId, HeaderLink[]> {
  const privateDeployment = privateDeploymentHref(config);
  return {
    products: [
      { key: 'plugins', href: '/plugins/' },
      { key: 'prototypeDesign', href: '/prototype-design/' },
      { key: 'whiteboard', href: '/pixsoboard/' },
      { key: 'download', href: '/download/' },
      { key: 'enterprise', href: `/${config.product}-enterprise/` },
      { key: 'team', href: '/teamversion/' },
      { key: 'education', href: '/education-version/' },
      ...(privateDeployment ? [{ key: 'privateDeployment', href: privateDeployment }] : []),
    ],
    resources: [
      { key: 'community', href: '/community/home' },
      { key: 'library', href: '/community/home?classify=library' },
      { key: 'activity', href: '/community/activity' },
      { key: 'recommend', href: '/recommend/' },
    ],
    help: [
      { key: 'helpCenter', href: helpHref(locale) },
      { key: 'contactUs', href: '/contact-us/' },
    ],
  };
}
