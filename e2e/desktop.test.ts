/**
 * The desktop client (SPEC §1 bridge, §2 desktop header) in real Chromium against the built
 * app served by the real server with `SITE_VARIANT=desktop`. The host plays the desktop client the
 * way an Electron preload does: `context.addInitScript` defines `window.pluginCenterDesktop` before
 * the page's scripts, each action recording its call into `window.__bridgeCalls` (kept in
 * sessionStorage, so a reload or the login page's round trip keeps the record). Checked: the window
 * title follows navigation (square → protocol → a plugin's detail), back/forward enabled state and
 * moves, a reload keeping the history, the plugin-home button, log-out reaching the client after
 * signing up on the login page; then the same variant without the bridge (every action a no-op, the
 * header still there), and the bridge detected on the domestic site's page.
 */
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, type E2eEnvironment, startE2eEnvironment, submitLoginPage } from './support';

const USER = { email: 'desk@example.com', password: 'desk-password-1', nick: '桌面' };
const APP_NAME = '插件中心';

/** The preload: a bridge whose every action records `[name, payload]`. */
const BRIDGE_SCRIPT = `(() => {
  const KEY = '__bridgeCalls';
  const read = () => { try { return JSON.parse(sessionStorage.getItem(KEY) || '[]'); } catch { return []; } };
  const record = (name) => (arg) => { const calls = read(); calls.push([name, arg === undefined ? null : arg]); sessionStorage.setItem(KEY, JSON.stringify(calls)); };
  Object.defineProperty(window, '__bridgeCalls', { get: read });
  window.pluginCenterDesktop = {
    openFiles: record('openFiles'),
    setTitle: record('setTitle'),
    logOut: record('logOut'),
    changeTheme: record('changeTheme'),
  };
})();`;

let env: E2eEnvironment;
const pageErrors: string[] = [];

beforeAll(async () => {
  env = await startE2eEnvironment({ SITE_VARIANT: 'desktop' });
});

afterAll(async () => {
  await env?.close();
});

const header = (p: Page) => p.locator('header.desktop-header');
const back = (p: Page) => header(p).getByRole('button', { name: '后退' });
const forward = (p: Page) => header(p).getByRole('button', { name: '前进' });
const calls = (p: Page) =>
  p.evaluate(() => (window as unknown as { __bridgeCalls: [string, unknown][] }).__bridgeCalls);
const titles = async (p: Page) => (await calls(p)).filter(([name]) => name === 'setTitle').map(([, t]) => t);
const path = (p: Page) => {
  const url = new URL(p.url());
  return url.pathname + url.search;
};

async function withBridge(): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await env.newPage();
  await opened.context.addInitScript(BRIDGE_SCRIPT);
  opened.page.on('pageerror', (error) => pageErrors.push(error.message));
  return opened;
}

