/**
 * What a browser gets for a path this server does not serve (`notFoundPage.ts`): an HTML 404 page in
 * the site's look and the visitor's language, while API clients keep the JSON envelope; and, on a
 * deployment without login (`hwdc`), the login and bind pages are not served.
 */
import type { ErrorEnvelope } from '@plugin-center/contract/schemas';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_PAGE_CSP, notFoundLocale } from './notFoundPage';
import { resolveSiteConfig } from './site';
import { body, createTestApp, type TestApp } from './testing/testApp';

/** What a browser's address-bar navigation sends as `Accept`. */
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8';

const htmlWindow = new Window({ url: 'http://localhost/' });
const parse = (html: string) => new htmlWindow.DOMParser().parseFromString(html, 'text/html');

let hwdc: TestApp;

beforeAll(async () => {
  hwdc = await createTestApp({
    importCatalogueOnEmpty: false,
    site: resolveSiteConfig({ variant: 'private', deploymentType: 'hwdc' }),
  });
});
afterAll(async () => {
  await hwdc?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  hwdc.app.inject({ method: 'GET', url, headers });

describe('a path this server does not serve', () => {
  it('answers a browser navigation with an HTML 404 page in the site language, linking to the square', async () => {
    for (const url of ['/community/home', '/price/', '/help/en/', '/app', '/pixso-enterprise/?x=1']) {
      const response = await get(url, { accept: NAVIGATION });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toBe(NOT_FOUND_PAGE_CSP);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const doc = parse(response.body);
      expect(doc.documentElement.lang).toBe('zh-CN');
      expect(doc.title).toBe('页面不存在 · 插件中心');
      expect(doc.querySelector('h1')?.textContent).toBe('页面不存在');
      expect(doc.querySelector('a.home')?.getAttribute('href')).toBe('/plugins/');
      expect(doc.querySelectorAll('script')).toHaveLength(0);
    }
    const en = parse(
      (await get('/recommend/', { accept: NAVIGATION, 'accept-language': 'en-GB,en;q=0.8' })).body,
    );
    expect(en.documentElement.lang).toBe('en-US');
    expect(en.querySelector('h1')?.textContent).toBe('Page not found');
    // A language the site does not offer is not chosen even when asked for first.
    const ja = await get('/recommend/', { accept: NAVIGATION, 'accept-language': 'ja', cookie: 'lang=jp' });
    expect(parse(ja.body).documentElement.lang).toBe('zh-CN');
  });

  it('keeps the JSON envelope for API paths, API clients and other methods', async () => {
    for (const [method, url, accept] of [
      ['GET', '/api/cmt/nothing', NAVIGATION],
      ['GET', '/community/home', 'application/json'],
      ['GET', '/community/home', '*/*'],
      ['POST', '/community/home', NAVIGATION],
    ] as const) {
      const response = await hwdc.app.inject({ method, url, headers: { accept } });
      expect(response.statusCode, `${method} ${url} ${accept}`).toBe(404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(body<ErrorEnvelope>(response).error).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('reads hostile language headers without failing', () => {
    const locales = ['zh-CN', 'en-US'] as const;
    expect(notFoundLocale('lang=\u0000en', 'en;q=abc, \u0000, ;;;', locales)).toBe('zh-CN');
    expect(notFoundLocale(`lang=${'x'.repeat(100_000)}`, 'x'.repeat(100_000), locales)).toBe('zh-CN');
    expect(notFoundLocale('a=1; lang=en', undefined, locales)).toBe('en-US');
    expect(notFoundLocale(undefined, 'fr, en;q=0.1, zh;q=0', locales)).toBe('en-US');
  });
});

describe('a deployment without login (hwdc)', () => {
  it('serves neither the login, sign-up nor bind page, nor their files', async () => {
    for (const url of [
      '/user/login/',
      '/user/login/?page=sign_up',
      '/user/login',
      '/user/login/bind?id=1',
      '/user/login/bind/',
      '/user/login/login.js',
      '/user/login/login.css',
    ]) {
      const page = await get(url, { accept: NAVIGATION });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).not.toContain('login-form');
      const api = await get(url, { accept: 'application/json' });
      expect(api.statusCode, url).toBe(404);
      expect(body<ErrorEnvelope>(api).error).toBe('ROUTE_NOT_FOUND');
    }
  });
});
