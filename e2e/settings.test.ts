/**
 * The settings back office in real Chromium against the real server and the built app:
 * the super administrator (ADMIN_EMAIL, role 1) signs in and, through the back-office pages only (no
 * API shortcut), saves the icon-font account → 'Save Successfully', after a reload the client id and
 * the secret masked (never the secret), and the server's database holds no clear secret; applies a
 * Pexels API key → 'Applied successfully', masked after a reload; chooses the orange topic colour →
 * a visitor's square (another browser context) gets `<html data-topic-color="orange">`; makes a user
 * who signed up through the login page a general administrator (with the confirmation) → their role
 * shows as general admin, and that user, sent to /403 before, now opens /backstage-index. No page
 * errors.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, type E2eEnvironment, startE2eEnvironment, submitLoginPage } from './support';

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const MEMBER = { email: 'helper@example.com', password: 'helper-password-1', nick: '小助手' };
const ICONFONT = { clientId: 'iconfont-client-e2e', secret: 'iconfont-secret-Zq81xV' };
const PEXELS_KEY = 'pexels-key-4fK9wPq2';
/** The contract's `SECRET_MASK_PREFIX` (eight bullets), before a secret's last 4 characters. */
const SECRET_MASK_PREFIX = '\u2022'.repeat(8);

let env: E2eEnvironment;
let admin: Page;
let visitor: Page;
let member: Page;
const pageErrors: string[] = [];

/** The page's toasts' texts, newest last. */
const toasts = (p: Page) => p.locator('.toast').allTextContents();
/** What the server shows of a secret: the mask and its last 4 characters. */
const masked = (secret: string) => `${SECRET_MASK_PREFIX}${secret.slice(-4)}`;
const field = (p: Page, label: string) => p.getByLabel(label, { exact: true });

/** Every row of every table of the server's database, as one text. */
async function wholeDatabase(): Promise<string> {
  const db = env.server.db.kysely;
  const tables = await db.introspection.getTables();
  // Any table by name: the typed builder knows only the schema's names.
  const untyped = db as unknown as {
    selectFrom(table: string): { selectAll(): { execute(): Promise<unknown[]> } };
  };
  const dumps: string[] = [];
  for (const { name } of tables)
    dumps.push(JSON.stringify(await untyped.selectFrom(name).selectAll().execute()));
  expect(tables.map((t) => t.name)).toContain('app_setting');
  return dumps.join('\n');
}

