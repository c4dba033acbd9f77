/**
 * The square's search suggestions in real Chromium against the built app and the real server on the
 * real catalogue: typing shows the server's suggestions in a listbox under the combobox,
 * ArrowDown highlights one (aria-activedescendant), Enter opens the highlighted plugin's detail.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eEnvironment, startE2eEnvironment } from './support';

let env: E2eEnvironment;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  env = await startE2eEnvironment();
  ({ context, page } = await env.newPage());
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await context?.close();
  await env?.close();
});

describe('search suggestions', () => {
  it('types into the search box, sees suggestions and picks one with the keyboard', async () => {
    await page.goto(env.appUrl);
    const box = page.getByRole('combobox', { name: '搜索插件' });
    await box.click();
    const suggestRequest = page.waitForRequest((r) => r.url().includes('/api/cmt/plugin/suggest?'));
    await box.pressSequentially('icon', { delay: 40 });
    const request = await suggestRequest;
    expect(new URL(request.url()).searchParams.get('lang')).toBe('zh-CN');

    const listbox = page.getByRole('listbox', { name: '搜索建议' });
    await expect.poll(() => listbox.isVisible()).toBe(true);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const plugins = listbox.locator('[role="option"][data-kind="plugin"]');
    await expect.poll(() => plugins.count()).toBeGreaterThan(0);
    for (const text of await plugins.allTextContents()) expect(text.toLowerCase()).toMatch(/^icon/);

    await box.press('ArrowDown');
    const first = listbox.getByRole('option').first();
    const firstId = await first.getAttribute('id');
    expect(await box.getAttribute('aria-activedescendant')).toBe(firstId);
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await first.getAttribute('data-kind')).toBe('plugin');
    const name = (await first.locator('.suggest-text').textContent()) ?? '';

    await box.press('Enter');
    await page.waitForURL(/\/plugins\/detail\/[^?]+\?q=icon$/);
    const dialog = page.getByRole('dialog', { name });
    await expect.poll(() => dialog.count()).toBe(1);
    // The modal dialog hides the square from the accessibility tree: read the box by its name attribute.
    expect(await page.locator('input[name="q"]').getAttribute('aria-expanded')).toBe('false');
    expect(pageErrors).toEqual([]);
  });
});
