/**
 * The head of the app's page as shared links see it before JavaScript runs (`pageMeta.ts` through
 * `appStatic.ts`): language, title, description, canonical URL, Open Graph and Twitter card tags
 * of the square, of each plugin's `/plugins/detail/<key>` and of each publisher's
 * `/plugins/publisher/<handle>`, per visitor language, with authors' text escaped.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_META_TEXTS, prepareAppPage, renderAppPage, requestOrigin } from './pageMeta';
import { createPlugins } from './plugins/data/write';
import { resolveSiteConfig } from './site';
import { createTestApp, injectAs, signInTestUser, type TestApp } from './testing/testApp';

/** The head of the built app as Vite writes it (`app/index.html`). */
const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Plugin Center: browse and search plugins for design tools." />
    <title>插件中心 · Plugin Center</title>
  </head>
  <body><div id="root"></div><script type="module" src="/plugins/assets/index-1.js"></script></body>
</html>
`;

const HOSTILE = `</title><script>alert(1)</script>"><img src=x onerror=alert(2)> & 'q'`;
const window = new Window({ url: 'http://localhost/' });

let appDir: string;
let t: TestApp;

beforeAll(async () => {
  appDir = await mkdtemp(join(tmpdir(), 'plugin-center-meta-'));
  await writeFile(join(appDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({
    appDir,
    importCatalogueOnEmpty: false,
    site: resolveSiteConfig({ variant: 'overseas' }),
  });
  await createPlugins(t.app.db, [
    {
      plugin_key: 'share-cover',
      name: 'Color Walker',
      intro: 'Walks through palettes.',
      review_status: 2,
      create_time: Date.UTC(2024, 0, 1),
      icon: '/files/icon-1.png',
      cover_center: 'https://cdn.example.com/cover-1.png',
      translations: [
        { locale: 'ja-JP', name: 'カラーウォーカー', intro: 'パレットを歩く。', description: '' },
      ],
    },
    {
      plugin_key: 'share-hostile',
      name: HOSTILE,
      intro: `${HOSTILE}\n\nsecond line`,
      review_status: 2,
      create_time: Date.UTC(2024, 0, 2),
      icon: '/files/icon-2.png',
    },
    { plugin_key: 'share-pending', name: 'Not yet', review_status: 1, create_time: Date.UTC(2024, 0, 3) },
  ]);
});
afterAll(async () => {
  await t?.close();
  await rm(appDir, { recursive: true, force: true });
});

/** The head of a page: lang, title, and the content of each meta/link the previews read. */
function headOf(response: LightMyRequestResponse) {
  const doc = new window.DOMParser().parseFromString(response.body, 'text/html');
  const meta = (attr: string, name: string) =>
    [...doc.querySelectorAll(`meta[${attr}="${name}"]`)].map((m) => m.getAttribute('content'));
  return {
    lang: doc.documentElement.getAttribute('lang'),
    titles: [...doc.querySelectorAll('title')].map((e) => e.textContent),
    description: meta('name', 'description'),
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    robots: meta('name', 'robots'),
    og: (p: string) => meta('property', `og:${p}`),
    twitter: (p: string) => meta('name', `twitter:${p}`),
    scripts: doc.querySelectorAll('script:not([src])').length,
    images: doc.querySelectorAll('img').length,
  };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host: 'plugins.example.com', ...headers } });

