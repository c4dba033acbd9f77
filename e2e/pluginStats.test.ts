/**
 * A plugin's statistics in real Chromium against the real server and the built app: a publisher
 * whose plugin three people installed (one uninstalled again) opens "统计" from My plugins, sees the
 * numbers of the range and of the version installed, narrows the range to 7 days, exports the CSV
 * (its bytes checked: BOM, CRLF, quoted fields, the Chinese name) and the page has no serious or
 * critical axe-core finding. No page errors.
 */

import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2eEnvironment,
  firstApprovedPluginKey,
  prepareAxe,
  startE2eEnvironment,
  submitLoginPage,
} from './support';

const PUBLISHER = {
  email: 'stats-publisher@example.com',
  password: 'publisher-password-1',
  nick: 'Publisher',
};
const NAME = '颜色魔法';

let env: E2eEnvironment;
let key: string;
let publisher: Page;
const pageErrors: string[] = [];

/** `YYYY-MM-DD` of a UTC day `back` days before today. */
const utcDay = (back = 0) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

/** A new account's access token (made through the server's identity service). */
async function newUserToken(email: string): Promise<string> {
  const row = await env.server.identity.createAccount({ email, password: 'installer-password-1', role: 0 });
  return (await env.server.identity.startSession(row.id)).access_token;
}

/** Calls the API as the bearer of `token`. */
function call(method: string, path: string, token: string, body: unknown) {
  return fetch(`${env.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  env = await startE2eEnvironment();
  key = await firstApprovedPluginKey(env);
  ({ page: publisher } = await env.newPage());
  publisher.on('pageerror', (error) => pageErrors.push(error.message));
  await publisher.goto(`${env.appUrl}my-plugins`);
  await publisher.waitForURL(/\/user\/login\//);
  await publisher.goto(`${publisher.url()}&page=sign_up`);
  await submitLoginPage(publisher, PUBLISHER, /\/plugins\/my-plugins/);
  // An administrator gives the catalogue plugin to the publisher; it is named in Chinese and at 2.0.0.
  const admin = await env.server.identity.createAccount({
    email: 'stats-admin@example.com',
    password: 'admin-password-1',
    role: 2,
  });
  const adminToken = (await env.server.identity.startSession(admin.id)).access_token;
  const assigned = await call('POST', '/api/cmt/manager/plugin/owner', adminToken, {
    plugin_key: key,
    email: PUBLISHER.email,
  });
  expect(assigned.status).toBe(200);
  await env.server.db.kysely
    .updateTable('plugin')
    .set({ name: NAME, current_version: '2.0.0' })
    .where('plugin_key', '=', key)
    .execute();
  // Three people install it; the first uninstalls it again and viewed its detail.
  const tokens = await Promise.all([1, 2, 3].map((n) => newUserToken(`installer${n}@example.com`)));
  for (const token of tokens) {
    expect((await call('POST', '/api/cmt/plugin/user', token, { plugin_key: key })).status).toBe(200);
  }
  expect((await call('DELETE', '/api/cmt/plugin/user', tokens[0]!, { plugin_key: key })).status).toBe(200);
  expect((await call('POST', '/api/cmt/plugin/view', tokens[0]!, { plugin_key: key })).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await env?.close();
});

describe('plugin statistics', () => {
  it('a publisher opens the statistics from My plugins, reads the numbers and exports the CSV', async () => {
    await publisher.goto(`${env.appUrl}my-plugins`);
    await publisher
      .locator(`li[data-plugin-key="${key}"]`)
      .getByRole('link', { name: /的统计$/ })
      .click();
    await publisher.waitForURL(/\/plugins\/my-plugins\/stats\?plugin_key=/);
    await publisher.getByRole('heading', { level: 1, name: `统计：${NAME}` }).waitFor();
    const totals = publisher.getByTestId('stats-totals');
    await expect.poll(() => totals.locator('[data-counter="installs"] .stat-value').textContent()).toBe('3');
    expect(await totals.locator('[data-counter="uninstalls"] .stat-value').textContent()).toBe('1');
    expect(await totals.locator('[data-counter="views"] .stat-value').textContent()).toBe('1');
    const versions = publisher.getByRole('table', { name: '按版本' });
    expect(await versions.locator('tbody tr').first().locator('th').textContent()).toBe('2.0.0（当前）');
    expect(await versions.locator('tbody tr').first().locator('td').first().textContent()).toBe('3');

    // Seven days; the CSV of that range.
    await publisher.getByRole('button', { name: '最近 7 天' }).click();
    await publisher.waitForURL(/days=7/);
    await publisher.getByRole('table', { name: '按版本' }).waitFor();
    const [download] = await Promise.all([
      publisher.waitForEvent('download'),
      publisher.getByRole('button', { name: '导出 CSV' }).click(),
    ]);
    const from = utcDay(6);
    const to = utcDay(0);
    expect(download.suggestedFilename()).toBe(
      `plugin-stats-${key.replace(/[^\w.-]/g, '_')}-${from}-${to}.csv`,
    );
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe(
      '"plugin_key","plugin","date","version","installs","uninstalls","views","likes","unlikes","ratings","average_rating"',
    );
    expect(lines[1]).toBe(`"${key}","${NAME}","${from}","","0","0","0","0","0","0",""`);
    expect(lines[7]).toBe(`"${key}","${NAME}","${to}","2.0.0","3","1","1","0","0","0",""`);
    await publisher.locator('.toast', { hasText: '已保存' }).waitFor();

    // axe-core: no serious or critical finding on the page, once the toast has gone (half faded,
    // its text measures as low contrast against whatever shows through).
    await publisher.locator('.toast').waitFor({ state: 'detached' });
    await prepareAxe(publisher);
    const findings = await publisher.evaluate(async () => {
      const { axe } = window as unknown as {
        axe: { run: (d: Document) => Promise<{ violations: { id: string; impact: string | null }[] }> };
      };
      const result = await axe.run(document);
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id);
    });
    expect(findings).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
