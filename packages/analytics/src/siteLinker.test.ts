import { readFileSync } from 'node:fs';
import { type FakeWindow, fakeWindow, network } from '@plugin-center/test-fakes/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_COOKIE } from './constants';
import { pageviewPlugin } from './pageview';
import { type SiteLinkerOptions, siteLinkerPlugin } from './siteLinker';
import { createTracker } from './tracker';
import type { AnalyticsWindow, Tracker } from './types';
import { setCookie } from './util';

/**
 * The reference: the site-linker plugin of sa-sdk-javascript 1.27.11 itself, with the helpers of its
 * SDK (`urlSafeBase64`, `base64Encode`, `base64Decode`), loaded from node_modules as they are, its
 * store faked with the ids to write.
 */
interface SensorsLinker {
  _: unknown;
  store: { getDistinctId(): string; getFirstId(): string };
  option: { part_url: string; after_hash: boolean }[];
  getCurrenId(): string;
  rewriteUrl(url: string): string;
  getUrlId(): string;
}
const SDK = `${import.meta.dirname}/../../../node_modules/sa-sdk-javascript/dist/web/`;
/** Evaluates an ES module of the SDK that ends with `export default <name>;`, returning that value. */
const load = <T>(file: string, name: string): T =>
  new Function(readFileSync(`${SDK}${file}`, 'utf8').replace(`export default ${name};`, `return ${name};`))();
const sensors = load<{ _: unknown }>('sensorsdata.es6.js', 'sd$e');
const reference = load<SensorsLinker>('plugin/site-linker/index.es6.js', 'index');
reference._ = sensors._;
/** Sensors' link for `url` by a visitor with `distinct_id` and `first_id` (`first` when logged in). */
const sensorsWrite = (url: string, distinct: string, first = '', after_hash = false) => {
  reference.store = { getDistinctId: () => distinct, getFirstId: () => first };
  reference.option = [{ part_url: 'docs.example.com', after_hash }];
  return reference.rewriteUrl(url);
};
/** What Sensors reads from a page at `href` (its `getUrlId`: the prefix and the id). */
const sensorsRead = (href: string) => {
  const u = new URL(href);
  history.replaceState(null, '', `/landing${u.search}${u.hash}`);
  return reference.getUrlId();
};

/** An id with non-ASCII characters, the base64 specials and a character outside the BMP. */
const ODD = 'Zoë+/=访客 😀';
const LOGIN = '$identity_login_id';
const COOKIE = '$identity_cookie_id';

afterEach(() => {
  history.replaceState(null, '', '/');
});