describe('the square', () => {
  it("has the visitor's language, title and description, one each, with its canonical URL and cards", async () => {
    for (const [headers, locale] of [
      [{}, 'en-US'],
      [{ 'accept-language': 'ja-JP,ja;q=0.9' }, 'ja-JP'],
      [{ cookie: 'lang=ru' }, 'ru-RU'],
      [{ 'accept-language': 'zh-CN,zh;q=0.9' }, 'en-US'], // the overseas site offers no Chinese
    ] as const) {
      const response = await get('/plugins/?sort=1', headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers.vary).toBe('Cookie, Accept-Language');
      const head = headOf(response);
      const texts = PAGE_META_TEXTS[locale];
      expect(head.lang, locale).toBe(locale);
      expect(head.titles).toEqual([texts.productName]);
      expect(head.description).toEqual([texts.description]);
      expect(head.canonical).toBe('http://plugins.example.com/plugins/');
      expect(head.og('title')).toEqual([texts.productName]);
      expect(head.og('description')).toEqual([texts.description]);
      expect(head.og('url')).toEqual(['http://plugins.example.com/plugins/']);
      expect(head.og('locale')).toEqual([locale.replace('-', '_')]);
      expect(head.og('locale:alternate')).toHaveLength(4);
      expect(head.twitter('card')).toEqual(['summary']);
      expect(head.robots).toEqual([]);
    }
  });

  it('answers 304 to its own ETag, and another ETag per language', async () => {
    const en = await get('/plugins/');
    const ja = await get('/plugins/', { cookie: 'lang=jp' });
    expect(en.headers.etag).not.toBe(ja.headers.etag);
    const again = await get('/plugins/', { 'if-none-match': String(en.headers.etag) });
    expect(again.statusCode).toBe(304);
    const other = await get('/plugins/', { cookie: 'lang=jp', 'if-none-match': String(en.headers.etag) });
    expect(other.statusCode).toBe(200);
  });
});

