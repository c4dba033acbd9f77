import { readFileSync } from 'node:fs';
import { type FakeWindow, fakeWindow, memoryStorage, network } from '@plugin-center/test-fakes/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageviewPlugin } from './pageview';
import { FIRST_DAY_KEY, type PresetsOptions, presetsPlugin } from './presets';
import { createTracker } from './tracker';
import type { TrackedRecord } from './types';

/**
 * The reference: sa-sdk-javascript 1.27.11 itself, loaded from node_modules as it is (as the
 * site-linker tests load it), its `source_type` defaults set by its own `initPara`. Its classifier
 * reads `document.referrer` and the page URL of `pageInfo`, which are set for each question.
 */
interface SensorsKit {
  info: { pageProp: { url?: string } };
  getSourceFromReferrer(): string;
  getKeywordFromReferrer(referrer: string): string;
  getReferrer(referrer: string): string;
}
const SDK = `${import.meta.dirname}/../../../node_modules/sa-sdk-javascript/dist/web/`;
const sensors = new Function(
  readFileSync(`${SDK}sensorsdata.es6.js`, 'utf8').replace('export default sd$e;', 'return sd$e;'),
)() as { _: SensorsKit; initPara(para: object): void };
sensors.initPara({});
/** What Sensors answers for a page at `href` reached from `referrer`: the type, keyword and referrer. */
const sensorsSays = (href: string, referrer: string) => {
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
  try {
    sensors._.info.pageProp = { url: decodeURI(href) };
    return {
      $latest_traffic_source_type: sensors._.getSourceFromReferrer(),
      $latest_search_keyword: sensors._.getKeywordFromReferrer(referrer),
      $latest_referrer: sensors._.getReferrer(referrer),
    };
  } finally {
    Object.defineProperty(document, 'referrer', { value: '', configurable: true });
  }
};

const T0 = new Date(2026, 2, 1, 10, 0, 0).getTime(); // 10:00 local time
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

/** The fake window with a screen and a viewport (fakes.ts has none). */
function browser(href = 'https://plugins.example.com/plugins/', referrer = '') {
  return Object.assign(fakeWindow(href, { referrer }), {
    screen: { width: 1920, height: 1080 },
    innerWidth: 1280,
    innerHeight: 720,
  });
}

/** Loads a page in `w` (the same browser: its cookies and storage) at `href` from `referrer`. */
function load(w: FakeWindow, href?: string, referrer?: string, options?: PresetsOptions) {
  if (href !== undefined) w.location.href = href;
  if (referrer !== undefined) w.document.referrer = referrer;
  const net = network();
  const tracker = createTracker({
    window: w,
    fetch: net.fetch,
    uuid: () => 'anon-1',
    plugins: [pageviewPlugin({ singlePage: true }), presetsPlugin(options)],
  });
  tracker.init();
  return { tracker, net, records: net.records };
}

/** The `$latest_*` properties of a record. */
const latest = (r: TrackedRecord) => {
  const { $latest_traffic_source_type, $latest_search_keyword, $latest_referrer } = r.properties;
  return { $latest_traffic_source_type, $latest_search_keyword, $latest_referrer };
};

describe('screen, viewport, time zone ($screen_*, $viewport_*, $timezone_offset)', () => {
  it('adds them to track and track_signup records, under the record’s own properties', async () => {
    const { tracker, records } = load(browser());
    tracker.track('PluginView', { $screen_width: 1 });
    tracker.login('u1');
    const [pageview, view, signup] = await records();
    const screen = {
      $screen_height: 1080,
      $screen_width: 1920,
      $viewport_height: 720,
      $viewport_width: 1280,
      $timezone_offset: new Date(T0).getTimezoneOffset(),
    };
    expect(pageview).toMatchObject({ event: '$pageview', properties: screen });
    expect(view).toMatchObject({ event: 'PluginView', properties: { ...screen, $screen_width: 1 } });
    expect(signup).toMatchObject({ type: 'track_signup', properties: screen });
  });

  it('falls back to the root element’s client size, then 0 (Sensors pageInfo.properties)', async () => {
    const w = fakeWindow();
    Object.assign(w.document.documentElement, { clientWidth: 800, clientHeight: 600 });
    const [r] = await load(w).records();
    expect(r!.properties).toMatchObject({
      $screen_height: 0,
      $screen_width: 0,
      $viewport_height: 600,
      $viewport_width: 800,
    });
    const bare = fakeWindow();
    const [s] = await load(bare).records();
    expect(s!.properties).toMatchObject({ $viewport_height: 0, $viewport_width: 0 });
  });

  it('leaves profile records alone', async () => {
    const { tracker, records } = load(browser());
    tracker.setProfile({ nick_name: 'Zoë' });
    const profile = (await records()).find((r) => r.type === 'profile_set')!;
    expect(profile.properties).toEqual({ nick_name: 'Zoë' });
  });
});

