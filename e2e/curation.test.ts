/**
 * The curation back office in real Chromium against the real server and the built app:
 * an administrator signs in and, through the back-office pages only (no API shortcut), creates a
 * resource position (featured slot) starting now for a catalogue plugin → it is listed as active and
 * a visitor's square (another browser context) shows it in the featured area → the administrator
 * disables it → after a reload the visitor's square no longer shows it; adds a banner (a real PNG)
 * whose invalid link is refused with exactly 'Wrong url, please try again' (by the page, and by the
 * server for a link only the server refuses) → the visitor's square
 * shows the carousel with that banner linking to the URL; chooses and orders two recommended plugins
 * and publishes → the visitor's recommended block shows exactly those, in that order. No page errors.
 */
import { join } from 'node:path';
import { pngBytes } from '@plugin-center/test-fakes/media';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, type E2eEnvironment, startE2eEnvironment, submitLoginPage } from './support';

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const BANNER_URL = 'https://example.com/spring-sale?from=banner';

let env: E2eEnvironment;
let admin: Page;
let visitor: Page;
const pageErrors: string[] = [];
/** Three approved catalogue plugins: [0] is featured, [1] and [2] are recommended. */
let catalogue: { plugin_key: string; name: string }[] = [];

/** The page's toasts' texts, newest last. */
const toasts = (p: Page) => p.locator('.toast').allTextContents();

/** Searches `name` in the back-office plugin picker labelled `label` and chooses the plugin `key`. */
async function pick(p: Page, label: string, plugin: { plugin_key: string; name: string }) {
  const picker = p
    .locator('.bo-picker')
    .filter({ has: p.locator('label', { hasText: new RegExp(`^${label}$`) }) });
  await picker.locator('input[type="search"]').fill(plugin.name);
  const choice = picker.locator('.bo-picker-list button', { hasText: plugin.plugin_key });
  await choice.waitFor();
  await choice.click();
}

/** `ms` since the epoch as a `datetime-local` value in the browser's own time zone. */
async function localInput(p: Page, ms: number): Promise<string> {
  return p.evaluate((at) => {
    const d = new Date(at);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
  }, ms);
}

/**
 * The visitor opens the square (not searching) and waits for the answers of its plugin list,
 * featured area and banners, and for the page to render them.
 */
async function openSquare() {
  const answered = (path: string) =>
    visitor.waitForResponse((r) => new URL(r.url()).pathname === path && r.ok());
  const answers = Promise.all(
    ['/api/cmt/plugin/list', '/api/cmt/plugin/resource_state/active', '/api/cmt/plugin-banner/all'].map(
      answered,
    ),
  );
  await visitor.goto(env.appUrl);
  await answers;
  await visitor.getByRole('region', { name: '推荐插件' }).locator('a.card').first().waitFor();
}

const featuredKeys = () =>
  visitor
    .locator('section.featured a.featured-card')
    .evaluateAll((links) => links.map((a) => a.getAttribute('data-plugin-key')));
const recommendedKeys = () =>
  visitor
    .getByRole('region', { name: '推荐插件' })
    .locator('a.card')
    .evaluateAll((links) => links.map((a) => a.getAttribute('data-plugin-key')));

