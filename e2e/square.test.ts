/**
 * Browser tests of the plugin square in real Chromium, against the built app served by the real
 * server on the real catalogue: open the square, filter by tag, search in English
 * and Chinese, load more, open a plugin, copy its link, open that link in a new page, Escape closes.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, type E2eEnvironment, startE2eEnvironment } from './support';

let env: E2eEnvironment;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

/** The cards of the main list (not the recommendations strip). */
const listCards = (p: Page): Locator => p.getByRole('list', { name: '插件', exact: true }).locator('a.card');
const resultCount = (p: Page): Locator => p.getByTestId('result-count');
/** Parses "共 1,462 个插件" / "共 158 个结果" into 1462 / 158. */
const countOf = async (p: Page): Promise<number> =>
  Number(((await resultCount(p).textContent()) ?? '').replace(/[^\d]/g, ''));

beforeAll(async () => {
  env = await startE2eEnvironment();
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  ({ context, page } = await env.newPage());
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await env?.close();
});

describe('plugin square', () => {
  it('opens on the real catalogue with cards, the total and the recommendations', async () => {
    await page.goto(env.appUrl);
    await expect.poll(() => listCards(page).count()).toBe(20);
    await expect.poll(() => resultCount(page).textContent()).toMatch(/^共 [\d,]+ 个插件$/);
    expect(await countOf(page)).toBeGreaterThan(1400);
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await page.title()).toBe('插件中心');
    const recommendations = page.getByRole('region', { name: '推荐插件' });
    await expect.poll(() => recommendations.locator('a.card').count()).toBe(4);
    // Chinese tag names come from the zh-CN resources, by tag code.
    await expect.poll(() => page.locator('[data-tag-code="color"]').textContent()).toMatch(/^颜色\d+$/);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'square.png') });
    expect(pageErrors).toEqual([]);
  });

  it('filters by a tag: the URL, the count and the cards change', async () => {
    const firstBefore = await listCards(page).first().getAttribute('data-plugin-key');
    const tag = page.locator('[data-tag-code="color"]');
    const tagCount = Number(await tag.locator('.chip-count').textContent());
    await tag.click();
    await page.waitForURL(/\/plugins\/\?tag=\d+$/);
    await expect.poll(() => tag.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => countOf(page)).toBe(tagCount);
    await expect.poll(() => listCards(page).count()).toBe(20);
    expect(await listCards(page).first().getAttribute('data-plugin-key')).not.toBe(firstBefore);
    // Back to All.
    await page.getByRole('button', { name: '全部', exact: true }).click();
    await page.waitForURL(/\/plugins\/$/);
    await expect.poll(() => countOf(page)).toBeGreaterThan(1400);
  });

  it('searches an English term with the result count', async () => {
    const search = page.getByRole('combobox', { name: '搜索插件' });
    await search.fill('color');
    await search.press('Enter');
    await page.waitForURL(/\?q=color$/);
    await expect.poll(() => resultCount(page).textContent()).toMatch(/^共 [\d,]+ 个结果$/);
    const total = await countOf(page);
    expect(total).toBeGreaterThan(20);
    await expect.poll(() => listCards(page).count()).toBe(20);
    // Name matches rank first.
    expect((await listCards(page).first().locator('.card-name').textContent())?.toLowerCase()).toContain(
      'color',
    );
    // The recommendations strip hides while searching.
    expect(await page.getByRole('region', { name: '推荐插件' }).count()).toBe(0);
  });

  it('searches a Chinese term (debounced typing) and clears the search', async () => {
    const search = page.getByRole('combobox', { name: '搜索插件' });
    await search.fill('复制'); // no Enter: the debounced search runs
    await page.waitForURL(/\?q=%E5%A4%8D%E5%88%B6$/);
    await expect.poll(() => resultCount(page).textContent()).toMatch(/^共 \d+ 个结果$/);
    // The count of the previous search may still show while this one's cards load.
    await expect.poll(() => listCards(page).locator('.card-name').allTextContents()).toContain('复制与替换');
    const names = await listCards(page).locator('.card-name').allTextContents();
    // The count covers every match (the synonyms bring English "copy" plugins too), not just the first page.
    expect(await countOf(page)).toBeGreaterThanOrEqual(names.length);

    await search.fill('zzqxzzqx');
    await search.press('Enter');
    await expect.poll(() => page.getByText('没有匹配的插件').count()).toBe(1);
    await page.getByRole('button', { name: '清除搜索' }).first().click();
    await page.waitForURL(/\/plugins\/$/);
    await expect.poll(() => countOf(page)).toBeGreaterThan(1400);
    expect(await search.inputValue()).toBe('');
  });

  it('loads more cards by scrolling to the end of the list', async () => {
    await expect.poll(() => listCards(page).count()).toBe(20);
    await page.mouse.wheel(0, 100_000);
    await expect.poll(() => listCards(page).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(40);
    const keys = await listCards(page).evaluateAll((cards) =>
      cards.map((c) => c.getAttribute('data-plugin-key')),
    );
    expect(new Set(keys).size).toBe(keys.length);
    // The visible "Load more" button works as well (keyboard users).
    const before = await listCards(page).count();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: '加载更多' }).click();
    await expect.poll(() => listCards(page).count()).toBeGreaterThan(before);
  });
});

