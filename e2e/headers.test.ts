/**
 * Security headers in real Chromium: the marketplace runs under its strict Content-Security-Policy
 * without one violation (square, search, a plugin's detail dialog), and a page of another origin
 * cannot show it in a frame (likes and installs cannot be clickjacked), while this origin can. On this
 * default install (no host origin) every header link answers, and a path nothing here serves is an
 * HTML 404 page shown without a CSP violation.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eEnvironment, startE2eEnvironment } from './support';

let env: E2eEnvironment;

/** A page with an iframe of this server's `/plugins/`, served outside `/plugins/` (no CSP of its own). */
const framingPage: NonNullable<Parameters<typeof startE2eEnvironment>[1]>[number] = async (app) => {
  app.get('/e2e/frame', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><title>framer</title><iframe id="f" width="800" height="600"></iframe>' +
          "<script>document.getElementById('f').src = 'http://127.0.0.1:' + location.port + '/plugins/';</script>",
      ),
  );
};

beforeAll(async () => {
  env = await startE2eEnvironment({}, [framingPage]);
});
afterAll(async () => env?.close());

/** Records every CSP violation of the page (and of its reloads) in `window.__violations`. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
  ];
}

describe('security headers in the browser', () => {
  it('runs the square, a search and a detail dialog without a CSP violation', async () => {
    const { page, context } = await env.newPage();
    const violations = await watchViolations(page);
    const response = await page.goto(env.appUrl);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    const cards = page.getByRole('list', { name: '插件', exact: true }).locator('a.card');
    await expect.poll(() => cards.count()).toBe(20);
    await page.getByRole('combobox', { name: '搜索插件' }).fill('icon');
    await page.keyboard.press('Enter');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    await cards.first().click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('can be framed by this origin but not by another one', async () => {
    const { page, context } = await env.newPage();
    const inFrame = async () => {
      const frame = page.frames().find((f) => f !== page.mainFrame());
      if (!frame) return -1;
      return frame
        .locator('a.card')
        .count()
        .catch(() => 0);
    };
    // Same origin (127.0.0.1): the app loads in the frame.
    await page.goto(`${env.origin}/e2e/frame`);
    await expect.poll(inFrame, { timeout: 15_000 }).toBeGreaterThan(0);
    // Another origin (localhost is not 127.0.0.1): frame-ancestors 'self' blocks it.
    const other = env.origin.replace('127.0.0.1', 'localhost');
    await page.goto(`${other}/e2e/frame`);
    await page.waitForTimeout(1500);
    expect(await inFrame()).toBe(0);
    await context.close();
  });

  it('has no header link that answers 404 on a default install; an unknown path is an HTML 404 page', async () => {
    const { page, context } = await env.newPage();
    const violations = await watchViolations(page);
    await page.goto(env.appUrl);
    const header = page.locator('header.site-header');
    const nav = header.getByRole('navigation');
    await nav.waitFor();
    for (const button of await nav.getByRole('button').all()) {
      await button.click();
      await page
        .locator(`[id="${await button.getAttribute('aria-controls')}"] a`)
        .first()
        .waitFor();
    }
    const hrefs = await header
      .locator('a[href]')
      .evaluateAll((list) => list.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThan(1);
    for (const href of new Set(hrefs)) {
      expect(new URL(href).origin, href).toBe(env.origin);
      const response = await page.goto(href);
      expect(response?.status(), href).toBeLessThan(400);
    }
    const missing = await page.goto(`${env.origin}/community/home?classify=library`);
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('页面不存在');
    expect(await page.locator('a.home').evaluate((a) => getComputedStyle(a).backgroundColor)).toBe(
      'rgb(79, 70, 229)',
    );
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
