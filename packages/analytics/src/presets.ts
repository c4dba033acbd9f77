/**
 * `@plugin-center/analytics/presets`: the preset properties of the Sensors Data web SDK
 * (sa-sdk-javascript 1.27.11: `pageInfo.properties`, `initLatestProps`, `getSourceFromReferrer`,
 * `getKeywordFromReferrer`, `saNewUser`, `addReferrerHost`) that the core does not send: screen,
 * viewport, time zone, the latest traffic source, referrer and search keyword, first day and first
 * time. Its own entry point, outside the full tracker's 6 KB budget.
 *
 * @packageDocumentation
 */
import { REFERRER_LENGTH, UTM_PARAMS } from './constants';
import type { AnalyticsWindow, TrackedRecord, TrackerPlugin } from './types';
import { decode, readJson, safe, writeJson } from './util';

/**
 * localStorage: the end of the visitor's first calendar day, ms since the Unix epoch (Sensors keeps
 * the cookie `sajssdk_2015_cross_new_user` until then). Written on the visitor's first page.
 */
export const FIRST_DAY_KEY = 'pcsa_first_day';

/** Options of {@link presetsPlugin} (Sensors' names). */
export interface PresetsOptions {
  /**
   * Also send `$latest_referrer_host`, the host of `$latest_referrer` (`''` when that is `''`), as
   * versions before 1.27 did (Sensors `preset_properties.latest_referrer_host`); default false.
   */
  latest_referrer_host?: boolean;
  /**
   * More of what classifies `$latest_traffic_source_type` (Sensors `source_type`), added to the
   * defaults: `utm` query parameters (paid), `search` and `social` texts looked for in the referrer
   * before its `?`.
   */
  source_type?: { utm?: readonly string[]; search?: readonly string[]; social?: readonly string[] };
}

/** What Sensors sends for a value it could not read. */
const FAILED = '取值异常';
const NONE = '未取到值';

/** The host name of `url`, or undefined (Sensors `getHostname`). */
const hostOf = (url: string) => safe(() => new URL(url).hostname) || undefined;

/** Decodes a URI component, or keeps it when malformed (Sensors `_decodeURIComponent`). */
const decodePart = (s: string) => safe(() => decodeURIComponent(s)) ?? s;

/**
 * The search keyword of a referrer (Sensors `getKeywordFromReferrer`, `getReferSearchEngine`,
 * `source_type.keyword`): the engine's parameter in the query (the text between the first and second
 * `?`, hash included, URI-decoded, `+` kept), else `未取到值`; `未取到值_直接打开` without a
 * referrer, `未取到值_非http的url` for one not starting with `http`.
 */
const keywordOf = (ref: string): string => {
  if (!ref.startsWith('http')) return `${NONE}_${ref ? '非http的url' : '直接打开'}`;
  const host = hostOf(ref) ?? '';
  const q: Record<string, string> = {};
  for (const part of (ref.split('?')[1] ?? '').split('&')) {
    const i = part.indexOf('=');
    if (i > -1) q[decodePart(part.slice(0, i))] = decodePart(part.slice(i + 1));
  }
  const names = /\.baidu\.com$/.test(host)
    ? 'wd word kw keyword'
    : /\.sogou\.com$/.test(host)
      ? 'query keyword'
      : /\.yahoo\.com$/.test(host)
        ? 'p'
        : /\.bing\.com$|^www\.google\.(com|com\.[a-z]{2}|[a-z]{2})$|^m\.sm\.cn$|.\.so\.com$/.test(host)
          ? 'q'
          : '';
  for (const n of names.split(' ')) if (q[n]) return q[n];
  return NONE;
};

/**
 * The domain Sensors' cookies would take (`getCookieTopLevelDomain`): the shortest parent domain of
 * `host` the browser lets a cookie be set on (`.example.com`, `.example.co.uk`), found by writing a
 * test cookie; `''` for an IP address, a one-label host or when cookies are blocked.
 */