beforeAll(async () => {
  env = await startE2eEnvironment({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  // Which plugins to use is read from the database; everything else goes through the pages.
  catalogue = await env.server.db.kysely
    .selectFrom('plugin')
    .select(['plugin_key', 'name'])
    .where('review_status', '=', 2)
    .where('name', 'like', '% %')
    .orderBy('id')
    .limit(3)
    .execute();
  expect(catalogue).toHaveLength(3);
  ({ page: admin } = await env.newPage());
  ({ page: visitor } = await env.newPage());
  for (const p of [admin, visitor]) p.on('pageerror', (error) => pageErrors.push(error.message));
  await admin.goto(`${env.appUrl}backstage-index/resource-state-list`);
  await submitLoginPage(admin, ADMIN);
  // The login's last step (the code exchange) runs in the page: wait for the page it opens, or the
  // next navigation may cut it short and send the administrator back to sign in.
  await admin.getByRole('heading', { name: '资源位', exact: true }).first().waitFor();
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('the curation back office drives the square', () => {
  it('features a plugin from now on: listed as active, shown on the visitor’s square', async () => {
    const plugin = catalogue[0]!;
    await admin.goto(`${env.appUrl}backstage-index/resource-state-list`);
    await admin.getByRole('heading', { name: '资源位', exact: true }).first().waitFor();
    await expect.poll(() => admin.getByText('暂无资源位').count()).toBe(1);
    await openSquare();
    expect(await featuredKeys()).toEqual([]);

    await pick(admin, '插件', plugin);
    expect(await admin.getByTestId('chosen-plugin').textContent()).toBe(`已选：${plugin.name}`);
    const now = Date.now();
    await admin.getByLabel('开始时间').fill(await localInput(admin, now));
    await admin.getByLabel('结束时间').fill(await localInput(admin, now + 24 * 3600_000));
    await admin.getByLabel('“新”标签').check();
    await admin.getByRole('button', { name: '新建资源位', exact: true }).click();
    await expect.poll(() => toasts(admin)).toContain('资源位已创建');
    const row = admin.getByTestId('resource-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('.bo-row-title').textContent()).toBe(`${plugin.name} 新`);
    expect(await row.locator('.bo-badge').textContent()).toBe('生效中');
    expect(await row.locator('.bo-badge').getAttribute('data-status')).toBe('active');

    await openSquare();
    await expect.poll(featuredKeys).toEqual([plugin.plugin_key]);
    const card = visitor.locator(`section.featured a.featured-card[data-plugin-key="${plugin.plugin_key}"]`);
    expect(await card.locator('.card-name').textContent()).toBe(plugin.name);
    expect(await card.locator('.chip-new').textContent()).toBe('新');
    expect(await visitor.getByRole('heading', { name: '精选', exact: true }).count()).toBe(1);
    await visitor.screenshot({ path: join(ARTIFACTS_DIR, 'curation-featured.png') });
    expect(pageErrors).toEqual([]);
  });

  it('disables the resource position: invalidated in the back office, gone from the square', async () => {
    const plugin = catalogue[0]!;
    await admin.getByRole('button', { name: `停用 ${plugin.name}`, exact: true }).click();
    await expect.poll(() => toasts(admin)).toContain(`已停用 ${plugin.name}`);
    const row = admin.getByTestId('resource-row');
    await expect.poll(() => row.locator('.bo-badge').textContent()).toBe('已失效');
    expect(await row.getByRole('button', { name: `恢复 ${plugin.name}`, exact: true }).count()).toBe(1);

    await openSquare();
    expect(await featuredKeys()).toEqual([]);
    expect(await visitor.locator('section.featured').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('adds a banner: a wrong link is refused, then the square’s carousel links to it', async () => {
    await admin.goto(`${env.appUrl}backstage-index/banner-config`);
    await expect.poll(() => admin.getByText('暂无轮播图').count()).toBe(1);
    await openSquare();
    expect(await visitor.getByRole('region', { name: '横幅' }).count()).toBe(0);

    await admin.getByRole('button', { name: '添加轮播图', exact: true }).click();
    await admin.getByLabel('图片').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: pngBytes(960, 320, [220, 60, 90]),
    });
    const link = admin.getByLabel('链接');
    await link.fill('javascript:alert(1)');
    await admin.getByRole('button', { name: '保存', exact: true }).click();
    const error = admin.locator('form .field-error');
    await expect.poll(() => error.allTextContents()).toEqual(['Wrong url, please try again']);
    expect(await link.getAttribute('aria-invalid')).toBe('true');
    expect(await admin.getByTestId('banner-row').count()).toBe(0);
    // Credentials before the host: the page applies the server's one link rule (the contract's
    // text rules), so it refuses this too, with the same text, without sending anything.
    const saves: string[] = [];
    admin.on('request', (r) => {
      if (r.url().includes('/plugin-banner') && r.method() === 'PUT') saves.push(r.url());
    });
    await link.fill('https://trusted.example@evil.example/');
    await admin.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => error.allTextContents()).toEqual(['Wrong url, please try again']);
    expect(saves).toEqual([]);
    expect(await admin.getByTestId('banner-row').count()).toBe(0);

    await link.fill(BANNER_URL);
    await admin.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => toasts(admin)).toContain('Save Successfully');
    const row = admin.getByTestId('banner-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('link').getAttribute('href')).toBe(BANNER_URL);
    await expect
      .poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(960);

    await openSquare();
    const carousel = visitor.getByRole('region', { name: '横幅' });
    await expect.poll(() => carousel.count()).toBe(1);
    const slides = carousel.locator('.carousel-slide');
    await expect.poll(() => slides.count()).toBe(1);
    expect(await slides.first().locator('a').getAttribute('href')).toBe(BANNER_URL);
    await expect
      .poll(() =>
        slides
          .first()
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(960);
    await visitor.screenshot({ path: join(ARTIFACTS_DIR, 'curation-banner.png') });
    expect(pageErrors).toEqual([]);
  });

  it('chooses and orders two recommended plugins: the square recommends exactly those, in order', async () => {
    const [, first, second] = catalogue as [
      unknown,
      { plugin_key: string; name: string },
      (typeof catalogue)[0],
    ];
    await admin.goto(`${env.appUrl}backstage-index/recommendation`);
    await expect
      .poll(() => admin.getByTestId('rec-state').textContent())
      .toBe('尚未发布推荐：广场展示自动推荐。');

    await pick(admin, '搜索插件', first);
    await pick(admin, '搜索插件', second);
    const titles = () => admin.getByTestId('rec-row').locator('.bo-row-title').allTextContents();
    await expect.poll(titles).toEqual([`1. ${first.name}`, `2. ${second.name}`]);
    expect(await admin.getByTestId('rec-state').textContent()).toBe('有未发布的修改');
    // Reorder: the second one up, so the square shows it first.
    await admin.getByRole('button', { name: `上移 ${second.name}`, exact: true }).click();
    await expect.poll(titles).toEqual([`1. ${second.name}`, `2. ${first.name}`]);
    await admin.getByRole('button', { name: '发布', exact: true }).click();
    await expect.poll(() => toasts(admin)).toContain('推荐已发布');
    await expect.poll(() => admin.getByTestId('rec-state').textContent()).toBe('广场正在展示此推荐。');

    // What is published survives a reload of the back office.
    await admin.reload();
    await expect.poll(titles).toEqual([`1. ${second.name}`, `2. ${first.name}`]);

    await openSquare();
    await expect.poll(recommendedKeys).toEqual([second.plugin_key, first.plugin_key]);
    expect(
      await visitor.getByRole('region', { name: '推荐插件' }).locator('a.card .card-name').allTextContents(),
    ).toEqual([second.name, first.name]);
    await visitor.screenshot({ path: join(ARTIFACTS_DIR, 'curation-recommended.png') });
    expect(pageErrors).toEqual([]);
  });
});
