/**
 * Browser tests of the site header (SPEC §2, §4) in real Chromium against the built app
 * and the real server: the overseas site's links and language picker at 1280 px; at 390 px the menu
 * toggle and its panel, through which a signed-in administrator reaches their analytics and the back
 * office, a header whose texts never wrap a character per line, and a skip link that stays hidden
 * after a plugin's dialog opens and closes (but shows on Tab); a private `hwdc` deployment without
 * login, sign-up or workbench: without a host origin every header link answers, a visitor sees no
 * Like or Install, the login pages are not served and an unknown path is an HTML 404 page.
 */
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  type E2eEnvironment,
  firstApprovedPluginKey,
  startE2eEnvironment,
  submitLoginPage,
} from './support';

const ADMIN = { email: 'shell-admin@example.com', password: 'shell-admin-password-1' };
const PHONE = { width: 390, height: 844 };
/** The host product's origin the overseas site's header links are on (`SITE_HOST_ORIGIN`). */
const HOST = 'https://design.example.com';

let env: E2eEnvironment;
const pageErrors: string[] = [];

const header = (p: Page) => p.locator('header.site-header');

/** A page of `env` with the `lang` cookie set to English (SPEC §9 value `en`). */
async function englishPage(e: E2eEnvironment, viewport?: { width: number; height: number }) {
  const { context, page } = await e.newPage(viewport ? { viewport } : {});
  await context.addCookies([{ name: 'lang', value: 'en', url: e.origin }]);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page };
}

/**
 * The texts in the header bar (brand, buttons, links, the picker) that are shown, each with how many
 * lines its text takes: the height of its text (a DOM Range) over its line height.
 */
function textLines(p: Page, scope: string) {
  return p.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) return [];
    const elements = root.querySelectorAll<HTMLElement>('.brand, button, a, select');
    return [...elements]
      .filter((el) => el.getClientRects().length > 0 && (el.textContent ?? '').trim() !== '')
      .map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const textHeight = range.getBoundingClientRect().height;
        const style = getComputedStyle(el);
        const lineHeight =
          style.lineHeight === 'normal'
            ? Number.parseFloat(style.fontSize) * 1.2
            : Number.parseFloat(style.lineHeight);
        return {
          text: (el.textContent ?? '').trim().slice(0, 30),
          lines: Math.round(textHeight / lineHeight),
        };
      });
  }, scope);
}