const topDomain = (doc: { cookie: string }, host: string): string => {
  const parts = /^(\d+\.)+\d+$/.test(host) ? [] : host.split('.');
  for (let i = parts.length - 1; i-- > 0; ) {
    const d = `; path=/; domain=.${parts.slice(i).join('.')}`;
    doc.cookie = `pcsa_domain_test=1${d}`;
    if (doc.cookie.includes('pcsa_domain_test=1')) {
      doc.cookie = `pcsa_domain_test=; max-age=0${d}`;
      return d.slice(17);
    }
  }
  return '';
};

/** Sensors' `source_type.search` defaults: a referrer containing one of these (before `?`) is a search engine's. */
const SEARCH =
  'www.baidu. m.baidu. m.sm.cn so.com sogou.com youdao.com google. yahoo.com/ bing.com/ ask.com/';

/** Sensors' `source_type.social` defaults. */
const SOCIAL =
  'weibo.com renren.com kaixin001.com douban.com qzone.qq.com zhihu.com tieba.baidu.com weixin.qq.com';

/** Whether a referrer's text before `?` contains one of `list` (space separated) or of `more`. */
const within = (ref: string, list: string, more: readonly string[] = []) =>
  [...list.split(' '), ...more].some((s) => ref.split('?')[0]!.includes(s));

/**
 * Sensors' preset properties (sa-sdk-javascript 1.27.11), added to records by a decorator:
 *
 * - every `track` and `track_signup` record: `$screen_height`, `$screen_width` (`screen`, 0 when
 *   unknown), `$viewport_height`, `$viewport_width` (`innerHeight`/`innerWidth`, else the root
 *   element's client size, else 0), `$timezone_offset` (`getTimezoneOffset()`, in
 *   minutes: -480 in China), `$latest_traffic_source_type`, `$latest_search_keyword`,
 *   `$latest_referrer` (`取值异常` when none is stored), all below the record's own properties; a
 *   record with `$referrer` (a `$pageview`) gets `$referrer_host` (`''` for no referrer, `取值异常`
 *   for one that is not a URL); with `latest_referrer_host`, `$latest_referrer_host`;
 * - `track` records: `$is_first_day`, true until the end (23:59:59, local time) of the visitor's
 *   first day (stored in localStorage, `pcsa_first_day`); `$pageview` records: `$is_first_time`,
 *   true on the visitor's first page view only;
 * - profile records are left alone.
 *
 * The `$latest_*` values are registered properties (in the identity cookie, as Sensors keeps them in
 * its `props`), set at start when the visitor comes from another site or directly: a referrer whose
 * host does not contain the page's cookie domain (`.example.com`: subdomains are the same site;
 * with an IP address or `localhost`, only direct visits count), or none. Then
 * `$latest_traffic_source_type` is `付费广告流量` (paid: a `utm_*` parameter, or one of
 * `source_type.utm`, with a value anywhere in the page's URL, even as the end of another name),
 * `自然搜索流量` (the referrer before `?` contains `www.baidu.`, `m.baidu.`, `m.sm.cn`, `so.com`,
 * `sogou.com`, `youdao.com`, `google.`, `yahoo.com/`, `bing.com/` or `ask.com/`), `社交网站流量`
 * (`weibo.com`, `renren.com`, `kaixin001.com`, `douban.com`, `qzone.qq.com`, `zhihu.com`,
 * `tieba.baidu.com`, `weixin.qq.com`), `直接流量` (no referrer) or `引荐流量` (referral), in that
 * order; `$latest_referrer` is the referrer (decoded, `www.baidu.com`'s
 * without its query, at most 200); `$latest_search_keyword` is the query parameter of a known engine
 * (`*.baidu.com` `wd`/`word`/`kw`/`keyword`, `*.bing.com` `q`, `www.google.com(.xx)`/`www.google.xx`
 * `q`, `m.sm.cn` `q`, `*.so.com` `q`, `*.sogou.com` `query`/`keyword`, `*.yahoo.com` `p`), else
 * `未取到值` (`_直接打开` without a referrer). Pages of the same site keep them; route changes do not
 * change them.
 *
 * Modern browsers send only the origin as the referrer of another site (policy
 * `strict-origin-when-cross-origin`, and search engines ask for it), so the keyword is mostly
 * `未取到值`, in Sensors too.
 *
 * Add it after the page-view plugin (`createAnalytics` puts `plugins` after its own), whose
 * `$referrer` it reads. Not as in Sensors: the first visit is the first page with this plugin (its
 * storage key absent), not the first with the identity cookie, so a visitor known before the plugin
 * was added counts as new once; the first day is kept in localStorage rather than a cookie (a
 * visitor is not new on other subdomains); Baidu's `search_keyword_baidu` (`$search_keyword_id*`),
 * `latest_landing_page`, `latest_wx_ad_click_id`, a custom `source_type.keyword`, turning single
 * `latest_*` properties off and the `url解析失败` values for an unparsable page URL are left out;
 * the browser's own test cookie is `pcsa_domain_test` (Sensors `sensorsdata_domain_test`).
 *
 * @example
 * ```ts
 * import { createAnalytics } from '@plugin-center/analytics';
 * import { presetsPlugin } from '@plugin-center/analytics/presets';
 *
 * const analytics = createAnalytics({ plugins: [presetsPlugin({ latest_referrer_host: true })] });
 * ```
 */