describe('traffic source and search keyword ($latest_*, Sensors initLatestProps)', () => {
  const HOME = 'https://plugins.example.com/plugins/';
  it.each([
    // [case, page URL, referrer, $latest_traffic_source_type, $latest_search_keyword]
    ['direct', HOME, '', '直接流量', '未取到值_直接打开'],
    ['baidu', HOME, 'https://www.baidu.com/s?wd=%E6%8F%92%E4%BB%B6&ie=utf-8', '自然搜索流量', '插件'],
    ['baidu mobile, word', HOME, 'https://m.baidu.com/s?word=color%20picker', '自然搜索流量', 'color picker'],
    [
      'google, + kept',
      HOME,
      'https://www.google.com/search?q=figma+plugins',
      '自然搜索流量',
      'figma+plugins',
    ],
    ['google.com.hk', HOME, 'https://www.google.com.hk/url?q=hk', '自然搜索流量', 'hk'],
    ['google.de', HOME, 'https://www.google.de/search?q=de#top', '自然搜索流量', 'de#top'],
    ['google, origin only', HOME, 'https://www.google.com/', '自然搜索流量', '未取到值'],
    [
      'google.co.uk: not a keyword engine',
      HOME,
      'https://www.google.co.uk/search?q=uk',
      '自然搜索流量',
      '未取到值',
    ],
    ['bing', HOME, 'https://cn.bing.com/search?q=bing', '自然搜索流量', 'bing'],
    ['bing without a path: referral', HOME, 'https://www.bing.com', '引荐流量', '未取到值'],
    ['yahoo', HOME, 'https://search.yahoo.com/search?p=yahoo', '自然搜索流量', 'yahoo'],
    ['sogou', HOME, 'https://www.sogou.com/web?query=%E8%AE%BE%E8%AE%A1', '自然搜索流量', '设计'],
    ['sogou keyword', HOME, 'https://m.sogou.com/web?keyword=kw', '自然搜索流量', 'kw'],
    ['so.com', HOME, 'https://www.so.com/s?q=so', '自然搜索流量', 'so'],
    ['sm.cn', HOME, 'https://m.sm.cn/s?q=sm', '自然搜索流量', 'sm'],
    ['youdao: search, no keyword', HOME, 'https://www.youdao.com/w?q=yd', '自然搜索流量', '未取到值'],
    ['weibo', HOME, 'https://weibo.com/u/1', '社交网站流量', '未取到值'],
    [
      'tieba (a baidu.com host: its kw)',
      HOME,
      'https://tieba.baidu.com/f?kw=%E6%8F%92%E4%BB%B6',
      '社交网站流量',
      '插件',
    ],
    ['zhihu', HOME, 'https://www.zhihu.com/question/1', '社交网站流量', '未取到值'],
    ['weixin', HOME, 'https://weixin.qq.com/', '社交网站流量', '未取到值'],
    ['referral', HOME, 'https://news.example.org/a?q=1', '引荐流量', '未取到值'],
    ['not http', HOME, 'android-app://com.example.app/', '引荐流量', '未取到值_非http的url'],
    ['utm: paid', `${HOME}?utm_source=ad`, 'https://www.baidu.com/s?wd=x', '付费广告流量', 'x'],
    ['utm in the hash', `${HOME}#/detail?utm_medium=cpc`, '', '付费广告流量', '未取到值_直接打开'],
    ['utm without a value', `${HOME}?utm_source=&a=1`, '', '直接流量', '未取到值_直接打开'],
    ['utm in another name', `${HOME}?xutm_term=1`, 'https://weibo.com/', '付费广告流量', '未取到值'],
  ])('%s', async (_, href, referrer, type, keyword) => {
    const [r] = await load(browser(href, referrer)).records();
    expect(latest(r!)).toEqual({
      $latest_traffic_source_type: type,
      $latest_search_keyword: keyword,
      $latest_referrer: sensorsSays(href, referrer).$latest_referrer,
    });
    expect(latest(r!)).toEqual(sensorsSays(href, referrer)); // as Sensors 1.27.11 classifies it
  });

  it('keeps www.baidu.com’s referrer without its query, decoded, at most 200', async () => {
    const [baidu] = await load(browser(HOME, 'https://www.baidu.com/s?wd=x')).records();
    expect(baidu!.properties.$latest_referrer).toBe('https://www.baidu.com/s');
    const long = `https://news.example.org/${'%E6%8F%92'.repeat(300)}`;
    const [r] = await load(browser(HOME, long)).records();
    expect(r!.properties.$latest_referrer).toBe(`https://news.example.org/${'插'.repeat(300)}`.slice(0, 200));
  });

  it('adds the source_type option’s texts to Sensors’ lists', async () => {
    const source_type = { utm: ['gclid'], search: ['duckduckgo.com'], social: ['xiaohongshu.com'] };
    const type = async (href: string, referrer: string) =>
      (await load(browser(href, referrer), undefined, undefined, { source_type }).records())[0]!.properties
        .$latest_traffic_source_type;
    expect(await type(`${HOME}?gclid=1`, '')).toBe('付费广告流量');
    expect(await type(HOME, 'https://duckduckgo.com/')).toBe('自然搜索流量');
    expect(await type(HOME, 'https://www.xiaohongshu.com/explore')).toBe('社交网站流量');
    expect(await type(HOME, 'https://weibo.com/')).toBe('社交网站流量');
  });
});

