/**
 * Browser test of cookie consent (SPEC §1) in real Chromium against the real server: on the
 * overseas site (consent required) the tracker stores nothing (cookies, localStorage,
 * sessionStorage) and sends nothing (`/sa`) before marketing is accepted, nor after "Reject all";
 * accepting it in the settings starts it, refusing it later clears its storage and stops it; the
 * choice survives a reload. On the domestic site (default, no consent asked) there is no notice and
 * the tracker works as before.
 */
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, type E2eEnvironment, startE2eEnvironment } from './support';

/** The tracker's identity cookie and the prefix of its storage keys (`@plugin-center/analytics/constants`). */
const TRACKER_COOKIE = 'plugincenter2015jssdkcross';
const TRACKER_PREFIX = 'pcsa_';

/** What the tracker left in the browser: its cookies and its localStorage / sessionStorage keys. */
async function trackerTraces(context: BrowserContext, page: Page) {
  const cookies = (await context.cookies())
    .map((c) => c.name)
    .filter((n) => n === TRACKER_COOKIE || n.startsWith(TRACKER_PREFIX) || n.startsWith('sajssdk'));
  const storage = await page.evaluate((prefix) => {
    const keys = (s: Storage) => Object.keys(s).filter((k) => k.startsWith(prefix) || k.includes('jssdk'));
    return [...keys(localStorage), ...keys(sessionStorage)];
  }, TRACKER_PREFIX);
  return [...cookies, ...storage];
}

/** Records the requests to the collector (`/sa`, fetch and beacons) of `page`. */
function collectorRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/sa') seen.push(r.url());
  });
  return seen;
}