describe('inside the desktop client (the bridge injected)', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await withBridge());
  });

  it('shows the desktop header instead of the site header; the window title follows every page', async () => {
    await page.goto(env.appUrl);
    await header(page).waitFor();
    expect(await page.locator('header.site-header').count()).toBe(0);
    await expect.poll(() => titles(page)).toEqual([APP_NAME]);
    await expect.poll(() => back(page).isDisabled()).toBe(true);
    await expect.poll(() => forward(page).isDisabled()).toBe(true);
    expect(await calls(page)).toContainEqual(['changeTheme', { topicColor: 'indigo', accent: '#4f46e5' }]);

    await page.getByRole('link', { name: '用户协议' }).click();
    await expect.poll(() => titles(page)).toEqual([APP_NAME, `用户协议 · ${APP_NAME}`]);
    await expect.poll(() => back(page).isEnabled()).toBe(true);

    await header(page).getByRole('link', { name: '插件首页' }).click();
    await page.getByRole('list', { name: '插件', exact: true }).locator('a.card').first().click();
    await page.getByRole('dialog').waitFor();
    await expect.poll(async () => (await titles(page)).length).toBe(4);
    const detailTitle = (await titles(page))[3] as string;
    expect(detailTitle).toMatch(new RegExp(`^.+ · ${APP_NAME}$`));
    expect(await page.title()).toBe(detailTitle);
    expect((await titles(page)).slice(0, 3)).toEqual([APP_NAME, `用户协议 · ${APP_NAME}`, APP_NAME]);
  });

  it('back and forward move through the history with their enabled state', async () => {
    expect(path(page)).toMatch(/^\/plugins\/detail\//);
    // The detail is a modal dialog (the header behind it is inert): closing it goes back a page.
    await page.keyboard.press('Escape');
    await expect.poll(() => path(page)).toBe('/plugins/');
    await expect.poll(() => forward(page).isEnabled()).toBe(true);
    await back(page).click();
    await expect.poll(() => path(page)).toBe('/plugins/protocol');
    await expect.poll(() => back(page).isEnabled()).toBe(true);
    await expect.poll(() => forward(page).isEnabled()).toBe(true);
    await back(page).click();
    await expect.poll(() => path(page)).toBe('/plugins/');
    await expect.poll(() => back(page).isDisabled()).toBe(true);
    await forward(page).click();
    await expect.poll(() => path(page)).toBe('/plugins/protocol');
    await expect.poll(async () => (await titles(page)).at(-1)).toBe(`用户协议 · ${APP_NAME}`);
  });

  it('a reload keeps the list and the index', async () => {
    await page.reload();
    await header(page).waitFor();
    expect(path(page)).toBe('/plugins/protocol');
    await expect.poll(() => back(page).isEnabled()).toBe(true);
    await expect.poll(() => forward(page).isEnabled()).toBe(true);
    await forward(page).click();
    await expect.poll(() => path(page)).toBe('/plugins/');
    await forward(page).click();
    await expect.poll(() => path(page)).toMatch(/^\/plugins\/detail\//);
    // The plugin's detail (the dialog over the square, or its page after the reload).
    await page.locator('.detail').first().waitFor();
    await back(page).click();
    await expect.poll(() => path(page)).toBe('/plugins/');
  });

  it('the plugin-home button goes to /plugins/ and a new page drops the forward entries', async () => {
    await page.getByRole('link', { name: '用户协议' }).click();
    await expect.poll(() => path(page)).toBe('/plugins/protocol');
    await back(page).click();
    await expect.poll(() => path(page)).toBe('/plugins/');
    await expect.poll(() => forward(page).isEnabled()).toBe(true);
    await page.getByRole('link', { name: '用户协议' }).click();
    await header(page).getByRole('link', { name: '插件首页' }).click();
    await expect.poll(() => path(page)).toBe('/plugins/');
    await expect.poll(() => forward(page).isDisabled()).toBe(true);
    await back(page).click();
    await expect.poll(() => path(page)).toBe('/plugins/protocol');
    await header(page).getByRole('link', { name: '插件首页' }).click();
    await expect.poll(() => path(page)).toBe('/plugins/');
  });

  it('signing up on the login page and signing out in the app signs the client out too', async () => {
    await header(page).getByRole('button', { name: '注册' }).click();
    await submitLoginPage(page, USER);
    const account = header(page).getByRole('button', { name: `账号：${USER.nick}` });
    await account.waitFor();
    // No avatar_url: the generated initials avatar, 32 px on desktop (SPEC §9).
    expect((await account.getByTestId('avatar-placeholder').boundingBox())?.width).toBe(32);
    expect((await calls(page)).some(([name]) => name === 'logOut')).toBe(false);
    await account.click();
    await page.screenshot({
      path: join(ARTIFACTS_DIR, 'desktop-header.png'),
      clip: { x: 0, y: 0, width: 1280, height: 260 },
    });
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await header(page).getByRole('button', { name: '登录' }).waitFor();
    await expect
      .poll(async () => (await calls(page)).filter(([name]) => name === 'logOut'))
      .toEqual([['logOut', null]]);
  });

  it('the open-file button asks the client for its dialog', async () => {
    await header(page).getByRole('button', { name: '打开文件' }).click();
    expect((await calls(page)).at(-1)).toEqual(['openFiles', { urls: [] }]);
    expect(pageErrors).toEqual([]);
  });
});

describe('the desktop variant without the bridge', () => {
  it('still shows the desktop header; every bridge action is a no-op', async () => {
    const { context, page } = await env.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(env.appUrl);
      await header(page).waitFor();
      await page.getByRole('link', { name: '用户协议' }).click();
      await expect.poll(() => page.title()).toBe(`用户协议 · ${APP_NAME}`);
      await expect.poll(() => back(page).isEnabled()).toBe(true);
      expect(await header(page).getByRole('button', { name: '打开文件' }).count()).toBe(0);
      expect(await page.evaluate(() => 'pluginCenterDesktop' in window)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the bridge detected on another variant', () => {
  it('shows the desktop header on the domestic site when the client injects the bridge', async () => {
    const { context, page } = await withBridge();
    try {
      // The same server, its page rewritten to the domestic variant: only the bridge says "desktop".
      await context.route(
        (url) => url.pathname === '/plugins/' || url.pathname === '/plugins/index.html',
        async (route) => {
          const response = await route.fetch();
          const body = (await response.text()).replace(/&quot;desktop&quot;/, '&quot;domestic&quot;');
          await route.fulfill({ response, body });
        },
      );
      await page.goto(env.appUrl);
      await header(page).waitFor();
      expect(
        await page.evaluate(() =>
          document.querySelector('meta[name="plugin-center-site"]')?.getAttribute('content'),
        ),
      ).toContain('"domestic"');
      await expect.poll(() => titles(page)).toEqual([APP_NAME]);
    } finally {
      await context.close();
    }
  });
});
