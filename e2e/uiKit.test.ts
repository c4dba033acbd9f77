/**
 * The UI kit in real Chromium on its developer page `/plugins/ui-kit`: the rules that need a
 * layout engine, which the happy-dom unit tests (`app/src/ui/*.test.tsx`) cannot see — the dialog's
 * 600 px, the toasts 58 px apart, the tooltip's 350 px, z-index 9999 and 10 px offset, the dropdown's
 * 32 px viewport margin, a held + button repeating — all under the app's Content-Security-Policy.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eEnvironment, startE2eEnvironment } from './support';

let env: E2eEnvironment;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  env = await startE2eEnvironment();
  ({ page } = await env.newPage({ viewport: { width: 1280, height: 800 } }));
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${env.appUrl}ui-kit`);
  await page.getByRole('heading', { level: 1, name: 'UI 组件库' }).waitFor();
});
afterAll(async () => env?.close());

const box = async (selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} has no box`);
  return b;
};

describe('UI kit page', () => {
  it('is served at /plugins/ui-kit, unlinked from the header', async () => {
    expect(await page.locator('header a[href*="ui-kit"]').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(10);
  });

  it('opens a 600 px dialog that keeps focus inside and returns it on Escape', async () => {
    const trigger = page.getByRole('button', { name: '打开对话框', exact: true });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: '示例对话框' });
    await dialog.waitFor();
    expect((await dialog.boundingBox())?.width).toBe(600);
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => trigger.evaluate((t) => t === document.activeElement)).toBe(true);
  });

  it('stacks toasts 58 px apart and removes them after their 1500 ms', async () => {
    for (const name of ['成功', '错误', '警告'])
      await page.getByRole('button', { name, exact: true }).click();
    const tops = () =>
      page
        .locator('.toast')
        .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    await expect
      .poll(async () => {
        const t = await tops();
        return t.length === 3 ? [t[1]! - t[0]!, t[2]! - t[1]!] : t;
      })
      .toEqual([58, 58]);
    await expect.poll(() => page.locator('.toast').count(), { timeout: 5000 }).toBe(0);
  });

  it('shows a tooltip above its trigger, 10 px away, at most 350 px wide, at z-index 9999', async () => {
    const trigger = page.getByRole('button', { name: '悬停或聚焦查看提示' });
    await trigger.hover();
    const tip = page.locator('.ui-tooltip');
    await tip.waitFor();
    const [t, c] = [await trigger.boundingBox(), await tip.boundingBox()];
    expect(Math.round((t?.y ?? 0) - ((c?.y ?? 0) + (c?.height ?? 0)))).toBe(10);
    // End-aligned with the trigger, shifted to stay 8 px inside the viewport when it would overflow.
    expect(await tip.getAttribute('data-align')).toBe('end');
    expect(c?.x).toBeGreaterThanOrEqual(8);
    expect(c?.width).toBeLessThanOrEqual(350);
    expect(await tip.evaluate((el) => getComputedStyle(el).maxWidth)).toBe('350px');
    expect(
      await tip.evaluate((el) => getComputedStyle(el.parentElement as HTMLElement).zIndex), // Radix's positioned wrapper
    ).toBe('9999');
    // Leave towards the page's bottom-left corner, away from the tooltip's hoverable grace area.
    await page.mouse.move(5, 795, { steps: 4 });
    await page.mouse.move(6, 796);
    await expect.poll(() => tip.count()).toBe(0);
  });

  it('keeps a dropdown menu 32 px from the viewport edge', async () => {
    const trigger = page.getByRole('button', { name: '更多操作' });
    // Put the trigger at the very bottom of the viewport: the menu must flip or shift to stay 32 px clear.
    await trigger.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await trigger.click();
    await page.getByRole('menu').waitFor();
    const menu = await box('[role="menu"]');
    expect(menu.y).toBeGreaterThanOrEqual(32);
    expect(menu.y + menu.height).toBeLessThanOrEqual(800 - 32);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
  });

  it('repeats + while it is held and stops when released, within max', async () => {
    const field = page.getByRole('spinbutton', { name: '数量' });
    const plus = page.locator('.ui-number').first().getByRole('button', { name: '增加' });
    await plus.scrollIntoViewIfNeeded();
    const start = Number(await field.inputValue());
    const b = await plus.boundingBox();
    await page.mouse.move((b?.x ?? 0) + 5, (b?.y ?? 0) + 5);
    await page.mouse.down();
    await expect.poll(async () => Number(await field.inputValue())).toBeGreaterThanOrEqual(start + 3);
    await page.mouse.up();
    await expect.poll(() => page.locator('.ui-number').first().getAttribute('data-state')).toBe('idle');
    expect(Number(await field.inputValue())).toBeLessThanOrEqual(10);
    await field.fill('42');
    await field.blur();
    expect(Number(await field.inputValue())).toBeLessThanOrEqual(10);
  });

  it('logged no console error, page error or CSP violation throughout', () => {
    expect(problems).toEqual([]);
  });
});