describe('a plugin at /plugins/detail/<key>', () => {
  it('has its name, intro, canonical URL and cover (large card), in the translation where there is one', async () => {
    const en = headOf(await get('/plugins/detail/share-cover'));
    expect(en.titles).toEqual(['Color Walker · Plugin Center']);
    expect(en.description).toEqual(['Walks through palettes.']);
    expect(en.canonical).toBe('http://plugins.example.com/plugins/detail/share-cover');
    expect(en.og('title')).toEqual(['Color Walker · Plugin Center']);
    expect(en.og('image')).toEqual(['https://cdn.example.com/cover-1.png']);
    expect(en.twitter('card')).toEqual(['summary_large_image']);
    expect(en.twitter('image')).toEqual(['https://cdn.example.com/cover-1.png']);
    const ja = headOf(await get('/plugins/detail/share-cover?from=share', { cookie: 'lang=jp' }));
    expect(ja.lang).toBe('ja-JP');
    expect(ja.titles).toEqual(['カラーウォーカー · プラグインセンター']);
    expect(ja.og('description')).toEqual(['パレットを歩く。']);
  });

  it('escapes a hostile name and intro; the icon becomes an absolute URL', async () => {
    const response = await get('/plugins/detail/share-hostile');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert');
    expect(response.body).not.toContain('<img');
    const head = headOf(response);
    expect(head.scripts).toBe(0);
    expect(head.images).toBe(0);
    expect(head.titles).toEqual([`${HOSTILE} · Plugin Center`]);
    expect(head.description).toEqual([`${HOSTILE} second line`]);
    expect(head.og('title')).toEqual([`${HOSTILE} · Plugin Center`]);
    expect(head.og('image')).toEqual(['http://plugins.example.com/files/icon-2.png']);
    expect(head.twitter('card')).toEqual(['summary']);
  });

  it.each([
    '/plugins/detail/no-such-plugin',
    '/plugins/detail/share-pending',
    `/plugins/detail/${'k'.repeat(300)}`,
    '/plugins/detail/a%00b',
  ])('%s: the square head, noindex, 404', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const head = headOf(response);
    expect(head.titles).toEqual(['Plugin Center']);
    expect(head.robots).toEqual(['noindex']);
    expect(head.og('image')).toEqual([]);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('writes no absolute URL for a hostile Host', async () => {
    const head = headOf(await get('/plugins/detail/share-cover', { host: 'evil.example"><script>' }));
    expect(head.canonical).toBeUndefined();
    expect(head.og('url')).toEqual([]);
    expect(head.og('image')).toEqual(['https://cdn.example.com/cover-1.png']);
    expect(requestOrigin('https', 'plugins.example.com:8443')).toBe('https://plugins.example.com:8443');
    expect(requestOrigin('https', '[::1]:3000')).toBe('https://[::1]:3000');
    expect(requestOrigin('javascript', 'x')).toBeUndefined();
  });
});

describe('a publisher at /plugins/publisher/<handle>', () => {
  let handle: string;
  let userId: number;

  beforeAll(async () => {
    const session = await signInTestUser(t.app);
    userId = session.user_info.user_id;
    handle = `meta-${Math.random().toString(36).slice(2, 8)}`;
    const saved = await injectAs(t.app, 'PUT', '/api/cmt/plugin/publisher/me', session.access_token, {
      handle,
    });
    expect(saved.statusCode).toBe(200);
    await t.app.db.kysely
      .updateTable('user_account')
      .set({ nick_name: HOSTILE, avatar_url: '/files/avatar-1.png' })
      .where('id', '=', userId)
      .execute();
    await createPlugins(t.app.db, [
      { plugin_key: 'pub-meta-1', name: 'Pub One', review_status: 2, create_time: Date.UTC(2024, 1, 1) },
      { plugin_key: 'pub-meta-2', name: 'Pub Two', review_status: 2, create_time: Date.UTC(2024, 1, 2) },
      { plugin_key: 'pub-meta-3', name: 'Pub Pending', review_status: 1, create_time: Date.UTC(2024, 1, 3) },
    ]);
    await t.app.db.kysely
      .updateTable('plugin')
      .set({ owner_id: userId })
      .where('plugin_key', 'in', ['pub-meta-1', 'pub-meta-2', 'pub-meta-3'])
      .execute();
  });

  it('has its title as the app words it, its number of plugins, the lower-case canonical URL and avatar', async () => {
    const response = await get(`/plugins/publisher/${handle.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert');
    const head = headOf(response);
    expect(head.scripts).toBe(0);
    expect(head.images).toBe(0);
    expect(head.titles).toEqual([`${HOSTILE} (@${handle}): publisher · Plugin Center`]);
    expect(head.description).toEqual([`2 plugins by ${HOSTILE}.`]);
    expect(head.canonical).toBe(`http://plugins.example.com/plugins/publisher/${handle}`);
    expect(head.og('url')).toEqual([`http://plugins.example.com/plugins/publisher/${handle}`]);
    expect(head.og('image')).toEqual(['http://plugins.example.com/files/avatar-1.png']);
    expect(head.twitter('card')).toEqual(['summary']);
    expect(head.robots).toEqual([]);
    const ja = headOf(await get(`/plugins/publisher/${handle}/`, { cookie: 'lang=jp' }));
    expect(ja.titles).toEqual([`${HOSTILE}（@${handle}）：パブリッシャー · プラグインセンター`]);
    expect(ja.description).toEqual([`${HOSTILE} が公開しているプラグイン 2 件。`]);
  });

  it.each([
    '/plugins/publisher/nobody-holds-this',
    '/plugins/publisher/admin',
    '/plugins/publisher/a%00b',
    `/plugins/publisher/${'h'.repeat(300)}`,
  ])('%s: the square head, noindex, 404', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    const head = headOf(response);
    expect(head.titles).toEqual(['Plugin Center']);
    expect(head.robots).toEqual(['noindex']);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it("is a 404 once the publisher's account is disabled", async () => {
    await t.app.db.kysely
      .updateTable('user_account')
      .set({ staff_status: 0 })
      .where('id', '=', userId)
      .execute();
    try {
      const response = await get(`/plugins/publisher/${handle}`);
      expect(response.statusCode).toBe(404);
      expect(headOf(response).robots).toEqual(['noindex']);
    } finally {
      await t.app.db.kysely
        .updateTable('user_account')
        .set({ staff_status: 1 })
        .where('id', '=', userId)
        .execute();
    }
  });
});

describe('renderAppPage on the domestic site', () => {
  const template = prepareAppPage(INDEX_HTML, resolveSiteConfig());
  const render = (langCookie: string | undefined, languages: string[]) =>
    renderAppPage(template, { path: '/plugins/', origin: undefined, langCookie, languages }, undefined);

  it('speaks Chinese by default, English to a browser asking only for other languages (SPEC §1)', async () => {
    const zh = await render(undefined, []);
    expect(zh.html).toContain('<html lang="zh-CN">');
    expect(zh.html).toContain('<title>插件中心</title>');
    const fr = await render(undefined, ['fr-FR', 'de']);
    expect(fr.html).toContain('<html lang="en-US">');
    expect(fr.html).toContain('<title>Plugin Center</title>');
    expect((await render('zh-CN', ['fr'])).html).toContain('<html lang="zh-CN">');
    // the built page's own title and description are replaced, not repeated
    expect(fr.html.match(/<title>/g)).toHaveLength(1);
    expect(fr.html).not.toContain('browse and search plugins for design tools');
  });
});