describe('reading _sasdk (Sensors getUrlId, setRefferId)', () => {
  /** A fake window at `href`, whose identity says logged in as `login` when given (anonymous id `anon-here`). */
  function visitor(href: string, login?: string) {
    const w = fakeWindow(href);
    if (login) {
      const before = createTracker({ window: w, fetch: network().fetch, uuid: () => 'anon-here' });
      before.init();
      before.login(login);
      before.destroy();
    }
    return w;
  }
  /** Lands on `w` with the page-view plugin first (as `createAnalytics` orders them) and the site linker. */
  async function land(w: FakeWindow, options?: SiteLinkerOptions) {
    const net = network();
    const log = vi.fn();
    const tracker = createTracker({
      window: w,
      fetch: net.fetch,
      log,
      uuid: () => 'anon-here',
      plugins: [pageviewPlugin(), siteLinkerPlugin(options)],
    });
    tracker.init();
    const { state, mode, props, consent, ...identity } = tracker.getSnapshot();
    return { identity, records: await net.records(), log };
  }
  /** The `_sasdk` value for `id` as Sensors writes it: raw for `a`/`u`, url-safe base64 for `d`/`f`. */
  const param = (prefix: string, id: string) =>
    prefix === 'd' || prefix === 'f'
      ? sensorsWrite('https://x.example.com/', id, prefix === 'f' ? 'anon' : '').split('=')[1]!
      : prefix + encodeURIComponent(id);

  it.each([
    ['a', 'v1'],
    ['a', '访客+1'],
    ['d', 'v1'],
    ['d', ODD],
  ])('%s: adopts %s as the anonymous id, before the first page view', async (prefix, id) => {
    const href = `https://plugins.example.com/plugins/?tag=1&_sasdk=${param(prefix, id)}#top`;
    expect(sensorsRead(href)).toBe(prefix + id); // as Sensors reads it
    const { identity, records, log } = await land(visitor(href));
    expect(identity).toEqual({
      distinct_id: id,
      first_id: '',
      identities: { [COOKIE]: 'anon-here' }, // Sensors' identify keeps the cookie id
      history_login_id: { name: '', value: '' },
    });
    expect(records).toMatchObject([
      {
        type: 'track',
        event: '$pageview',
        distinct_id: id,
        anonymous_id: id,
        identities: { [COOKIE]: 'anon-here' },
      },
    ]);
    expect(records[0]).not.toHaveProperty('login_id');
    expect(log).not.toHaveBeenCalled();
  });

  it.each([
    ['u', 'u1'],
    ['u', '用户+1'],
    ['f', 'u1'],
    ['f', ODD],
  ])('%s: logs in with %s ($SignUp), before the first page view', async (prefix, id) => {
    const href = `https://plugins.example.com/plugins/?_sasdk=${param(prefix, id)}`;
    expect(sensorsRead(href)).toBe(prefix + id);
    const { identity, records } = await land(visitor(href));
    expect(identity).toEqual({
      distinct_id: id,
      first_id: 'anon-here',
      identities: { [COOKIE]: 'anon-here', [LOGIN]: id },
      history_login_id: { name: LOGIN, value: id },
    });
    expect(records).toMatchObject([
      { type: 'track_signup', event: '$SignUp', distinct_id: id, original_id: 'anon-here', login_id: id },
      { type: 'track', event: '$pageview', distinct_id: id, login_id: id, anonymous_id: 'anon-here' },
    ]);
  });

  it('reads _sasdk in the hash too', async () => {
    const href = 'https://plugins.example.com/plugins/#/detail?_sasdk=av7';
    expect(sensorsRead(href)).toBe('av7');
    expect((await land(visitor(href))).identity.distinct_id).toBe('v7');
  });

  it('does not read a d value that is not url-safe base64 (Sensors 1.27 reads it as the rot13 of older versions)', async () => {
    const href = 'https://plugins.example.com/?_sasdk=dabc%40x';
    expect(sensorsRead(href)).toBe('dTUV3k');
    const { identity, log } = await land(visitor(href));
    expect(identity.distinct_id).toBe('anon-here');
    expect(log).not.toHaveBeenCalled();
  });

  describe('already logged in here (as me)', () => {
    it.each(['a', 'd'])(
      '%s: the anonymous id becomes first_id, with the $SignUp Sensors sends',
      async (prefix) => {
        const href = `https://plugins.example.com/?_sasdk=${param(prefix, ODD)}`;
        const { identity, records } = await land(visitor(href, 'me'));
        expect(identity).toEqual({
          distinct_id: 'me',
          first_id: ODD,
          identities: { [COOKIE]: 'anon-here', [LOGIN]: 'me' },
          history_login_id: { name: LOGIN, value: 'me' },
        });
        expect(records).toMatchObject([
          { type: 'track_signup', event: '$SignUp', original_id: ODD, distinct_id: 'me', anonymous_id: ODD },
          { type: 'track', event: '$pageview', distinct_id: 'me', login_id: 'me', anonymous_id: ODD },
        ]);
      },
    );

    it.each(['u', 'f'])('%s: keeps the login here', async (prefix) => {
      const href = `https://plugins.example.com/?_sasdk=${param(prefix, 'other')}`;
      const { identity, records } = await land(visitor(href, 'me'));
      expect(identity).toMatchObject({ distinct_id: 'me', first_id: 'anon-here' });
      expect(records.map((r) => [r.event, r.distinct_id])).toEqual([['$pageview', 'me']]);
    });

    it.each(['u', 'f'])('%s with re_login: logs in with the other id (first_id kept)', async (prefix) => {
      const href = `https://plugins.example.com/?_sasdk=${param(prefix, 'other')}`;
      const { identity, records } = await land(visitor(href, 'me'), { re_login: true });
      expect(identity).toEqual({
        distinct_id: 'other',
        first_id: 'anon-here',
        identities: { [COOKIE]: 'anon-here', [LOGIN]: 'other' },
        history_login_id: { name: LOGIN, value: 'other' },
      });
      expect(records).toMatchObject([
        { event: '$SignUp', distinct_id: 'other', original_id: 'anon-here' },
        { event: '$pageview', distinct_id: 'other' },
      ]);
    });

    it('changes nothing for its own login id, even with re_login', async () => {
      const { identity, records } = await land(visitor('https://plugins.example.com/?_sasdk=ume', 'me'), {
        re_login: true,
      });
      expect(identity).toMatchObject({ distinct_id: 'me', first_id: 'anon-here' });
      expect(records.map((r) => r.event)).toEqual(['$pageview']);
    });
  });

  it('changes nothing for the anonymous id it already has', async () => {
    const { identity, records } = await land(visitor('https://plugins.example.com/?_sasdk=aanon-here'));
    expect(identity.distinct_id).toBe('anon-here');
    expect(records.map((r) => r.event)).toEqual(['$pageview']);
  });

  it.each([
    ['no parameter', '?x=1'],
    ['an empty one', '?_sasdk='],
    ['an unknown prefix', '?_sasdk=xabc'],
    ['a prefix alone', '?_sasdk=a&x=1'],
    ['a bad escape', '?_sasdk=a%E0%A4%A'],
    ['a blank id', '?_sasdk=a%20%20'],
    ['an id over 255 characters', `?_sasdk=u${'x'.repeat(256)}`],
    ['bad base64', '?_sasdk=dA'],
    ['base64 that is not UTF-8', '?_sasdk=f_w'],
  ])('ignores %s quietly', async (_, search) => {
    const { identity, records, log } = await land(visitor(`https://plugins.example.com/${search}`));
    expect(identity).toMatchObject({ distinct_id: 'anon-here', first_id: '' });
    expect(records.map((r) => [r.event, r.distinct_id])).toEqual([['$pageview', 'anon-here']]);
    expect(log).not.toHaveBeenCalled();
  });

  it('logs in before the calls queued before init; the page’s own login comes after it', async () => {
    const w = visitor('https://plugins.example.com/?_sasdk=ufrom-link');
    const net = network();
    const tracker = createTracker({
      window: w,
      fetch: net.fetch,
      uuid: () => 'anon-here',
      // The site linker first: the page view it precedes is still queued after the page's calls.
      plugins: [siteLinkerPlugin(), pageviewPlugin()],
    });
    tracker.register({ product: 'docs' });
    tracker.login('page-user');
    tracker.init();
    expect((await net.records()).map((r) => [r.event, r.distinct_id, r.properties.product])).toEqual([
      ['$SignUp', 'from-link', undefined],
      ['$SignUp', 'page-user', 'docs'],
      ['$pageview', 'page-user', 'docs'],
    ]);
  });
});