beforeAll(async () => {
  env = await startE2eEnvironment({
    SITE_VARIANT: 'overseas',
    SITE_HOST_ORIGIN: HOST,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
});

afterAll(async () => {
  await env?.close();
});

describe('overseas header at 1280 px', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await englishPage(env));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('has the overseas links by language, one menu open at a time, and a picker of the 5 locales', async () => {
    await page.goto(env.appUrl);
    const nav = header(page).getByRole('navigation', { name: 'Main navigation' });
    await nav.waitFor();
    expect(await nav.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe(`${HOST}/price/en/`);

    const products = nav.getByRole('button', { name: 'Products' });
    await products.click();
    expect(await products.getAttribute('aria-expanded')).toBe('true');
    const productsPanel = page.locator(`[id="${await products.getAttribute('aria-controls')}"]`);
    await productsPanel.getByRole('link', { name: 'Private deployment' }).waitFor();
    const productLinks = await productsPanel
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(productLinks).toEqual([
      '/plugins/',
      `${HOST}/prototype-design/`,
      `${HOST}/pixsoboard/`,
      `${HOST}/download/`,
      `${HOST}/pixso-enterprise/`,
      `${HOST}/teamversion/`,
      `${HOST}/education-version/`,
      `${HOST}/private-deployment/`,
    ]);

    const help = nav.getByRole('button', { name: 'Help' });
    await help.click();
    expect(await products.getAttribute('aria-expanded')).toBe('false');
    expect(await productsPanel.isVisible()).toBe(false);
    const helpPanel = page.locator(`[id="${await help.getAttribute('aria-controls')}"]`);
    expect(await helpPanel.getByRole('link', { name: 'Help center' }).getAttribute('href')).toBe(
      `${HOST}/help/en/`,
    );
    await page.keyboard.press('Escape');
    expect(await help.getAttribute('aria-expanded')).toBe('false');

    // The resource menu opens on hover, with its carousel of community files.
    await nav.getByRole('button', { name: 'Resources' }).hover();
    const hotPicks = page.getByRole('region', { name: 'Hot picks' });
    await hotPicks.waitFor();
    expect(await hotPicks.getByRole('link').getAttribute('href')).toMatch(
      /^https:\/\/design\.example\.com\/community\//,
    );
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'shell-overseas-1280.png') });
    await page.mouse.move(640, 700);
    await expect.poll(() => hotPicks.count()).toBe(0);

    const options = await header(page)
      .getByRole('combobox', { name: 'Language' })
      .locator('option')
      .evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
    expect(options).toEqual(['en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES']);

    await header(page).getByRole('combobox', { name: 'Language' }).selectOption('ja-JP');
    // The navigation's own name changes with the language: look in the whole header.
    const pricing = header(page).getByRole('link', { name: '料金' });
    await pricing.waitFor();
    expect(await pricing.getAttribute('href')).toBe(`${HOST}/price/jp/`);
    await header(page).getByRole('combobox', { name: '言語' }).selectOption('en-US');
    await header(page).getByRole('link', { name: 'Pricing' }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});

describe('overseas header at 390 px', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await englishPage(env, PHONE));
  });
  afterAll(async () => {
    await context?.close();
  });

  const toggle = (p: Page) => header(p).getByRole('button', { name: 'Menu' });
  const panel = async (p: Page) => p.locator(`[id="${await toggle(p).getAttribute('aria-controls')}"]`);

  it('the menu toggle opens the panel; nothing in the header takes more than 2 lines', async () => {
    await page.goto(env.appUrl);
    expect(await header(page).getByRole('navigation').isVisible()).toBe(false);
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    for (const line of await textLines(page, 'header.site-header')) {
      expect(line.lines, line.text).toBeLessThanOrEqual(2);
    }
    await toggle(page).click();
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    const mobile = await panel(page);
    await mobile.getByRole('button', { name: 'Log in' }).waitFor();
    await mobile.getByRole('button', { name: 'Products' }).click();
    await mobile.getByRole('link', { name: 'Download' }).waitFor();
    for (const line of await textLines(page, 'header.site-header')) {
      expect(line.lines, line.text).toBeLessThanOrEqual(2);
    }
    // The brand stays on one line next to the toggle.
    const brand = await header(page).locator('.brand').boundingBox();
    const button = await toggle(page).boundingBox();
    expect(brand && button && brand.y + brand.height > button.y && brand.y < button.y + button.height).toBe(
      true,
    );
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'shell-overseas-390-panel.png') });
    await page.keyboard.press('Escape');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
  });

  it('a signed-in administrator reaches their analytics and the back office from the panel', async () => {
    await toggle(page).click();
    await (await panel(page)).getByRole('button', { name: 'Log in' }).click();
    await submitLoginPage(page, ADMIN);
    // Signed in once the header shows the avatar (the bar keeps only it at this width).
    await header(page).locator('.session[data-state="signed-in"] .session-user').waitFor();
    for (const line of await textLines(page, 'header.site-header')) {
      expect(line.lines, line.text).toBeLessThanOrEqual(2);
    }

    await toggle(page).click();
    await (await panel(page)).getByRole('link', { name: 'My plugins’ data' }).click();
    await page.waitForURL(/\/plugins\/my-analytics$/);
    await expect.poll(() => toggle(page).getAttribute('aria-expanded')).toBe('false'); // navigation closes it

    await toggle(page).click();
    const management = (await panel(page)).getByRole('link', { name: /Management/ });
    expect(await management.getAttribute('target')).toBe('_blank');
    const [backOffice] = await Promise.all([context.waitForEvent('page'), management.click()]);
    await backOffice.waitForURL(/\/plugins\/backstage-index\/audit-list$/);
    // The back office shows no site header.
    await backOffice.locator('main').waitFor();
    expect(await backOffice.locator('header.site-header').count()).toBe(0);
    await backOffice.close();
  });

  it('the skip link stays hidden when a plugin dialog opens and closes, and shows on Tab', async () => {
    await page.goto(env.appUrl);
    const skip = page.locator('a.skip-link');
    const hidden = async () => {
      const box = await skip.boundingBox();
      // Clipped to a pixel, or entirely above the top of the window.
      return box === null || (box.width <= 1 && box.height <= 1) || box.y + box.height <= 0;
    };
    expect(await hidden(), 'skip link shown at start').toBe(true);
    const card = page.locator('a.card').first();
    await card.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await hidden(), 'skip link shown dialog open').toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await hidden(), 'skip link shown after Close').toBe(true);
    await card.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await hidden(), 'skip link shown dialog open again').toBe(true);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'shell-overseas-390-after-dialog.png') });

    // From the keyboard the skip link comes first, then the cookie notice (the overseas site asks),
    // before the page; once a choice is made, the skip link is still the first stop and shows.
    await page.goto(env.appUrl);
    await header(page).locator('.brand').waitFor(); // the app has rendered
    const notice = page.getByRole('region', { name: /cookie/i });
    await notice.waitFor();
    await page.keyboard.press('Tab');
    expect(await skip.evaluate((el) => el === document.activeElement), 'Tab focuses the skip link').toBe(
      true,
    );
    await page.keyboard.press('Tab');
    expect(
      await notice.evaluate((el) => el.contains(document.activeElement)),
      'Tab reaches the notice next',
    ).toBe(true);
    await notice.getByRole('button', { name: 'Reject all' }).click();
    await page.goto(env.appUrl);
    await header(page).locator('.brand').waitFor();
    await page.keyboard.press('Tab');
    expect(await skip.evaluate((el) => el === document.activeElement), 'Tab focuses the skip link').toBe(
      true,
    );
    const box = await skip.boundingBox();
    expect(box && box.width > 20 && box.height > 20, 'skip link shown on Tab').toBe(true);
    expect(pageErrors).toEqual([]);
  });
});

