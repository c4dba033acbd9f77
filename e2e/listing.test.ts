/**
 * A publisher's hold on the listing of their plugin, in Chromium against the real server: two
 * plugins published and approved; the first unlisted from My plugins (gone from the square's search,
 * its detail link still opens), relisted (found again), deprecated with the second as replacement
 * (the detail's banner links to it), and deleted after a confirmation naming it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2eEnvironment,
  formField,
  squareNames as searchSquare,
  startE2eEnvironment,
  submitLoginPage,
  uniqueManifest,
} from './support';

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const AUTHOR = { email: 'lister@example.com', password: 'lister-password-1', nick: 'Lister' };
const OLD = 'Hue Shifter';
const NEW = 'Tint Forge';

let env: E2eEnvironment;
let author: Page;
let admin: Page;
const pageErrors: string[] = [];

const field = formField;

/** The author publishes a plugin named `name` (texts and a code file only). */
async function publish(name: string) {
  await author.goto(`${env.appUrl}publish-plugin/new`);
  await field(author, 'name').fill(name);
  await field(author, 'intro').fill(`${name} in one click`);
  await field(author, 'description').fill(`# ${name}\n\nDoes **one** thing.`);
  await field(author, 'version').fill('1.0.0');
  await field(author, 'version_content').fill('First release');
  await author.locator('input[type="file"][name="code_file"]').setInputFiles({
    name: 'manifest.json',
    mimeType: 'application/json',
    buffer: uniqueManifest(),
  });
  await author.getByRole('button', { name: '提交审核' }).click();
  await author.waitForURL(/\/plugins\/my-plugins/);
}

/** The administrator approves the pending submission of the plugin named `name`. */
async function approve(name: string) {
  await admin.goto(`${env.appUrl}backstage-index/audit-list`);
  await admin.getByRole('button', { name: '未审核', exact: true }).click();
  const card = admin.locator('li.submission', { hasText: name }).first();
  await card.getByRole('button', { name: '通过', exact: true }).click();
  await admin.locator('.toast', { hasText: '已通过' }).last().waitFor();
}

/** The plugin key of the plugin named `name`. */
async function keyOf(name: string): Promise<string> {
  const row = await env.server.db.kysely
    .selectFrom('plugin')
    .select('plugin_key')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.plugin_key;
}

/** The square's search for `keyword` (as the author): the names of the cards found. */
const squareNames = (keyword: string) => searchSquare(env, author, keyword);

/** The author's row of the plugin named `name` in My plugins. */
async function myRow(name: string) {
  await author.goto(`${env.appUrl}my-plugins`);
  const row = author.locator('li.submission', { has: author.getByRole('heading', { name, exact: true }) });
  await row.waitFor();
  return row;
}

beforeAll(async () => {
  env = await startE2eEnvironment({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  ({ page: author } = await env.newPage());
  ({ page: admin } = await env.newPage());
  for (const p of [author, admin]) p.on('pageerror', (error) => pageErrors.push(error.message));
  await author.goto(`${env.appUrl}publish-plugin/new`);
  await author.waitForURL(/\/user\/login\//);
  await author.goto(`${author.url()}&page=sign_up`);
  await submitLoginPage(author, AUTHOR);
  await admin.goto(`${env.appUrl}backstage-index`);
  await submitLoginPage(admin, ADMIN);
  for (const name of [OLD, NEW]) {
    await publish(name);
    await approve(name);
  }
}, 240_000);

afterAll(async () => {
  await env?.close();
});

describe("a publisher's listing", () => {
  it('unlists: gone from the square and search, the detail link still opens; relists: found again', async () => {
    await expect.poll(() => squareNames(OLD)).toContain(OLD);
    const row = await myRow(OLD);
    await row.getByRole('button', { name: '下架', exact: true }).click();
    await expect.poll(() => row.locator('[data-listing="unlisted"]').count()).toBe(1);

    expect(await squareNames(OLD)).not.toContain(OLD);
    await author.goto(`${env.appUrl}`);
    await expect.poll(() => author.locator('a.card', { hasText: OLD }).count()).toBe(0);
    await author.goto(`${env.appUrl}detail/${encodeURIComponent(await keyOf(OLD))}`);
    const detailPage = author.locator('article.detail-page', {
      has: author.getByRole('heading', { level: 1, name: OLD }),
    });
    await expect.poll(() => detailPage.getByTestId('detail-unlisted').textContent()).toContain('已下架');

    const again = await myRow(OLD);
    await again.getByRole('button', { name: '重新上架', exact: true }).click();
    await expect.poll(() => again.locator('[data-listing="unlisted"]').count()).toBe(0);
    await expect.poll(() => squareNames(OLD)).toContain(OLD);
  });

  it('deprecates with a replacement: the banner on the detail links to it', async () => {
    const row = await myRow(OLD);
    await row.getByRole('button', { name: '弃用', exact: true }).click();
    const dialog = author.getByRole('dialog', { name: `弃用 ${OLD}` });
    await dialog.getByLabel('给用户的说明').fill('不再维护，请换用新插件。');
    await dialog.getByLabel('替代插件（可选）').fill(await keyOf(NEW));
    await dialog.getByRole('button', { name: '弃用', exact: true }).click();
    await expect.poll(() => row.locator('[data-listing="deprecated"]').count()).toBe(1);

    await author.goto(`${env.appUrl}detail/${encodeURIComponent(await keyOf(OLD))}`);
    const banner = author.locator('article.detail-page').getByRole('note');
    await expect.poll(() => banner.textContent()).toContain('不再维护，请换用新插件。');
    await banner.getByRole('link', { name: `请改用 ${NEW}` }).click();
    await expect.poll(() => author.getByRole('heading', { level: 1, name: NEW }).count()).toBe(1);
  });

  it('deletes after a confirmation naming the plugin', async () => {
    const key = await keyOf(OLD);
    const row = await myRow(OLD);
    await row.getByRole('button', { name: '删除', exact: true }).click();
    const confirm = author.getByRole('alertdialog', { name: `删除 ${OLD}？` });
    await confirm.getByRole('button', { name: '删除', exact: true }).click();
    await expect.poll(() => author.locator('li.submission', { hasText: OLD }).count()).toBe(0);
    const left = await env.server.db.kysely
      .selectFrom('plugin')
      .select('id')
      .where('plugin_key', '=', key)
      .executeTakeFirst();
    expect(left).toBeUndefined();
    expect(await squareNames(NEW)).toContain(NEW);
    expect(pageErrors).toEqual([]);
  });
});
