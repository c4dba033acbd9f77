/**
 * Ratings and reviews in real Chromium against the real server and the built app, as people use
 * them: a user signs up, installs a catalogue plugin and rates it with a review on its detail page;
 * another user marks the review helpful and reports it; the plugin's publisher replies; an
 * administrator hides it with a reason in the back office's moderation queue, after which the
 * detail no longer lists it and the audit log has the entry. No page errors.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eEnvironment, firstApprovedPluginKey, startE2eEnvironment, submitLoginPage } from './support';

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const RATER = { email: 'rater@example.com', password: 'rater-password-1', nick: 'Rater' };
const READER = { email: 'reader@example.com', password: 'reader-password-1', nick: 'Reader' };
const PUBLISHER = { email: 'publisher@example.com', password: 'publisher-password-1', nick: 'Publisher' };

let env: E2eEnvironment;
let key: string;
const pages: Record<string, Page> = {};
const pageErrors: string[] = [];

/** Opens a new browser context and signs `account` up through the login page. */
async function signUp(name: string, account: typeof RATER): Promise<Page> {
  const { page } = await env.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${env.appUrl}publish-plugin/new`);
  await page.waitForURL(/\/user\/login\//);
  await page.goto(`${page.url()}&page=sign_up`);
  await submitLoginPage(page, account);
  pages[name] = page;
  return page;
}

/** Opens the plugin's detail and waits for its ratings section. */
async function openDetail(page: Page) {
  await page.goto(`${env.appUrl}detail/${encodeURIComponent(key)}`);
  await page.getByTestId('detail-ratings').waitFor();
  return page.getByTestId('detail-ratings');
}

beforeAll(async () => {
  env = await startE2eEnvironment({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  key = await firstApprovedPluginKey(env);
  await signUp('rater', RATER);
  await signUp('reader', READER);
  await signUp('publisher', PUBLISHER);
  // The publisher owns the catalogue plugin (an administrator's owner assignment, done in the database).
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
}, 180_000);

afterAll(async () => {
  await env?.close();
});

describe('ratings and reviews', () => {
  it('rate and review, helpful and report, the publisher’s reply, and moderation', async () => {
    // The rater installs, then rates with the keyboard-reachable star radios.
    const rater = pages.rater!;
    let section = await openDetail(rater);
    await expect.poll(() => section.getByText('安装插件后才能评分。').count()).toBe(1);
    const actions = rater.locator('article.detail-page .detail-actions');
    await actions.getByRole('button', { name: '安装', exact: true }).click();
    await actions.getByRole('button', { name: '卸载', exact: true }).waitFor();
    const form = section.getByRole('form', { name: '你的评价' });
    await form.waitFor();
    await form.getByRole('radio', { name: '4 星' }).check({ force: true });
    await form.getByLabel('标题（选填）').fill('Handy grid tool');
    await form.getByLabel('评价内容（选填）').fill('Saves me an hour a week.');
    await form.getByRole('button', { name: '保存评价' }).click();
    await section.locator('li.rating-item').getByText('Saves me an hour a week.').waitFor();
    await expect.poll(() => section.getByText('评分数：1').count()).toBe(1);

    // Another user marks it helpful and reports it.
    const reader = pages.reader!;
    section = await openDetail(reader);
    const item = section.locator('li.rating-item', { hasText: 'Handy grid tool' });
    await item.getByRole('button', { name: '有帮助（0）' }).click();
    await item.getByRole('button', { name: '有帮助（1）' }).waitFor();
    await item.getByRole('button', { name: '举报' }).click();
    const report = reader.getByRole('dialog', { name: '举报这条评价' });
    await report.getByLabel('这条评价有什么问题？').fill('Looks like an advertisement');
    await report.getByRole('button', { name: '举报' }).click();
    await reader.locator('.toast', { hasText: '谢谢，管理员会进行处理。' }).waitFor();

    // The publisher replies once.
    const publisher = pages.publisher!;
    section = await openDetail(publisher);
    const own = section.locator('li.rating-item', { hasText: 'Handy grid tool' });
    await own.getByRole('button', { name: '回复', exact: true }).click();
    await own.getByLabel('你的回复').fill('Thanks! Version 2 adds presets.');
    await own.getByRole('button', { name: '保存回复' }).click();
    await own.getByText('Thanks! Version 2 adds presets.').waitFor();
    await own.getByRole('button', { name: '编辑回复' }).waitFor();

    // The administrator hides it from the moderation queue, with a reason.
    const { page: admin } = await env.newPage();
    admin.on('pageerror', (error) => pageErrors.push(error.message));
    await admin.goto(`${env.appUrl}backstage-index/rating-reports`);
    await submitLoginPage(admin, ADMIN, /\/plugins\/backstage-index\/rating-reports/);
    const entry = admin.locator('li.rating-item', { hasText: 'Handy grid tool' });
    await entry.getByText('Reader：Looks like an advertisement').waitFor();
    await entry.getByRole('button', { name: '隐藏' }).click();
    const hide = admin.getByRole('dialog', { name: '隐藏' });
    await hide.getByLabel('隐藏原因').fill('Advertising');
    await hide.getByRole('button', { name: '隐藏' }).click();
    await admin.getByText('暂无需要处理的内容。').waitFor();

    // Gone from the detail and the summary; the author sees why; the audit log has it.
    section = await openDetail(reader);
    await expect.poll(() => section.getByText('还没有评分，来做第一个评分的人吧。').count()).toBe(1);
    expect(await section.locator('li.rating-item').count()).toBe(0);
    section = await openDetail(rater);
    await section.getByText('你的评价已被管理员隐藏：Advertising').waitFor();
    const log = await env.server.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('plugin_key', '=', key)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.action).toBe('rating_hide');
    expect(log.reason).toMatch(/: Advertising$/);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