describe('plugin detail dialog', () => {
  let key = '';
  let name = '';
  let shareLink = '';

  it('opens from a card with its own URL and the plugin fields', async () => {
    await page.goto(env.appUrl);
    const card = listCards(page).first();
    await card.waitFor();
    key = (await card.getAttribute('data-plugin-key')) ?? '';
    name = (await card.locator('.card-name').textContent()) ?? '';
    await card.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/plugins/detail/${encodeURIComponent(key)}`);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { level: 2 }).textContent()).toBe(name);
    expect(await dialog.locator('#plugin-intro').textContent()).toBeTruthy();
    for (const label of [
      '详细信息',
      '当前版本',
      '创建时间',
      '更新时间',
      '版权所有者',
      '许可证',
      '技术支持',
      '来源',
      '历史版本',
    ]) {
      expect(await dialog.getByText(label, { exact: true }).count(), label).toBeGreaterThan(0);
    }
    expect(await dialog.getByText('暂无历史版本').count()).toBe(1);
    // External links never get the opener.
    for (const rel of await dialog
      .locator('a[target=_blank]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('rel')))) {
      expect(rel).toBe('noopener noreferrer');
    }
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'dialog.png') });
  });

  it('counted the view once', async () => {
    const res = await fetch(`${env.origin}/api/cmt/plugin?plugin_key=${encodeURIComponent(key)}`);
    const body = (await res.json()) as { data: { view_count: number } };
    expect(body.data.view_count).toBe(1);
  });

  it('copies its share link with a toast', async () => {
    await page.getByRole('button', { name: '复制链接' }).click();
    await expect.poll(() => page.locator('.toast').textContent()).toBe('链接已复制');
    shareLink = await page.evaluate(() => navigator.clipboard.readText());
    expect(shareLink).toBe(`${env.origin}/plugins/detail/${encodeURIComponent(key)}`);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'dialog-toast.png') });
    // The toast leaves after 1500 ms.
    await expect.poll(() => page.locator('.toast').count(), { timeout: 5000 }).toBe(0);
  });

  it('opens the shared link directly in a new page as the full detail page, whose breadcrumbs lead to the square', async () => {
    const second = await context.newPage();
    await second.goto(shareLink);
    await expect.poll(() => second.getByRole('heading', { level: 1 }).textContent()).toBe(name);
    expect(await second.getByRole('dialog').count()).toBe(0);
    await second.getByRole('navigation', { name: '面包屑导航' }).getByRole('link', { name: '插件' }).click();
    await second.waitForURL(/\/plugins\/$/);
    await expect.poll(() => listCards(second).count()).toBe(20);
    await second.close();
  });

  it('names the plugin in the head of its shared link before JavaScript, in English for a French browser (SPEC §1 fallback)', async () => {
    const french = await env.browser.newContext({ locale: 'fr-FR' });
    try {
      const p = await french.newPage();
      const response = await p.goto(shareLink);
      expect(response?.status()).toBe(200);
      // The page as the server sent it, before any script ran.
      const head = await p.evaluate(
        (html) => {
          const d = new DOMParser().parseFromString(html, 'text/html');
          const meta = (selector: string) => d.querySelector(selector)?.getAttribute('content') ?? null;
          return {
            lang: d.documentElement.lang,
            title: d.title,
            ogTitle: meta('meta[property="og:title"]'),
            description: meta('meta[name="description"]'),
            ogUrl: meta('meta[property="og:url"]'),
          };
        },
        (await response?.text()) ?? '',
      );
      const api = await fetch(
        `${env.origin}/api/cmt/plugin?plugin_key=${encodeURIComponent(key)}&lang=en-US`,
      );
      const plugin = ((await api.json()) as { data: { name: string; intro: string } }).data;
      expect(head).toEqual({
        lang: 'en-US',
        title: `${plugin.name} · Plugin Center`,
        ogTitle: `${plugin.name} · Plugin Center`,
        description: plugin.intro.replace(/\s+/g, ' ').trim(),
        ogUrl: shareLink,
      });
      // With JavaScript the app speaks English too.
      await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe(plugin.name);
      expect(await p.locator('html').getAttribute('lang')).toBe('en-US');
      expect(await p.title()).toBe(`${plugin.name} · Plugin Center`);
    } finally {
      await french.close();
    }
  });

  it('closes with Escape (even right after a toast) back to the square, keeping the scroll, focus on the card', async () => {
    await page.getByRole('button', { name: '复制链接' }).click();
    await expect.poll(() => page.locator('.toast').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/plugins/');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-plugin-key')))
      .toBe(key);
  });

  it('shows that a missing plugin does not exist (the page answered 404, noindex)', async () => {
    const response = await page.goto(`${env.appUrl}detail/no-such-plugin-key`);
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: '该插件不存在或已被删除。' }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
  });
});

describe('other pages and languages', () => {
  it('shows the 403 page with a link home, and a not-found page', async () => {
    await page.goto(`${env.appUrl}403`);
    await expect.poll(() => page.getByRole('heading', { name: '您没有权限访问此页面' }).count()).toBe(1);
    await page.getByRole('link', { name: '返回首页' }).click();
    await page.waitForURL(/\/plugins\/$/);
    await page.goto(`${env.appUrl}no/such/page`);
    await expect.poll(() => page.getByRole('heading', { name: '页面不存在' }).count()).toBe(1);
  });

  it('switches to English, keeps it in the lang cookie and sends lang to the API', async () => {
    await page.goto(env.appUrl);
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/cmt/plugin/list')) requests.push(r.url());
    });
    await page.getByRole('combobox', { name: '语言' }).selectOption('en-US');
    await expect.poll(() => resultCount(page).textContent()).toMatch(/^[\d,]+ plugins$/);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    expect(requests.some((u) => u.includes('lang=en-US'))).toBe(true);
    const cookies = await context.cookies(env.origin);
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('en');
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Most popular' }).count()).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'square-en.png') });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    await expect.poll(() => page.getByRole('button', { name: '最热' }).count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
