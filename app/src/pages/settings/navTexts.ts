/**
 * The back-office navigation labels of issue 14's pages (resource positions, banners,
 * recommendations, people, space setting, icon font, Pexels) in their own small i18next namespace
 * `backofficeNav`, registered by `BackstageHeader` — which only back-office (lazily loaded) pages
 * render — so the square's first load (100 KB gzip budget) does not carry them. zh-CN and en-US;
 * other locales fall back to en-US (SPEC §1, §9).
 *
 * @packageDocumentation
 */
import { i18n } from '../../i18n/i18n';
import type { MessageShape } from '../../i18n/messages';

/** The i18next namespace of the navigation labels. */
export const BACKOFFICE_NAV_NS = 'backofficeNav';

const enUS = {
  resourceStates: 'Resource positions',
  banners: 'Banners',
  recommendation: 'Recommendations',
  people: 'People',
  spaceSetting: 'Space setting',
  iconfont: 'Icon font',
  pexels: 'Pexels',
};

/** The shape of this namespace in every locale (each leaf a string), for the per-locale text files. */
export type BackofficeNavMessages = MessageShape<typeof enUS>;

const zhCN: Record<keyof typeof enUS, string> = {
  resourceStates: '资源位',
  banners: '轮播图',
  recommendation: '推荐',
  people: '人员',
  spaceSetting: '空间设置',
  iconfont: '图标库',
  pexels: '图片库',
};

if (!i18n.hasResourceBundle('zh-CN', BACKOFFICE_NAV_NS)) {
  i18n.addResourceBundle('zh-CN', BACKOFFICE_NAV_NS, zhCN, true, true);
  i18n.addResourceBundle('en-US', BACKOFFICE_NAV_NS, enUS, true, true);
}