describe('$latest_* across page loads (kept in the identity cookie’s props, as Sensors does)', () => {
  it('changes only on arrival from another site or directly', async () => {
    const w = browser('https://plugins.example.com/plugins/', 'https://www.google.com/search?q=color');
    const google = {
      $latest_traffic_source_type: '自然搜索流量',
      $latest_search_keyword: 'color',
      $latest_referrer: 'https://www.google.com/search?q=color',
    };
    const first = load(w);
    expect(latest((await first.records())[0]!)).toEqual(google);
    expect(first.tracker.getSnapshot().props).toEqual(google);
    // A route change of the single-page app: unchanged.
    w.history.pushState(null, '', '/plugins/detail?utm_source=x');
    expect(latest((await first.records()).at(-1)!)).toEqual(google);
    first.tracker.destroy();
    // Another page of the site, and a sibling subdomain (same cookie domain, .example.com): unchanged.
    for (const referrer of ['https://plugins.example.com/plugins/', 'https://docs.example.com/guide']) {
      const next = load(w, 'https://plugins.example.com/plugins/p2', referrer);
      expect(latest((await next.records())[0]!)).toEqual(google);
      next.tracker.destroy();
    }
    // From a social site: changed, and kept on the next page.
    const weibo = load(w, 'https://plugins.example.com/plugins/', 'https://weibo.com/t/1');
    const social = {
      $latest_traffic_source_type: '社交网站流量',
      $latest_search_keyword: '未取到值',
      $latest_referrer: 'https://weibo.com/t/1',
    };
    expect(latest((await weibo.records())[0]!)).toEqual(social);
    weibo.tracker.destroy();
    const again = load(w, 'https://plugins.example.com/plugins/p3', 'https://plugins.example.com/plugins/');
    expect(latest((await again.records())[0]!)).toEqual(social);
    again.tracker.destroy();
    // Typed in (no referrer): changed.
    const direct = load(w, 'https://plugins.example.com/plugins/', '');
    expect(latest((await direct.records())[0]!)).toEqual({
      $latest_traffic_source_type: '直接流量',
      $latest_search_keyword: '未取到值_直接打开',
      $latest_referrer: '',
    });
    // The test cookie is gone.
    expect(w.document.cookie).not.toContain('pcsa_domain_test');
  });

  it('sends 取值异常 when none were stored (the first page came from the same site)', async () => {
    const [r] = await load(
      browser('https://plugins.example.com/p', 'https://plugins.example.com/'),
    ).records();
    expect(latest(r!)).toEqual({
      $latest_traffic_source_type: '取值异常',
      $latest_search_keyword: '取值异常',
      $latest_referrer: '取值异常',
    });
  });

  it('finds the site by the cookie domain the browser accepts (.example.co.uk, not .co.uk)', async () => {
    const w = browser('https://shop.example.co.uk/', '');
    // A browser refuses cookies for a public suffix.
    const jar = Object.getOwnPropertyDescriptor(w.document, 'cookie')!;
    Object.defineProperty(w.document, 'cookie', {
      get: jar.get,
      set(line: string) {
        if (!line.includes('domain=.co.uk')) jar.set!.call(w.document, line);
      },
    });
    load(w).tracker.destroy(); // direct
    const sibling = load(w, 'https://shop.example.co.uk/cart', 'https://blog.example.co.uk/post');
    expect((await sibling.records())[0]!.properties.$latest_traffic_source_type).toBe('直接流量');
    sibling.tracker.destroy();
    const other = load(w, 'https://shop.example.co.uk/', 'https://other.co.uk/');
    expect((await other.records())[0]!.properties.$latest_traffic_source_type).toBe('引荐流量');
  });

  it('on an IP address host, counts direct visits only (no cookie domain)', async () => {
    const w = browser('http://192.168.1.5:8080/plugins/', '');
    load(w).tracker.destroy();
    const [r] = await load(w, undefined, 'https://news.example.org/').records();
    expect(r!.properties.$latest_traffic_source_type).toBe('直接流量');
  });

  it('adds $latest_referrer_host with latest_referrer_host', async () => {
    const w = browser('https://plugins.example.com/', 'https://news.example.org/a');
    const [r] = await load(w, undefined, undefined, { latest_referrer_host: true }).records();
    expect(r!.properties.$latest_referrer_host).toBe('news.example.org');
    const [d] = await load(browser(), undefined, undefined, { latest_referrer_host: true }).records();
    expect(d!.properties.$latest_referrer_host).toBe('');
    const [none] = await load(browser()).records();
    expect(none!.properties).not.toHaveProperty('$latest_referrer_host');
  });
});