beforeAll(async () => {
  env = await startE2eEnvironment({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  ({ page: admin } = await env.newPage());
  ({ page: visitor } = await env.newPage());
  ({ page: member } = await env.newPage());
  for (const p of [admin, visitor, member]) p.on('pageerror', (error) => pageErrors.push(error.message));
  // The member signs up through the login page on the way to the back office, and is refused it.
  await member.goto(`${env.appUrl}backstage-index`);
  await member.waitForURL(/\/user\/login\//);
  await member.goto(`${member.url()}&page=sign_up`);
  await submitLoginPage(member, MEMBER);
  await member.waitForURL(/\/plugins\/403$/);
  await admin.goto(`${env.appUrl}backstage-index/iconfont`);
  await submitLoginPage(admin, ADMIN);
  // Signed in only once the page is back (the login's code exchange done): going elsewhere earlier
  // would cut the exchange short and land on the login page again.
  await admin.getByRole('heading', { name: '图标库', exact: true }).waitFor();
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('the settings back office', () => {
  it('saves the icon-font account: the secret is shown masked and stored sealed', async () => {
    await admin.goto(`${env.appUrl}backstage-index/iconfont`);
    await admin.getByRole('heading', { name: '图标库', exact: true }).waitFor();
    await expect.poll(() => admin.getByText('尚未保存').count()).toBe(1);
    await field(admin, '客户端 ID（Client ID）').fill(ICONFONT.clientId);
    await field(admin, '客户端密钥（Client Secret）').fill(ICONFONT.secret);
    await admin.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => toasts(admin)).toContain('Save Successfully');
    await expect
      .poll(() => field(admin, '客户端密钥（Client Secret）').inputValue())
      .toBe(masked(ICONFONT.secret));

    await admin.reload();
    await expect.poll(() => field(admin, '客户端 ID（Client ID）').inputValue()).toBe(ICONFONT.clientId);
    expect(await field(admin, '客户端密钥（Client Secret）').inputValue()).toBe(masked(ICONFONT.secret));
    expect(await admin.content()).not.toContain(ICONFONT.secret);
    expect(await admin.getByText(/^上次保存于 /).count()).toBe(1);

    const stored = await wholeDatabase();
    expect(stored).toContain(ICONFONT.clientId);
    expect(stored).not.toContain(ICONFONT.secret);
    expect(pageErrors).toEqual([]);
  });

  it('applies a Pexels API key: masked after a reload', async () => {
    await admin.goto(`${env.appUrl}backstage-index/pexels`);
    await admin.getByRole('heading', { name: '图片库', exact: true }).waitFor();
    await field(admin, 'API 密钥（API Key）').fill(PEXELS_KEY);
    await admin.getByRole('button', { name: '应用', exact: true }).click();
    await expect.poll(() => toasts(admin)).toContain('Applied successfully');

    await admin.reload();
    await expect.poll(() => field(admin, 'API 密钥（API Key）').inputValue()).toBe(masked(PEXELS_KEY));
    expect(await admin.content()).not.toContain(PEXELS_KEY);
    expect(await wholeDatabase()).not.toContain(PEXELS_KEY);
    expect(pageErrors).toEqual([]);
  });

  it('chooses the orange topic colour: the visitor’s square is orange', async () => {
    const topic = () => visitor.evaluate(() => document.documentElement.dataset.topicColor ?? null);
    const openSquare = async () => {
      const setting = visitor.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/pix/mst/spaces/setting' && r.ok(),
      );
      await visitor.goto(env.appUrl);
      await setting;
    };
    await openSquare();
    await expect.poll(topic).toBe('indigo');

    await admin.goto(`${env.appUrl}backstage-index/space-setting`);
    await admin.getByRole('heading', { name: '空间设置', exact: true }).waitFor();
    const orange = field(admin, '橙色');
    await orange.check();
    await admin.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => toasts(admin)).toContain('Save Successfully');
    await admin.reload();
    await expect.poll(() => field(admin, '橙色').isChecked()).toBe(true);

    await openSquare();
    await expect.poll(topic).toBe('orange');
    expect(
      await visitor.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
      ),
    ).toBe('#c54a0a');
    await visitor.screenshot({ path: join(ARTIFACTS_DIR, 'settings-orange.png') });
    expect(pageErrors).toEqual([]);
  });

  it('makes a signed-up user a general administrator: they can open the back office', async () => {
    await admin.goto(`${env.appUrl}backstage-index/people`);
    await admin.getByRole('heading', { name: '人员', exact: true }).waitFor();
    const rows = admin.getByTestId('person-row');
    const row = rows.filter({ hasText: MEMBER.email });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('.bo-row-title').textContent()).toBe(`${MEMBER.nick} `);
    expect(await row.locator('.bo-badge[data-role]').textContent()).toBe('普通用户');
    const self = rows.filter({ hasText: ADMIN.email });
    expect(await self.locator('.bo-badge[data-role]').textContent()).toBe('超级管理员');
    expect(await self.getByText('（你）').count()).toBe(1);
    // No role or status action on one's own row (only the publisher mark, 标记为已认证).
    expect(await self.getByRole('button').filter({ hasNotText: '认证' }).count()).toBe(0);

    await row.getByRole('button', { name: `设为管理员: ${MEMBER.nick}`, exact: true }).click();
    const dialog = admin.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(`将 ${MEMBER.nick} 设为普通管理员？`);
    await dialog.getByRole('button', { name: '设为管理员', exact: true }).click();
    await expect.poll(() => toasts(admin)).toContain(`${MEMBER.nick} 已成为普通管理员`);
    await expect.poll(() => row.locator('.bo-badge[data-role]').textContent()).toBe('普通管理员');
    expect(await dialog.count()).toBe(0);
    await admin.reload();
    await expect.poll(() => row.locator('.bo-badge[data-role]').textContent()).toBe('普通管理员');

    // The member, refused before, now opens the back office: their user info, not /403.
    // /backstage-index opens its first page, plugin review.
    await member.goto(`${env.appUrl}backstage-index`);
    await member.getByRole('heading', { name: '插件审核', exact: true }).waitFor();
    expect(member.url()).toBe(`${env.appUrl}backstage-index/audit-list`);
    await member.goto(`${env.appUrl}backstage-index/user-info`);
    const info = member.getByTestId('admin-info');
    await info.waitFor();
    expect(await info.textContent()).toContain(MEMBER.email);
    expect(await info.textContent()).toContain('普通管理员');
    // A general admin sees the roles read-only (here no general user to disable either); it may mark
    // publishers verified (标记为已认证), which any administrator may.
    await member.goto(`${env.appUrl}backstage-index/people`);
    await member.getByText('只有超级管理员可以修改角色。').waitFor();
    await expect.poll(() => member.getByTestId('person-row').count()).toBeGreaterThan(1);
    const buttons = member.locator('[data-testid="person-row"] button');
    expect(await buttons.filter({ hasNotText: '认证' }).count()).toBe(0);
    expect(await buttons.filter({ hasText: '标记为已认证' }).count()).toBe(
      await member.getByTestId('person-row').count(),
    );
    expect(member.url()).toBe(`${env.appUrl}backstage-index/people`);
    expect(pageErrors).toEqual([]);
  });
});
