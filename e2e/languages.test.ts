/**
 * Interface languages in real Chromium on the overseas site (English, Japanese, Korean,
 * Russian, Spanish): the start-up locale from the browser's languages or the `lang` cookie within the
 * site's locales, `<html lang>`, lazily loaded pages whose texts arrive before they render (no key
 * name), and the browser's own validation messages in the page's language.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eEnvironment, startE2eEnvironment, submitLoginPage } from './support';

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
let env: E2eEnvironment;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  env = await startE2eEnvironment({
    SITE_VARIANT: 'overseas',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await env?.close();
});

/** A page whose browser prefers `locale`, with an optional `lang` cookie already set. */
async function pageIn(locale: string, langCookie?: string): Promise<Page> {
  const context = await env.browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  if (langCookie) await context.addCookies([{ name: 'lang', value: langCookie, url: env.origin }]);
  return context.newPage();
}

const resultCount = (page: Page) => page.getByTestId('result-count');
/** Text that looks like a key of the app's texts (`square.title`, `form.name`) left on the page. */
const KEY_NAME =
  /\b(app|square|detail|card|session|action|backstage|form|error|mine|audit|tokens|common|resource|banner|iconfont|pexels|validation)\.[a-z][A-Za-z_]+\b/;

describe('the start-up locale', () => {
  it("follows the browser's language when the site offers it, without writing a cookie", async () => {
    const page = await pageIn('ja-JP');
    await page.goto(env.appUrl);
    await expect.poll(() => resultCount(page).textContent()).toMatch(/^[\d,]+ 個のプラグイン$/);
    expect(await page.locator('html').getAttribute('lang')).toBe('ja-JP');
    expect(await page.getByRole('button', { name: '人気順' }).count()).toBe(1);
    expect((await page.context().cookies(env.origin)).find((c) => c.name === 'lang')).toBeUndefined();
  });

  it("takes the lang cookie first, and the site's first locale when neither is offered", async () => {
    const korean = await pageIn('es-ES', 'kr');
    await korean.goto(env.appUrl);
    await expect.poll(() => resultCount(korean).textContent()).toMatch(/^플러그인 [\d,]+개$/);
    expect(await korean.locator('html').getAttribute('lang')).toBe('ko-KR');
    // zh-CN is not an overseas locale: neither the cookie nor the browser's Chinese applies
    const other = await pageIn('zh-CN', 'zh-CN');
    await other.goto(env.appUrl);
    await expect.poll(() => resultCount(other).textContent()).toMatch(/^[\d,]+ plugins$/);
    expect(await other.locator('html').getAttribute('lang')).toBe('en-US');
  });
});

describe('lazily loaded pages and validation messages', () => {
  it('render the publish form and a back-office page in Japanese, never a key name', async () => {
    const page = await pageIn('ja-JP');
    await page.goto(`${env.appUrl}backstage-index/iconfont`);
    await submitLoginPage(page, ADMIN);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('アイコンフォント');
    expect(await page.getByRole('link', { name: 'リソース枠' }).count()).toBe(1);
    expect((await page.locator('body').textContent()) ?? '').not.toMatch(KEY_NAME);
    await page.goto(`${env.appUrl}publish-plugin/new`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('プラグインを公開');
    expect(await page.getByText('プラグイン名').count()).toBeGreaterThan(0);
    expect((await page.locator('body').textContent()) ?? '').not.toMatch(KEY_NAME);
  });

  it("words the browser's validation bubble in the page's language", async () => {
    const page = await pageIn('ja-JP');
    await page.goto(env.appUrl);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja-JP');
    // A constrained form on the page (the app's own forms validate in script: `noValidate`).
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.innerHTML = '<input id="probe" type="email" required>';
      document.body.append(form);
    });
    const probe = page.locator('#probe');
    const message = () =>
      probe.evaluate((el: HTMLInputElement) => {
        el.reportValidity();
        return el.validationMessage;
      });
    await expect.poll(message).toBe('このフィールドを入力してください。');
    await probe.pressSequentially('nope');
    await expect.poll(message).toBe('メールアドレスを入力してください（例：name@example.com）。');
    await probe.fill('name@example.com');
    expect(await message()).toBe('');
  });
});
