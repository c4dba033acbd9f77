/**
 * Disabling an account in the back office, in real Chromium against the real server and the built
 * app: a user signs up through the login page; the super administrator (ADMIN_EMAIL, role 1) opens
 * People, presses "停用" on that user's row from the keyboard and confirms → a toast, the row shows
 * "已停用"; the user's open session ends (after a reload the header offers log-in) and the login page
 * refuses their password; the administrator presses "启用" → the user signs in again. No page errors.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, type E2eEnvironment, startE2eEnvironment, submitLoginPage } from './support';

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const MEMBER = { email: 'leaver@example.com', password: 'leaver-password-1', nick: '离职者' };

let env: E2eEnvironment;
let admin: Page;
let member: Page;
const pageErrors: string[] = [];

const toasts = (p: Page) => p.locator('.toast').allTextContents();
const header = (p: Page) => p.locator('header.site-header');
const signedIn = (p: Page) => header(p).locator('.session-name', { hasText: MEMBER.nick }).count();
const logInButton = (p: Page) => header(p).getByRole('button', { name: '登录', exact: true });

/** Fills the login page with the member's password and submits it. */
async function submitMemberPassword(): Promise<void> {
  await member.waitForURL(/\/user\/login\//);
  await member.locator('#login-email').fill(MEMBER.email);
  await member.locator('#login-password').fill(MEMBER.password);
  await member.locator('button.login-submit').click();
}

beforeAll(async () => {
  env = await startE2eEnvironment({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  ({ page: admin } = await env.newPage());
  ({ page: member } = await env.newPage());
  for (const p of [admin, member]) p.on('pageerror', (error) => pageErrors.push(error.message));
  // The member signs up through the login page and comes back signed in.
  await member.goto(env.appUrl);
  await header(member).getByRole('button', { name: '注册' }).click();
  await member.waitForURL(/\/user\/login\/\?.*page=sign_up/);
  await submitLoginPage(member, MEMBER);
  await header(member).locator('.session-name', { hasText: MEMBER.nick }).waitFor();
  await admin.goto(`${env.appUrl}backstage-index/people`);
  await submitLoginPage(admin, ADMIN);
  await admin.getByRole('heading', { name: '人员', exact: true }).waitFor();
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('an administrator disables and enables an account', () => {
  it('disabling ends the user’s session and refuses their sign-in; enabling lets them sign in again', async () => {
    const rows = admin.getByTestId('person-row');
    const row = rows.filter({ hasText: MEMBER.email });
    await expect.poll(() => row.count()).toBe(1);
    const status = row.locator('.bo-badge[data-status]');
    expect(await status.textContent()).toBe('正常');
    // No action on the administrator's own row but the publisher mark (标记为已认证).
    expect(
      await rows.filter({ hasText: ADMIN.email }).getByRole('button').filter({ hasNotText: '认证' }).count(),
    ).toBe(0);

    // From the keyboard: focus the row's button, Enter opens the confirmation.
    const disable = row.getByRole('button', { name: `停用: ${MEMBER.nick}`, exact: true });
    await disable.focus();
    await admin.keyboard.press('Enter');
    const dialog = admin.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(`停用 ${MEMBER.nick}？`);
    await dialog.getByRole('button', { name: '停用', exact: true }).click();
    await expect.poll(() => toasts(admin)).toContain(`已停用 ${MEMBER.nick}`);
    await expect.poll(() => status.textContent()).toBe('已停用');
    expect(await dialog.count()).toBe(0);
    await admin.screenshot({ path: join(ARTIFACTS_DIR, 'people-disabled.png') });

    // The member's session has ended: after a reload the header offers log-in.
    await member.reload();
    await expect.poll(() => logInButton(member).count()).toBe(1);
    expect(await signedIn(member)).toBe(0);
    // The login page refuses their password.
    await logInButton(member).click();
    await submitMemberPassword();
    await member.locator('.login-error[role="alert"]', { hasText: '邮箱或密码错误' }).waitFor();
    expect(new URL(member.url()).pathname).toMatch(/\/user\/login\/$/);

    // Enabled again: the row says so and the member signs in.
    await row.getByRole('button', { name: `启用: ${MEMBER.nick}`, exact: true }).click();
    await expect.poll(() => toasts(admin)).toContain(`已重新启用 ${MEMBER.nick}`);
    await expect.poll(() => status.textContent()).toBe('正常');
    await submitMemberPassword();
    await member.waitForURL(/\/plugins\//);
    await expect.poll(() => signedIn(member)).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
