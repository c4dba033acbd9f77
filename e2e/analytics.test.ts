/**
 * Browser test of analytics in real Chromium against the real server: a plain HTML page
 * (`examples/script-tag/index.html`) with the script-tag build of `@plugin-center/analytics`
 * delivers `$pageview`, a plugin event and `$WebPageLeave` to the real collector (`POST /sa`); the
 * marketplace itself reports its page views; and the back-office dashboard shows the stored counts.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, type E2eEnvironment, startE2eEnvironment } from './support';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLE_HTML = join(ROOT, 'examples/script-tag/index.html');
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

let env: E2eEnvironment;
let page: Page;

/** Stored events by name (the collector's table). */
async function storedCounts(): Promise<Record<string, number>> {
  const rows = await env.server.db.kysely
    .selectFrom('analytics_event')
    .select(['event', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('event')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.event ?? '(profile)', Number(r.n)]));
}

beforeAll(async () => {
  env = await startE2eEnvironment({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, [
    // The example page; the tracker comes from the server's own /sdk/analytics.iife.js.
    async (app) => {
      app.get('/example/', async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send(readFileSync(EXAMPLE_HTML)),
      );
    },
  ]);
  ({ page } = await env.newPage());
});

afterAll(async () => {
  await env?.close();
});

describe('the script tag on a plain page', () => {
  it('delivers $pageview at load, a plugin event on click and $WebPageLeave when the page is left', async () => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/sa') posts.push(r.method());
    });
    await page.goto(`${env.origin}/example/`);
    await expect.poll(async () => (await storedCounts()).$pageview ?? 0, { timeout: 10_000 }).toBe(1);
    // The call queued by the snippet before the script loaded was replayed: the registered property.
    const pageview = await env.server.db.kysely
      .selectFrom('analytics_event')
      .select(['properties', 'url', 'distinct_id'])
      .where('event', '=', '$pageview')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(pageview.properties)).toMatchObject({ product: 'script-tag-example' });
    expect(pageview.url).toBe(`${env.origin}/example/`);

    await page.locator('[data-plugin-key="color-picker"] button[data-action="install"]').click();
    await expect.poll(async () => (await storedCounts()).PluginInstall ?? 0).toBe(1);
    const install = await env.server.db.kysely
      .selectFrom('analytics_event')
      .select(['plugin_key', 'distinct_id'])
      .where('event', '=', 'PluginInstall')
      .executeTakeFirstOrThrow();
    expect(install).toEqual({ plugin_key: 'color-picker', distinct_id: pageview.distinct_id });

    // Leaving the page (pagehide) sends $WebPageLeave by beacon.
    await page.goto('about:blank');
    await expect.poll(async () => (await storedCounts()).$WebPageLeave ?? 0, { timeout: 10_000 }).toBe(1);
    expect(posts.length).toBeGreaterThanOrEqual(3);
  });
});

describe('the marketplace and the dashboard', () => {
  it('counts the marketplace page views, and the admin dashboard shows the stored events', async () => {
    const before = (await storedCounts()).$pageview ?? 0;
    await page.goto(env.appUrl);
    await expect
      .poll(async () => (await storedCounts()).$pageview ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(before);
    // The domestic site's collector project (SPEC §9 "www production"), not the test project `default`.
    const projects = await env.server.db.kysely
      .selectFrom('analytics_event')
      .select('project')
      .distinct()
      .where('url', 'like', `${env.appUrl}%`)
      .execute();
    expect(projects).toEqual([{ project: 'production' }]);

    // Sign in as the administrator and open the dashboard.
    await page.goto(`${env.appUrl}backstage-index/analytics`);
    await page.waitForURL(/\/user\/login\//);
    await page.locator('#login-email').fill(ADMIN.email);
    await page.locator('#login-password').fill(ADMIN.password);
    await page.locator('button.login-submit').click();
    await page.waitForURL(/\/plugins\/backstage-index\/analytics/);
    const counts = await storedCounts();
    for (const event of ['$pageview', '$WebPageLeave', 'PluginInstall']) {
      const exact = new RegExp(`^${event.replace('$', '\\$')}$`);
      const row = page.locator('tr', { has: page.locator('th[scope=row] code', { hasText: exact }) });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      // The dashboard's number is the stored count at the time it loaded (later page views may add).
      const shown = Number(((await row.locator('td.numeric').textContent()) ?? '').replace(/[^\d]/g, ''));
      expect(shown).toBeGreaterThanOrEqual(counts[event] ?? 0);
      expect(shown).toBeLessThanOrEqual((await storedCounts())[event] ?? 0);
    }
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'analytics-dashboard.png'), fullPage: true });
  });
});