describe('$referrer_host (Sensors addReferrerHost)', () => {
  it('is the host of $referrer on records that have one', async () => {
    const w = browser('https://plugins.example.com/plugins/', 'https://news.example.org/a?b=1');
    const { tracker, records } = load(w);
    w.history.pushState(null, '', '/plugins/next');
    tracker.track('PluginView');
    tracker.track('Shared', { $referrer: 'not a url' });
    const [landing, next, view, shared] = (await records()).filter((r) => r.event !== '$WebPageLeave');
    expect(landing!.properties.$referrer_host).toBe('news.example.org');
    expect(next!.properties).toMatchObject({
      $referrer: 'https://plugins.example.com/plugins/',
      $referrer_host: 'plugins.example.com',
    });
    expect(view!.properties).not.toHaveProperty('$referrer_host');
    expect(shared!.properties.$referrer_host).toBe('取值异常');
    const [direct] = await load(browser()).records();
    expect(direct!.properties.$referrer_host).toBe('');
  });
});

describe('$is_first_day, $is_first_time (Sensors saNewUser)', () => {
  it('$is_first_day: true on track records until the end of the visitor’s first day', async () => {
    const w = browser();
    const { tracker, records } = load(w);
    expect(JSON.parse(w.localStorage.getItem(FIRST_DAY_KEY)!)).toBe(new Date(T0).setHours(23, 59, 59));
    tracker.login('u1'); // a track_signup record: no $is_first_day
    vi.setSystemTime(new Date(2026, 2, 1, 23, 59, 58));
    tracker.track('Late');
    vi.setSystemTime(new Date(2026, 2, 2, 0, 0, 1));
    tracker.track('AfterMidnight');
    const [pageview, signup, late, after] = await records();
    expect(pageview!.properties.$is_first_day).toBe(true);
    expect(signup!.properties).not.toHaveProperty('$is_first_day');
    expect(late!.properties.$is_first_day).toBe(true);
    expect(after!.properties.$is_first_day).toBe(false);
    tracker.destroy();
    // The next day, a new page: false; earlier the same day it was true.
    const [nextDay] = await load(w).records();
    expect(nextDay!.properties.$is_first_day).toBe(false);
  });

  it('$is_first_day: true on other pages of the first day', async () => {
    const w = browser();
    load(w).tracker.destroy();
    vi.setSystemTime(new Date(2026, 2, 1, 18, 0));
    const [r] = await load(w, 'https://plugins.example.com/plugins/p2').records();
    expect(r!.properties).toMatchObject({ $is_first_day: true, $is_first_time: false });
  });

  it('$is_first_time: true on the visitor’s first $pageview only', async () => {
    const w = browser();
    const { tracker, records } = load(w);
    tracker.track('PluginView');
    tracker.trackPageview();
    const [first, view, second] = await records();
    expect(first!.properties.$is_first_time).toBe(true);
    expect(view!.properties).not.toHaveProperty('$is_first_time');
    expect(second!.properties.$is_first_time).toBe(false);
    tracker.destroy();
    const [reload] = await load(w).records();
    expect(reload!.properties.$is_first_time).toBe(false);
  });

  it('without storage, nobody is new (nothing can be kept)', async () => {
    const w = browser();
    const net = network();
    const blocked = { ...memoryStorage(), getItem: () => null, setItem: () => {} };
    const unusable = {
      ...blocked,
      getItem: () => {
        throw new Error('blocked');
      },
    };
    const tracker = createTracker({
      window: w,
      fetch: net.fetch,
      storage: unusable,
      plugins: [pageviewPlugin(), presetsPlugin()],
    });
    tracker.init();
    const [r] = await net.records();
    expect(r!.properties).toMatchObject({ $is_first_day: false, $is_first_time: false });
  });
});
