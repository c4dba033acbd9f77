/**
 * What the server serves besides the APIs (`appStatic.ts`): the built marketplace app under
 * `/plugins/` with the site configuration written into its page, and the tracker's script-tag build.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorEnvelope } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSiteConfig } from './site';
import { body, createTestApp, type TestApp } from './testing/testApp';

/** A server without the app or the tracker configured (the shipped catalogue, as every test app). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the marketplace app under /plugins/', () => {
  let appDir: string;
  let served: TestApp;

  beforeAll(async () => {
    appDir = await mkdtemp(join(tmpdir(), 'plugin-center-app-'));
    await mkdir(join(appDir, 'assets'));
    await writeFile(
      join(appDir, 'index.html'),
      '<!doctype html><title>fake app</title><div id="root"></div>',
    );
    await writeFile(join(appDir, 'assets', 'index-3f2a1b.js'), 'console.log("app")');
    await writeFile(
      join(appDir, 'assets', 'vendor-9c8d7e.js'),
      `export const big = ${JSON.stringify('x'.repeat(20_000))};`,
    );
    await writeFile(join(appDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    served = await createTestApp({ appDir, importCatalogueOnEmpty: false });
  });
  afterAll(async () => {
    await served?.close();
    await rm(appDir, { recursive: true, force: true });
  });

  it('redirects / to /plugins/', async () => {
    const response = await served.app.inject('/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/plugins/');
    const bare = await served.app.inject('/plugins?x=1');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/plugins/?x=1');
  });

  it.each(['/plugins/', '/plugins/some/deep/link', '/plugins/plugin/abc?tab=versions', '/plugins/403'])(
    '%s answers index.html without caching (history fallback)',
    async (url) => {
      const response = await served.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root"></div>');
    },
  );

  it('serves hashed assets as immutable and other files revalidated', async () => {
    const asset = await served.app.inject('/plugins/assets/index-3f2a1b.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log("app")');
    const icon = await served.app.inject('/plugins/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const missing = await served.app.inject('/plugins/assets/missing-123.js');
    expect(missing.statusCode).toBe(404);
    expect(body<ErrorEnvelope>(missing).error).toBe('ROUTE_NOT_FOUND');
  });

  it('compresses larger files for clients that accept it', async () => {
    const response = await served.app.inject({
      url: '/plugins/assets/vendor-9c8d7e.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(2_000);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await served.app.inject({
      url: '/api/cmt/plugin/tag/list',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(api.headers['content-encoding']).toBeUndefined();
  });

  it('writes the site configuration into index.html, with an ETag answered by 304', async () => {
    const page = await served.app.inject('/plugins/');
    const meta = page.body.match(/<meta name="plugin-center-site" content="([^"]*)">/);
    expect(meta).not.toBeNull();
    expect(JSON.parse(meta![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))).toEqual({
      variant: 'domestic',
      deploymentType: null,
      locales: ['zh-CN', 'en-US'],
      workbenchUrl: null,
      cookieConsent: false,
      showLogin: true,
      signInUrl: null,
      product: 'pixso',
      links: {
        hostOrigin: null,
        menus: ['products', 'resources', 'hotPicks', 'pricing', 'help'],
        custom: null,
      },
      analyticsProject: 'production',
    });
    // /plugins/index.html itself is the same page, not the file without the configuration
    const direct = await served.app.inject('/plugins/index.html');
    expect(direct.body).toBe(page.body);
    const again = await served.app.inject({
      url: '/plugins/',
      headers: { 'if-none-match': page.headers.etag! },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('hands each variant its own configuration; hostile settings cannot break out of the attribute', async () => {
    const overseas = await createTestApp({
      appDir,
      importCatalogueOnEmpty: false,
      site: resolveSiteConfig({
        variant: 'overseas',
        workbenchUrl: '/plugins/app"><script>alert(1)</script>',
      }),
    });
    try {
      const html = (await overseas.app.inject('/plugins/')).body;
      expect(html).not.toContain('<script>');
      const content = html
        .match(/<meta name="plugin-center-site" content="([^"]*)"/)![1]!
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
      const site = JSON.parse(content);
      expect(site).toMatchObject({
        variant: 'overseas',
        cookieConsent: true,
        locales: ['en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES'],
        analyticsProject: 'oversea_production',
      });
      expect(site.workbenchUrl).toBe('/plugins/app"><script>alert(1)</script>');
    } finally {
      await overseas.close();
    }
    expect(
      resolveSiteConfig({ variant: 'private', deploymentType: 'hwdc', workbenchUrl: '/w' }),
    ).toMatchObject({
      deploymentType: 'hwdc',
      showLogin: false,
      workbenchUrl: null,
    });
    expect(resolveSiteConfig({ variant: 'private', locales: ['ja-JP'] })).toMatchObject({
      deploymentType: 'pri',
      locales: ['ja-JP'],
      showLogin: true,
    });
  });

  it('tells the app that sign-up is closed on a deployment without e-mail sign-in', async () => {
    const directoryOnly = await createTestApp({
      appDir,
      importCatalogueOnEmpty: false,
      site: resolveSiteConfig({ variant: 'private' }),
      privateLoginConfig: { password: { enable: false, logout_mode: 'default', logout_url: null } },
    });
    try {
      const html = (await directoryOnly.app.inject('/plugins/')).body;
      const content = html.match(/<meta name="plugin-center-site" content="([^"]*)"/)![1]!;
      expect(JSON.parse(content.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))).toMatchObject({
        variant: 'private',
        showLogin: true,
        showSignUp: false,
      });
    } finally {
      await directoryOnly.close();
    }
  });

  it('says to run pnpm build when no app is built', async () => {
    const response = await t.app.inject('/plugins/anything');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('pnpm build');
  });
});

describe('the tracker script at /sdk/analytics.iife.js (one script tag on any site)', () => {
  let dir: string;
  let served: TestApp;
  const script = `(function(){var PluginCenterAnalytics=${JSON.stringify('x'.repeat(4000))};})();\n//# sourceMappingURL=analytics.iife.js.map\n`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plugin-center-tracker-'));
    await writeFile(join(dir, 'analytics.iife.js'), script);
    await writeFile(join(dir, 'analytics.iife.js.map'), '{"version":3,"mappings":""}');
    served = await createTestApp({
      trackerScript: join(dir, 'analytics.iife.js'),
      importCatalogueOnEmpty: false,
    });
  });
  afterAll(async () => {
    await served?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the script to other origins, cached for an hour and revalidated by ETag', async () => {
    const response = await served.app.inject({
      url: '/sdk/analytics.iife.js',
      headers: { origin: 'https://docs.example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.body).toBe(script);
    const etag = response.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await served.app.inject({
      url: '/sdk/analytics.iife.js',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const head = await served.app.inject({ method: 'HEAD', url: '/sdk/analytics.iife.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('compresses it for clients that accept it, and serves its source map beside it', async () => {
    const response = await served.app.inject({
      url: '/sdk/analytics.iife.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThan(200);
    const map = await served.app.inject('/sdk/analytics.iife.js.map');
    expect(map.statusCode).toBe(200);
    expect(map.json()).toMatchObject({ version: 3 });
  });

  it('answers 404 in the envelope, saying to build, when the script is not built', async () => {
    const response = await t.app.inject('/sdk/analytics.iife.js');
    expect(response.statusCode).toBe(404);
    expect(body<ErrorEnvelope>(response)).toMatchObject({
      error: 'ROUTE_NOT_FOUND',
      message: expect.stringContaining('pnpm build'),
    });
  });
});
