/**
 * Notifications in real Chromium against the real server (with a real SMTP server) and the built
 * app: a publisher owns a catalogue plugin; someone rates it with a review; the publisher's header
 * shows the bell with one unread, the e-mail arrives, the notifications page shows the review and
 * marks it read (the bell's count goes), and an e-mail preference is turned off and stays off. No
 * page errors.
 */
import { startTestSmtp, type TestSmtpServer } from '@plugin-center/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eEnvironment, firstApprovedPluginKey, startE2eEnvironment, submitLoginPage } from './support';

const RATER = { email: 'rater@example.com', password: 'rater-password-1', nick: 'Rater' };
const PUBLISHER = { email: 'publisher@example.com', password: 'publisher-password-1', nick: 'Publisher' };

let env: E2eEnvironment;
let smtp: TestSmtpServer;
let key: string;
let name: string;
const pageErrors: string[] = [];

/** Opens a new browser context and signs `account` up through the login page. */
async function signUp(account: typeof RATER): Promise<Page> {
  const { page } = await env.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${env.appUrl}my-plugins`);
  await page.waitForURL(/\/user\/login\//);
  await page.goto(`${page.url()}&page=sign_up`);
  await submitLoginPage(page, account);
  // Signed in once the header says so (the login code is exchanged on the way back).
  await page.locator('.session[data-state="signed-in"]').first().waitFor();
  return page;
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  env = await startE2eEnvironment({ SMTP_URL: smtp.url, MAIL_FROM: 'Plugin Center <notify@example.com>' });
  key = await firstApprovedPluginKey(env);
}, 180_000);

afterAll(async () => {
  await env?.close();
  await smtp?.close();
});

describe('notifications', () => {
  it('the bell, the page, marking read and the e-mail preferences', async () => {
    const publisher = await signUp(PUBLISHER);
    const owner = await env.server.db.kysely
      .selectFrom('user_account')
      .select('id')
      .where('email', '=', PUBLISHER.email)
      .executeTakeFirstOrThrow();
    const plugin = await env.server.db.kysely
      .updateTable('plugin')
      .set({ owner_id: owner.id })
      .where('plugin_key', '=', key)
      .returning('name')
      .executeTakeFirstOrThrow();
    name = plugin.name;

    // Someone installs the plugin and reviews it on its detail page.
    const rater = await signUp(RATER);
    await rater.goto(`${env.appUrl}detail/${encodeURIComponent(key)}`);
    const section = rater.getByTestId('detail-ratings');
    await section.waitFor();
    await expect.poll(() => section.getByText('安装插件后才能评分。').count()).toBe(1);
    const actions = rater.locator('article.detail-page .detail-actions');
    await actions.getByRole('button', { name: '安装', exact: true }).click();
    await actions.getByRole('button', { name: '卸载', exact: true }).waitFor();
    const form = section.getByRole('form', { name: '你的评价' });
    await form.getByRole('radio', { name: '4 星' }).check({ force: true });
    await form.getByLabel('标题（选填）').fill('Handy grid tool');
    await form.getByLabel('评价内容（选填）').fill('Saves me an hour a week.');
    await form.getByRole('button', { name: '保存评价' }).click();
    await section.locator('li.rating-item').getByText('Saves me an hour a week.').waitFor();

    // The e-mail arrives, in the site's first locale, with its unsubscribe header.
    await env.server.notifications.mailIdle();
    await expect.poll(() => smtp.received.length).toBe(1);
    expect(smtp.received[0]!.subject).toBe(`“${name}”收到新评价`);

    // The publisher's header: the bell with one unread.
    await publisher.goto(env.appUrl);
    const bell = publisher.getByRole('link', { name: '通知，未读：1' });
    await bell.waitFor();
    await bell.click();
    await publisher.waitForURL(/\/plugins\/notifications$/);
    const item = publisher.locator('li.notification[data-kind="review_posted"]');
    await item.getByText(`“${name}”收到新评价`).waitFor();
    await item.getByText('评分：4 / 5').waitFor();
    expect(await item.getAttribute('data-state')).toBe('unread');

    // Mark all read: the item and the bell follow.
    await publisher.getByRole('button', { name: '全部标为已读' }).click();
    await expect.poll(() => item.getAttribute('data-state')).toBe('read');
    await publisher.getByRole('link', { name: '通知', exact: true }).waitFor();

    // The e-mail of reviews off; it stays off after a reload.
    const box = publisher.getByRole('checkbox', { name: '有人评价我的插件' });
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await publisher.locator('.toast', { hasText: '邮件设置已保存' }).waitFor();
    await publisher.reload();
    await expect
      .poll(() => publisher.getByRole('checkbox', { name: '有人评价我的插件' }).isChecked())
      .toBe(false);
    expect(await publisher.getByRole('checkbox', { name: '我提交的版本通过审核' }).isChecked()).toBe(true);

    expect(pageErrors).toEqual([]);
  }, 120_000);
});
