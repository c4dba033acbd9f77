/**
 * A plugin's full detail page in real Chromium against the real server and the built app, as a
 * person opening a shared link meets it: the page (not the dialog) with its gallery (keys), Markdown
 * description, history versions, design tools and links; "more from this publisher" leading to
 * another plugin's page; the server-rendered title and Open Graph tags of the link; axe-core with no
 * serious or critical finding; and on a phone one column with no horizontal scroll. No page errors.
 */

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pngBytes } from '@plugin-center/test-fakes/media';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, type E2eEnvironment, prepareAxe, startE2eEnvironment } from './support';

let env: E2eEnvironment;
let key: string;
let otherKey: string;
let otherName: string;
/** The stored pictures: the cover and two gallery images (real PNG files the server serves). */
const images: string[] = [];
const pageErrors: string[] = [];

const DESCRIPTION = '## 用法\n\n选中图层，然后点击 **生成**。\n\n- 第一步\n- 第二步';

/** The serious and critical axe-core findings of the page as it is now. */
async function axe(page: Page): Promise<string[]> {
  await prepareAxe(page);
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          d: Document,
        ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }>;
      };
    };
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

async function openPage(viewport?: { width: number; height: number }) {
  const { context, page } = await env.newPage(viewport ? { viewport } : {});
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${env.appUrl}detail/${encodeURIComponent(key)}`);
  await page.locator('article.detail-page h1').waitFor();
  return { context, page };
}

beforeAll(async () => {
  env = await startE2eEnvironment();
  const db = env.server.db.kysely;
  for (const colour of [
    [79, 70, 229],
    [11, 130, 120],
    [180, 83, 9],
  ] as const) {
    const bytes = pngBytes(640, 360, [...colour]);
    const file = `${createHash('sha256').update(bytes).digest('hex')}.png`;
    await env.server.publishing.storage.put(file, bytes);
    images.push(`/api/cmt/file/${file}`);
  }
  const [first, second, third] = await db
    .selectFrom('plugin')
    .select(['id', 'plugin_key', 'name'])
    .where('review_status', '=', 2)
    .orderBy('id')
    .limit(3)
    .execute();
  key = first!.plugin_key;
  otherKey = second!.plugin_key;
  otherName = second!.name;
  // One publisher owns the three; the third is unlisted, so "more" shows only the second.
  const owner = await env.server.identity.createAccount({
    email: 'publisher@example.com',
    password: 'publisher-password-1',
  });
  await db
    .updateTable('plugin')
    .set({ owner_id: owner.id })
    .where('id', 'in', [first!.id, second!.id, third!.id])
    .execute();
  await db.updateTable('plugin').set({ unlisted_at: Date.now() }).where('id', '=', third!.id).execute();
  await db
    .updateTable('plugin')
    .set({
      description: DESCRIPTION,
      cover_center: images[0]!,
      images: JSON.stringify(images.slice(1)),
      video: '/plugins/demo.mp4',
      platforms: JSON.stringify(['figma', 'penpot']),
      license: 'MIT',
      homepage: 'https://example.com/plugin',
      repository: 'https://github.com/example/plugin',
      technical_support_link: 'https://example.com/support',
      current_version: '1.1.0',
      version_content: '更快的生成。',
    })
    .where('id', '=', first!.id)
    .execute();
  await db
    .insertInto('plugin_version')
    .values([
      {
        plugin_id: first!.id,
        version: '1.0.0',
        version_content: '第一个版本。',
        create_time: Date.UTC(2024, 0, 1),
      },
      {
        plugin_id: first!.id,
        version: '1.1.0',
        version_content: '更快的生成。',
        create_time: Date.UTC(2024, 5, 1),
      },
    ])
    .execute();
}, 180_000);

afterAll(async () => {
  await env?.close();
});

describe("a plugin's full detail page", () => {
  it('opens a shared link as the page: gallery, description, versions, tools, links; then another plugin of the publisher', async () => {
    const { context, page } = await openPage();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const article = page.locator('article.detail-page');

    // The gallery: the cover, then the images, with the arrow keys.
    const gallery = page.getByTestId('detail-gallery');
    const stage = gallery.locator('figure img');
    await expect.poll(() => stage.getAttribute('alt')).toMatch(/，封面$/);
    await gallery.getByRole('button', { name: '下一张' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => stage.getAttribute('alt')).toMatch(/第 1 张图片（共 2 张）$/);
    await page.keyboard.press('End');
    await expect.poll(() => stage.getAttribute('alt')).toMatch(/第 2 张图片（共 2 张）$/);
    expect(await gallery.locator('video').getAttribute('autoplay')).toBeNull();

    // The description as Markdown, the versions, the tools, the links.
    const description = page.getByTestId('detail-description');
    expect(await description.getByRole('heading', { level: 4, name: '用法' }).count()).toBe(1);
    expect(await description.locator('strong').textContent()).toBe('生成');
    expect(await article.getByText('第一个版本。').count()).toBe(1);
    expect(await page.getByTestId('detail-tools').locator('li').allTextContents()).toEqual([
      'FFigma',
      'PPenpot',
    ]);
    for (const href of [
      'https://example.com/plugin',
      'https://github.com/example/plugin',
      'https://example.com/support',
    ]) {
      expect(await article.locator(`a[href="${href}"]`).getAttribute('rel'), href).toBe(
        'noopener noreferrer',
      );
    }
    expect(await article.getByText('MIT', { exact: true }).count()).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'detail-page.png'), fullPage: true });

    // axe-core on the loaded page, once the lazily loaded ratings have shown.
    await page.getByTestId('detail-ratings').waitFor();
    expect(await axe(page)).toEqual([]);

    // More from this publisher: the second plugin (the third is unlisted), as its own page.
    const more = page.getByTestId('detail-more');
    await more.waitFor();
    expect(await more.locator('a.card').count()).toBe(1);
    await more.locator('a.card').click();
    await page.waitForURL(`**/plugins/detail/${encodeURIComponent(otherKey)}`);
    await expect.poll(() => page.locator('article.detail-page h1').textContent()).toBe(otherName);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.title()).toBe(`${otherName} · 插件中心`);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('is named in the served HTML: title, description and Open Graph tags', async () => {
    const response = await fetch(`${env.appUrl}detail/${encodeURIComponent(key)}`, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    const api = await fetch(`${env.origin}/api/cmt/plugin?plugin_key=${encodeURIComponent(key)}&lang=zh-CN`);
    const plugin = ((await api.json()) as { data: { name: string } }).data;
    const { context, page } = await env.newPage();
    const head = await page.evaluate((text) => {
      const d = new DOMParser().parseFromString(text, 'text/html');
      const meta = (s: string) => d.querySelector(s)?.getAttribute('content') ?? null;
      return {
        title: d.title,
        ogType: meta('meta[property="og:type"]'),
        ogTitle: meta('meta[property="og:title"]'),
        ogUrl: meta('meta[property="og:url"]'),
        ogImage: meta('meta[property="og:image"]'),
        twitterCard: meta('meta[name="twitter:card"]'),
        canonical: d.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      };
    }, html);
    await context.close();
    const url = `${env.appUrl}detail/${encodeURIComponent(key)}`;
    expect(head).toEqual({
      title: `${plugin.name} · 插件中心`,
      ogType: 'website',
      ogTitle: `${plugin.name} · 插件中心`,
      ogUrl: url,
      ogImage: `${env.origin}${images[0]}`,
      twitterCard: 'summary_large_image',
      canonical: url,
    });
  });

  it('is one column on a phone, no wider than the screen', async () => {
    const { context, page } = await openPage({ width: 390, height: 800 });
    await page.getByTestId('detail-more').waitFor();
    const layout = await page.evaluate(() => {
      const main = document.querySelector('.detail-page-main')!.getBoundingClientRect();
      const side = document.querySelector('.detail-page-side')!.getBoundingClientRect();
      return {
        scrollWidth: document.documentElement.scrollWidth,
        sideBelowMain: side.top >= main.bottom,
        sameLeft: Math.round(side.left) === Math.round(main.left),
      };
    });
    expect(layout).toEqual({ scrollWidth: 390, sideBelowMain: true, sameLeft: true });
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'detail-page-phone.png'), fullPage: true });
    expect(await axe(page)).toEqual([]);
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