describe('writing _sasdk on links (Sensors addListen, getCurrenId, rewriteUrl)', () => {
  let tracker: Tracker | undefined;
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    tracker?.destroy();
    tracker = undefined;
    document.body.innerHTML = '';
    setCookie(document, IDENTITY_COOKIE, '', 0); // the identity of the page's tracker
    localStorage.clear();
  });

  /** The real (happy-dom) page with `html` as its body, tracked with the site linker (anonymous id `anon-1`). */
  function page(html: string, linker: SiteLinkerOptions['linker'], login?: string) {
    document.body.innerHTML = html;
    const log = vi.fn();
    tracker = createTracker({
      window: window as unknown as AnalyticsWindow,
      storage: localStorage,
      fetch: network().fetch,
      uuid: () => 'anon-1',
      log,
      plugins: [siteLinkerPlugin({ linker })],
    });
    tracker.init();
    if (login) tracker.login(login);
    /** Presses on the element at `selector`; returns the `href` attribute of the link it is in. */
    const down = (selector: string, type = 'mousedown') => {
      const el = document.querySelector(selector)!;
      el.dispatchEvent(new MouseEvent(type, { bubbles: true }));
      return el.closest('a')?.getAttribute('href');
    };
    return { down, log };
  }
  const ANON = '_sasdk=dYW5vbi0x'; // 'd' + base64('anon-1') made url-safe, padding trimmed

  it.each([
    // after_hash false: in the query
    ['https://docs.example.com/guide', false, `https://docs.example.com/guide?${ANON}`],
    ['https://docs.example.com/guide?a=1#top', false, `https://docs.example.com/guide?a=1&${ANON}#top`],
    ['https://docs.example.com/guide?_sasdk=dOLD&a=1', false, `https://docs.example.com/guide?${ANON}&a=1`],
    ['https://docs.example.com/g?a=1&_sasdk=uold#s', false, `https://docs.example.com/g?a=1&${ANON}#s`],
    ['https://docs.example.com/g#/x?_sasdk=dOLD', false, `https://docs.example.com/g?${ANON}#/x?_sasdk=dOLD`],
    // Sensors' quirk: a query that does not start with a word character is replaced whole.
    ['https://docs.example.com/g?&a=1', false, `https://docs.example.com/g?${ANON}`],
    // after_hash true: in the hash, after its `?`
    ['https://docs.example.com/', true, `https://docs.example.com/#?${ANON}`],
    ['https://docs.example.com/#/guide', true, `https://docs.example.com/#/guide?${ANON}`],
    ['https://docs.example.com/?q=1#/guide?a=1', true, `https://docs.example.com/?q=1#/guide?a=1&${ANON}`],
    ['https://docs.example.com/#/g?_sasdk=dOLD&a=1', true, `https://docs.example.com/#/g?${ANON}&a=1`],
    ['https://docs.example.com/?_sasdk=dOLD#/g', true, `https://docs.example.com/?_sasdk=dOLD#/g?${ANON}`],
  ] as const)('%s (after_hash %s) → %s, as Sensors writes it', (href, after_hash, expected) => {
    const { down } = page(`<a href="${href}">Docs</a>`, [{ part_url: 'docs.example.com', after_hash }]);
    expect(down('a')).toBe(expected);
    expect(sensorsWrite(href, 'anon-1', '', after_hash)).toBe(expected);
  });

  it('writes f and the login id once logged in, replacing the d written before', () => {
    const { down } = page('<a href="https://docs.example.com/">Docs</a>', [
      { part_url: 'docs.example.com', after_hash: false },
    ]);
    expect(down('a')).toBe(`https://docs.example.com/?${ANON}`);
    tracker!.login(ODD);
    const expected = sensorsWrite('https://docs.example.com/', ODD, 'anon-1');
    expect(expected).toMatch(/\?_sasdk=f[\w-]+$/);
    expect(down('a')).toBe(expected);
  });

  it('rewrites on pointerdown, and for an element right inside the link (not deeper, as Sensors)', () => {
    const { down } = page(
      `<a id="one" href="https://docs.example.com/1"><span>One</span></a>
       <a id="two" href="https://docs.example.com/2"><span><b>Two</b></span></a>`,
      [{ part_url: 'docs.example.com', after_hash: false }],
    );
    expect(down('#one span', 'pointerdown')).toBe(`https://docs.example.com/1?${ANON}`);
    expect(down('#two b')).toBe('https://docs.example.com/2');
  });

  it('leaves other hosts, non-http links and links without href alone', () => {
    const { down } = page(
      `<a id="other" href="https://shop.example.com/">Shop</a>
       <a id="mail" href="mailto:help@docs.example.com">Mail</a>
       <a id="ftp" href="ftp://docs.example.com/file">File</a>
       <a id="none"><span>No link</span></a>`,
      [{ part_url: 'docs.example.com', after_hash: false }],
    );
    expect(down('#other')).toBe('https://shop.example.com/');
    expect(down('#mail')).toBe('mailto:help@docs.example.com');
    expect(down('#ftp')).toBe('ftp://docs.example.com/file');
    expect(down('#none span')).toBeNull();
  });

  it('logs and skips invalid linker entries', () => {
    const { down, log } = page(
      '<a id="docs" href="https://docs.example.com/">Docs</a><a id="shop" href="https://shop.example.com/">Shop</a>',
      [
        { part_url: 'localhost', after_hash: false }, // no "letters or digits, then a dot"
        { part_url: 'docs.example.com' }, // no after_hash
        null,
        { part_url: 'shop.example.com', after_hash: true },
      ] as unknown as SiteLinkerOptions['linker'],
    );
    expect(log.mock.calls.map(([e]) => (e as Error).message)).toEqual([
      'linker[0] is invalid',
      'linker[1] is invalid',
      'linker[2] is invalid',
    ]);
    expect(down('#docs')).toBe('https://docs.example.com/');
    expect(down('#shop')).toBe(`https://shop.example.com/#?${ANON}`);
  });

  it('rewrites nothing without a valid entry, nor once destroyed', () => {
    const html = '<a href="https://docs.example.com/">Docs</a>';
    expect(page(html, []).down('a')).toBe('https://docs.example.com/');
    tracker!.destroy();
    const { down } = page(html, [{ part_url: 'docs.example.com', after_hash: false }]);
    expect(down('a')).toBe(`https://docs.example.com/?${ANON}`);
    document.querySelector('a')!.setAttribute('href', 'https://docs.example.com/');
    tracker!.destroy();
    expect(down('a')).toBe('https://docs.example.com/');
    expect(down('a', 'pointerdown')).toBe('https://docs.example.com/');
  });

  it.each([
    ['anonymous', undefined],
    ['logged in', ODD],
  ])('round trip (%s): the id one tracker writes is the one a second tracker adopts', async (_, login) => {
    const { down } = page(
      '<a href="https://docs.example.com/guide?a=1#top">Docs</a>',
      [{ part_url: 'docs.example.com', after_hash: false }],
      login,
    );
    const href = down('a')!;
    expect(sensorsRead(href)).toBe(login ? `f${login}` : 'danon-1'); // Sensors reads it too
    const net = network();
    const second = createTracker({
      window: fakeWindow(href),
      fetch: net.fetch,
      uuid: () => 'anon-docs',
      plugins: [pageviewPlugin(), siteLinkerPlugin()],
    });
    second.init();
    const records = await net.records();
    if (login) {
      expect(second.getSnapshot()).toMatchObject({ distinct_id: login, first_id: 'anon-docs' });
      expect(records).toMatchObject([
        { event: '$SignUp', distinct_id: login, original_id: 'anon-docs' },
        { event: '$pageview', distinct_id: login },
      ]);
    } else {
      expect(second.getSnapshot()).toMatchObject({ distinct_id: 'anon-1', first_id: '' });
      expect(records).toMatchObject([{ event: '$pageview', distinct_id: 'anon-1', anonymous_id: 'anon-1' }]);
    }
    second.destroy();
  });
});