export function presetsPlugin(options: PresetsOptions = {}): TrackerPlugin {
  return {
    setup(host) {
      const w = host.window as AnalyticsWindow & {
        screen?: { width: number; height: number };
        innerWidth?: number;
        innerHeight?: number;
      };
      const doc = w.document;
      const root = doc.documentElement as { clientWidth?: number; clientHeight?: number } | null | undefined;
      const ref = doc.referrer;
      const t = options.source_type ?? {};
      if (!ref || !`.${hostOf(ref)}`.includes(topDomain(doc, hostOf(w.location.href) ?? '') || '.')) {
        let referrer = decode(ref.trim());
        if (referrer.startsWith('https://www.baidu.com/')) referrer = referrer.split('?')[0]!;
        host.save({
          props: {
            ...host.tracker.getSnapshot().props,
            $latest_traffic_source_type: `${
              RegExp(`(${[...(t.utm ?? []), ...UTM_PARAMS].join('|')})=[^&]`).test(decode(w.location.href))
                ? '付费广告'
                : within(ref, SEARCH, t.search)
                  ? '自然搜索'
                  : within(ref, SOCIAL, t.social)
                    ? '社交网站'
                    : ref
                      ? '引荐'
                      : '直接'
            }流量`,
            $latest_referrer: referrer.slice(0, REFERRER_LENGTH),
            $latest_search_keyword: keywordOf(ref).slice(0, REFERRER_LENGTH),
          },
        });
      }
      let end = readJson<number>(host.storage, FIRST_DAY_KEY);
      let first = end === null;
      if (first) {
        end = new Date(host.now()).setHours(23, 59, 59);
        writeJson(host.storage, FIRST_DAY_KEY, end);
      }
      host.decorators.push((r) => {
        if (r.type[0] === 'p') return;
        const p: TrackedRecord['properties'] = {
          $timezone_offset: new Date(host.now()).getTimezoneOffset(),
          $screen_height: Number(w.screen?.height) || 0,
          $screen_width: Number(w.screen?.width) || 0,
          $viewport_height: w.innerHeight || root?.clientHeight || 0,
          $viewport_width: w.innerWidth || root?.clientWidth || 0,
          $latest_traffic_source_type: FAILED,
          $latest_search_keyword: FAILED,
          $latest_referrer: FAILED,
          ...r.properties,
        };
        r.properties = p;
        const hostOrEmpty = (v: unknown) => (v === '' ? '' : (hostOf(v as string) ?? FAILED));
        if ('$referrer' in p) p.$referrer_host = hostOrEmpty(p.$referrer);
        if (options.latest_referrer_host) p.$latest_referrer_host = hostOrEmpty(p.$latest_referrer);
        if (r.type === 'track') {
          p.$is_first_day = host.now() < (end as number);
          if (r.event === '$pageview') {
            p.$is_first_time = first;
            first = false;
          }
        }
      });
    },
  };
}