describe('overseas site: consent required', () => {
  let env: E2eEnvironment;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    env = await startE2eEnvironment({ SITE_VARIANT: 'overseas' });
    ({ context, page } = await env.newPage());
  });
  afterAll(async () => {
    await env?.close();
  });

  it('stores and sends nothing before a choice and after Reject all; Settings → marketing → Save starts it; refusing clears it', async () => {
    const sa = collectorRequests(page);
    const notice = page.locator('section.consent-notice');
    const footerSettings = page.locator('footer .site-footer-button');
    const dialog = page.getByRole('dialog');
    const marketing = dialog.getByRole('switch').nth(1);
    const save = dialog.locator('.button-primary');

    // Before any choice: the notice, and no trace of the tracker.
    await page.goto(env.appUrl, { waitUntil: 'networkidle' });
    await notice.waitFor();
    expect(await notice.getAttribute('aria-labelledby')).toBeTruthy();
    expect(await notice.getByRole('button').count()).toBe(3);
    expect(await trackerTraces(context, page)).toEqual([]);
    expect(sa).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'consent-notice.png') });

    // Reject all; navigate around (client-side, then a full reload): still nothing.
    await notice.getByRole('button').nth(0).click();
    await notice.waitFor({ state: 'detached' });
    const consent = (await context.cookies()).find((c) => c.name === 'cookie_consent');
    expect(decodeURIComponent(consent?.value ?? '')).toMatch(/^v=1&marketing=0&at=\d+$/);
    expect(consent).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(consent!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);
    await page.locator('footer a[href$="/protocol"]').click();
    await page.waitForURL(/\/protocol$/);
    await page.goBack();
    await page.goto(env.appUrl, { waitUntil: 'networkidle' });
    expect(await notice.count()).toBe(0); // the choice survived the reload
    expect(await trackerTraces(context, page)).toEqual([]);
    expect(sa).toEqual([]);

    // Settings → marketing on → Save: the tracker starts.
    await footerSettings.click();
    await dialog.waitFor();
    expect(await dialog.getByRole('switch').nth(0).isDisabled()).toBe(true);
    expect(await dialog.getByRole('switch').nth(0).isChecked()).toBe(true);
    expect(await marketing.isChecked()).toBe(false);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'consent-settings.png') });
    await marketing.check();
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    // Focus is back on the button that opened the dialog.
    await expect.poll(() => footerSettings.evaluate((b) => b === document.activeElement)).toBe(true);
    await expect.poll(() => sa.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => trackerTraces(context, page)).toContain(TRACKER_COOKIE);
    // The overseas site's collector project (SPEC §9), not the test project `default`.
    expect(sa.map((url) => new URL(url).searchParams.get('project'))).toEqual(
      sa.map(() => 'oversea_production'),
    );
    // The overseas site's collector project (SPEC §9), not the test project `default`.
    expect(sa.map((url) => new URL(url).searchParams.get('project'))).toEqual(
      sa.map(() => 'oversea_production'),
    );

    // The choice survives a reload: no notice, the tracker runs at once.
    const before = sa.length;
    await page.reload(); // (the running tracker keeps the network from idling)
    await page.locator('footer .site-footer-button').waitFor();
    expect(await notice.count()).toBe(0);
    await expect.poll(() => sa.length, { timeout: 10_000 }).toBeGreaterThan(before);

    // Settings → marketing off → Save: storage cleared, no further requests.
    await footerSettings.click();
    await dialog.waitFor();
    expect(await marketing.isChecked()).toBe(true);
    await marketing.uncheck();
    await save.click();
    await expect.poll(() => trackerTraces(context, page)).toEqual([]);
    const stopped = sa.length;
    await page.locator('footer a[href$="/protocol"]').click();
    await page.waitForURL(/\/protocol$/);
    await page.goBack();
    await page.goto(env.appUrl, { waitUntil: 'networkidle' }); // pagehide would send a beacon if it ran
    await page.reload({ waitUntil: 'networkidle' });
    expect(sa.length).toBe(stopped);
    expect(await trackerTraces(context, page)).toEqual([]);
  });
  it('on a 390 px phone the notice is a bottom sheet that leaves the search and the page usable', async () => {
    const phone = await env.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await phone.page.goto(env.appUrl);
      const notice = phone.page.locator('section.consent-notice');
      await notice.waitFor();
      const box = (await notice.boundingBox())!;
      expect(box.x).toBe(0);
      expect(box.width).toBe(390);
      expect(Math.round(box.y + box.height)).toBe(844);
      expect(box.height).toBeLessThan(844 * 0.45);
      // The header's and the square's controls above it are not covered.
      const search = (await phone.page.locator('main input[type="search"]').boundingBox())!;
      expect(search.y + search.height).toBeLessThan(box.y);
      // The three buttons share a row and are reachable with the keyboard (visible focus ring).
      const buttons = notice.getByRole('button');
      const tops = await Promise.all([0, 1, 2].map(async (i) => (await buttons.nth(i).boundingBox())!.y));
      expect(new Set(tops).size).toBe(1);
      await buttons.nth(2).focus();
      await phone.page.keyboard.press('Shift+Tab');
      expect(await buttons.nth(1).evaluate((b) => b === document.activeElement)).toBe(true);
      expect(await buttons.nth(1).evaluate((b) => getComputedStyle(b).outlineStyle)).toBe('solid');
      await phone.page.screenshot({ path: join(ARTIFACTS_DIR, 'consent-phone.png') });
    } finally {
      await phone.context.close();
    }
  });
});

describe('domestic site (default): no consent asked', () => {
  let env: E2eEnvironment;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    env = await startE2eEnvironment();
    ({ context, page } = await env.newPage());
  });
  afterAll(async () => {
    await env?.close();
  });

  it('shows no notice and the tracker works as before; the footer still offers the settings', async () => {
    const sa = collectorRequests(page);
    await page.goto(env.appUrl);
    await expect.poll(() => sa.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => trackerTraces(context, page)).toContain(TRACKER_COOKIE);
    // The domestic site's collector project (SPEC §9 "www production"), not the test project `default`.
    expect(sa.map((url) => new URL(url).searchParams.get('project'))).toEqual(sa.map(() => 'production'));
    expect(await page.locator('section.consent-notice').count()).toBe(0);
    expect(await page.locator('footer .site-footer-button').isVisible()).toBe(true);
  });
});