describe('private hwdc deployment', () => {
  let hwdc: E2eEnvironment;
  let pluginKey: string;
  beforeAll(async () => {
    hwdc = await startE2eEnvironment({
      SITE_VARIANT: 'private',
      PRIVATE_DEPLOYMENT_TYPE: 'hwdc',
      SITE_LOCALES: 'zh-CN',
      WORKBENCH_URL: '/app',
    });
    pluginKey = await firstApprovedPluginKey(hwdc);
  });
  afterAll(async () => {
    await hwdc?.close();
  });

  it('shows no login, sign-up, workbench nor language picker; its header links (no host origin) all answer', async () => {
    const { context, page } = await hwdc.newPage();
    await page.goto(hwdc.appUrl);
    const nav = header(page).getByRole('navigation');
    await nav.waitFor();
    const meta = JSON.parse(
      (await page.locator('meta[name="plugin-center-site"]').getAttribute('content')) ?? '{}',
    );
    expect(meta).toMatchObject({
      variant: 'private',
      deploymentType: 'hwdc',
      showLogin: false,
      workbenchUrl: null,
      links: { hostOrigin: null },
    });
    expect(await header(page).getByRole('button', { name: '登录' }).count()).toBe(0);
    expect(await header(page).getByRole('button', { name: '注册' }).count()).toBe(0);
    expect(await header(page).getByRole('link', { name: '工作台' }).count()).toBe(0);
    expect(await header(page).getByRole('combobox').count()).toBe(0);
    // Without a host origin only what this server serves is linked: the Products menu's square.
    expect(await nav.getByRole('button').allTextContents()).toEqual(['产品']);
    const products = nav.getByRole('button', { name: '产品' });
    await products.click();
    const panel = page.locator(`[id="${await products.getAttribute('aria-controls')}"]`);
    await panel.getByRole('link').first().waitFor();
    const links = await header(page)
      .getByRole('link')
      .evaluateAll((list) => list.map((a) => a.getAttribute('href') ?? ''));
    expect(links.length).toBeGreaterThan(1);
    for (const href of new Set(links)) {
      const response = await page.goto(new URL(href, hwdc.appUrl).href);
      expect(response?.status(), href).toBeLessThan(400);
    }
    await context.close();
  });

  it('shows a visitor no Like or Install, and serves no login page: an unknown path is an HTML 404', async () => {
    const { context, page } = await hwdc.newPage();
    await page.goto(`${hwdc.appUrl}detail/${encodeURIComponent(pluginKey)}`);
    const detailPage = page.locator('article.detail-page');
    await detailPage.getByRole('button', { name: '复制链接' }).waitFor();
    expect(await detailPage.getByRole('button', { name: /^(点赞|安装)$/ }).count()).toBe(0);
    for (const path of ['/user/login/', '/user/login/?page=sign_up', '/community/home']) {
      const response = await page.goto(new URL(path, hwdc.appUrl).href);
      expect(response?.status(), path).toBe(404);
      expect(response?.headers()['content-type'], path).toBe('text/html; charset=utf-8');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('页面不存在');
    }
    await page.getByRole('link', { name: '浏览插件' }).click();
    await page.waitForURL(/\/plugins\/$/);
    await header(page).getByRole('navigation').waitFor();
    await context.close();
  });
  it('tells a visitor on a page that needs an account to sign in to the host product, sending them nowhere', async () => {
    const { context, page } = await hwdc.newPage();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    for (const path of [
      'my-plugins',
      'publish-plugin/new',
      'my-plugins/tokens',
      'backstage-index/audit-list',
    ]) {
      await page.goto(`${hwdc.appUrl}${path}`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { message: path })
        .toBe('此页面需要登录后使用');
      expect(await page.getByText('请先登录您的工作台，然后重新打开此页面。').count(), path).toBe(1);
      expect(new URL(page.url()).pathname, path).toBe(`/plugins/${path}`);
    }
    expect(visited.filter((p) => p.startsWith('/user/'))).toEqual([]);
    await context.close();
  });
});
