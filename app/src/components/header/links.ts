/**
 * The site header's links (SPEC §2 "Header links", "Header variants"), and its constants
 * (`constants.ts`, re-exported). Pure data and functions of the site configuration and the interface locale, so the
 * menus of every variant and language can be checked without a browser. SPEC §2's paths are the
 * host product's: {@link headerLinks} puts them on the configured host origin, or leaves them out
 * when there is none (this server serves only the plugin square).
 *
 * @packageDocumentation
 */
import type { CustomHeaderLink, Locale, SiteConfig } from '@plugin-center/contract';
import type { HeaderMenuId } from './constants';

export * from './constants';

/** One link of a header menu: its text key under `header.` (or its own text) and its address. */
export interface HeaderLink {
  /** Key of its text in the `header` section (`header.${key}`); a unique key for a custom link. */
  key: string;
  href: string;
  /** The text of a custom link (`SITE_HEADER_MENU_FILE`), shown instead of `header.${key}`. */
  label?: string;
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

/** Where the plugin square is: the one header link this server always serves. */
const SQUARE_PATH = '/plugins/';

/**
 * `href` as the header links it: an address outside this server's plugin square goes to the host
 * product's origin (`config.links.hostOrigin`); with no origin it is `null` (left out), since this
 * server would answer it with 404.
 */
export function onHost(config: SiteConfig, href: string): string | null {
  if (href === SQUARE_PATH || href.startsWith(SQUARE_PATH)) return href;
  return config.links.hostOrigin ? `${config.links.hostOrigin}${href}` : null;
}

/** A custom link's text in `locale`: its own, else the English, else the first given. */
export function customLabel(link: CustomHeaderLink, locale: Locale): string {
  if (typeof link.label === 'string') return link.label;
  return link.label[locale] ?? link.label['en-US'] ?? Object.values(link.label)[0] ?? '';
}

/** Everything the header links to, per {@link headerLinks}. */
export interface HeaderLinks {
  /** Each menu's links; a menu without links is not shown. */
  menus: Record<HeaderMenuId, HeaderLink[]>;
  /** The resource menu's hot picks (none: no carousel). */
  hotPicks: HeaderLink[];
  /** The plain pricing link beside the menus, or `null` (not shown). */
  pricing: HeaderLink | null;
}

/**
 * What the header shows for `config` and `locale`: with a custom menu file
 * (`config.links.custom`), its menus (a menu it leaves out is empty); otherwise SPEC §2's links
 * ({@link headerMenuLinks}, {@link HOT_PICKS}, {@link pricingHref}) on the host origin ({@link onHost}:
 * without one only the plugin square is left). Parts switched off in `config.links.menus` are empty.
 */
export function headerLinks(config: SiteConfig, locale: Locale): HeaderLinks {
  const shown = new Set(config.links.menus);
  const custom = config.links.custom;
  const fromCustom = (list: CustomHeaderLink[] | undefined, prefix: string): HeaderLink[] =>
    (list ?? []).map((link, i) => ({
      key: `${prefix}-${i}`,
      href: link.href,
      label: customLabel(link, locale),
    }));
  const hosted = (list: readonly HeaderLink[]): HeaderLink[] =>
    list.flatMap((link) => {
      const href = onHost(config, link.href);
      return href ? [{ ...link, href }] : [];
    });
  let menus: Record<HeaderMenuId, HeaderLink[]>;
  let hotPicks: HeaderLink[];
  let pricing: HeaderLink | null;
  if (custom) {
    menus = {
      products: fromCustom(custom.products, 'products'),
      resources: fromCustom(custom.resources, 'resources'),
      help: fromCustom(custom.help, 'help'),
    };
    hotPicks = fromCustom(custom.hotPicks, 'hotPicks');
    pricing = custom.pricing ? (fromCustom([custom.pricing], 'pricing')[0] ?? null) : null;
  } else {
    const spec = headerMenuLinks(config, locale);
    menus = { products: hosted(spec.products), resources: hosted(spec.resources), help: hosted(spec.help) };
    hotPicks = hosted(HOT_PICKS);
    pricing = hosted([{ key: 'pricing', href: pricingHref(config, locale) }])[0] ?? null;
  }
  return {
    menus: {
      products: shown.has('products') ? menus.products : [],
      resources: shown.has('resources') ? menus.resources : [],
      help: shown.has('help') ? menus.help : [],
    },
    hotPicks: shown.has('resources') && shown.has('hotPicks') ? hotPicks : [],
    pricing: shown.has('pricing') ? pricing : null,
  };
}

/** Whether `menu` has anything to show: links, or (the resource menu) hot picks. */
export const hasContent = (links: HeaderLinks, menu: HeaderMenuId) =>
  links.menus[menu].length > 0 || (menu === 'resources' && links.hotPicks.length > 0);
