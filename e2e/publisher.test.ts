/**
 * A publisher page in real Chromium against the real server and the built app, as people use it: a
 * user signs up and chooses a handle on "My plugins", owns a plugin, a visitor opens
 * `/plugins/publisher/<handle>` and sees its plugin cards, and the plugin's detail links there; an
 * administrator marks the publisher verified on the back office's People page, after which the
 * page shows the badge. axe-core reports no serious or critical violation on the page before and
 * after, on a desktop and a phone viewport. No page errors.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeFindings,
  type E2eEnvironment,
  firstApprovedPluginKey,
  startE2eEnvironment,
  submitLoginPage,
} from './support';

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const PUBLISHER = { email: 'acme@example.com', password: 'acme-password-1', nick: 'Acme Studio' };
const HANDLE = 'acme-studio';

let env: E2eEnvironment;
let key: string;
const pageErrors: string[] = [];

/** Opens the publisher page and waits for its plugin card. */
async function openPublisherPage(page: Page): Promise<void> {
  await page.goto(`${env.appUrl}publisher/${HANDLE}`);
  await page.locator(`.card[data-plugin-key="${key}"]`).waitFor();
  await page.waitForFunction(() => !document.querySelector('.page-loading, [aria-busy="true"]'));
}

beforeAll(async () => {
  env = await startE2eEnvironment({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  key = await firstApprovedPluginKey(env);
}, 180_000);

afterAll(async () => {
  await env?.close();
});

describe('publisher pages', () => {
  it('a handle chosen once, the public page with its plugins, the detail’s link, the verified mark', async () => {
    // The publisher signs up and chooses a handle on "My plugins".
    const { page: publisher } = await env.newPage();
    publisher.on('pageerror', (error) => pageErrors.push(error.message));
    await publisher.goto(`${env.appUrl}my-plugins`);
    await publisher.waitForURL(/\/user\/login\//);
    await publisher.goto(`${publisher.url()}&page=sign_up`);
    await submitLoginPage(publisher, PUBLISHER, /\/plugins\/my-plugins/);
    const settings = publisher.getByTestId('publisher-settings');
    await settings.getByLabel('标识').fill('Acme-Studio');
    await settings.getByRole('button', { name: '保存资料' }).click();
    await settings.getByText(`@${HANDLE}`).waitFor();
    await expect.poll(() => settings.getByLabel('标识').count()).toBe(0);

    // The publisher owns a plugin (an administrator's owner assignment, done in the database).
    const owner = await env.server.db.kysely
      .selectFrom('user_account')
      .select('id')
      .where('email', '=', PUBLISHER.email)
      .executeTakeFirstOrThrow();
    await env.server.db.kysely
      .updateTable('plugin')
      .set({ owner_id: owner.id })
      .where('plugin_key', '=', key)
      .execute();

    // A visitor opens the page: the name, the handle and the plugin's card; no badge yet.
    const { page: visitor } = await env.newPage();
    visitor.on('pageerror', (error) => pageErrors.push(error.message));
    await openPublisherPage(visitor);
    await visitor.getByRole('heading', { level: 1, name: /Acme Studio/ }).waitFor();
    expect(await visitor.getByText(`@${HANDLE}`, { exact: true }).count()).toBe(1);
    expect(await visitor.locator('.verified-badge').count()).toBe(0);
    expect(await axeFindings(visitor)).toEqual([]);

    // The plugin's detail (a shared link opens its full page) links to the page.
    await visitor.goto(`${env.appUrl}detail/${encodeURIComponent(key)}`);
    const link = visitor.locator('.detail-page').getByRole('link', { name: new RegExp(`@${HANDLE}`) });
    await link.waitFor();
    await link.click();
    await visitor.waitForURL(new RegExp(`/plugins/publisher/${HANDLE}$`));

    // An administrator marks the publisher verified on the People page.
    const { page: admin } = await env.newPage();
    admin.on('pageerror', (error) => pageErrors.push(error.message));
    await admin.goto(`${env.appUrl}backstage-index/people`);
    await submitLoginPage(admin, ADMIN, /\/plugins\/backstage-index\/people/);
    const row = admin.getByTestId('person-row').filter({ hasText: PUBLISHER.email });
    await row.getByRole('button', { name: `标记为已认证: ${PUBLISHER.nick}` }).click();
    await row.getByRole('button', { name: `取消认证标记: ${PUBLISHER.nick}` }).waitFor();
    await row.locator('.verified-badge').waitFor();

    // The page shows the badge, on a desktop and on a phone.
    await openPublisherPage(visitor);
    await visitor.locator('.publisher-name .verified-badge').waitFor();
    expect(await visitor.locator('.publisher-name .verified-badge').getAttribute('title')).toBe(
      '已由插件中心团队认证',
    );
    expect(await axeFindings(visitor)).toEqual([]);
    const { page: phone } = await env.newPage({ viewport: { width: 390, height: 844 } });
    phone.on('pageerror', (error) => pageErrors.push(error.message));
    await openPublisherPage(phone);
    await phone.locator('.publisher-name .verified-badge').waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeFindings(phone)).toEqual([]);

    // An unknown handle is a 404 page.
    await phone.goto(`${env.appUrl}publisher/nobody-here`);
    await phone.getByRole('heading', { name: '找不到发布者' }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
