import { join } from 'node:path';
import { mp4Bytes as mp4, pngBytes as png } from '@plugin-center/test-fakes/media';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  type E2eEnvironment,
  formField,
  squareNames as searchSquare,
  startE2eEnvironment,
  submitLoginPage,
  uniqueManifest,
} from './support';

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const AUTHOR = { email: 'maker@example.com', password: 'maker-password-1', nick: '造物者' };
const NAME = 'Contrast Lens';
const REASON = '封面展示的是另一个产品';

let env: E2eEnvironment;
let author: Page;
let admin: Page;
const pageErrors: string[] = [];

const field = formField;
const fileInput = (p: Page, name: string) => p.locator(`input[type="file"][name="${name}"]`);

/** How many plugins the server's database holds. */
async function plugins(): Promise<number> {
  const row = await env.server.db.kysely
    .selectFrom('plugin')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Fills the required texts of the publish form (version 1.0.0 unless given). */
async function fillTexts(
  p: Page,
  texts: { name: string; intro: string; description: string; version?: string },
) {
  await field(p, 'name').fill(texts.name);
  await field(p, 'intro').fill(texts.intro);
  await field(p, 'description').fill(texts.description);
  await field(p, 'version').fill(texts.version ?? '1.0.0');
  await field(p, 'version_content').fill('x');
}

/** Chooses a real manifest (under an id of its own) as the code file. */
async function chooseManifest(p: Page) {
  await fileInput(p, 'code_file').setInputFiles({
    name: 'manifest.json',
    mimeType: 'application/json',
    buffer: uniqueManifest(),
  });
}

/** The square's search for `keyword`: the names of the cards found. */
const squareNames = (p: Page, keyword: string) => searchSquare(env, p, keyword);

async function openAuditList(status: string) {
  await admin.goto(`${env.appUrl}backstage-index/audit-list`);
  await admin.getByRole('button', { name: status, exact: true }).click();
  return admin.locator('li.submission', { hasText: NAME }).first();
}

/** The administrator approves the pending submission of the test's plugin, at `version`. */
async function approvePending(version: string) {
  const card = await openAuditList('未审核');
  await expect.poll(() => card.textContent()).toContain(version);
  await card.getByRole('button', { name: '通过', exact: true }).click();
  await expect.poll(() => admin.locator('.toast').last().textContent()).toContain('已通过');
}

/** The author opens the edit form of the test's plugin from My plugins, filled in. */
async function openEditForm() {
  await author
    .locator('li.submission', { hasText: NAME })
    .getByRole('link', { name: /编辑/ })
    .first()
    .click();
  await author.waitForURL(/publish-plugin\/edit/);
  await expect.poll(() => field(author, 'name').inputValue()).toBe(NAME);
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
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('publish → reject → resubmit → approve', () => {
  it('publishes a plugin with icon, covers, video and code file', async () => {
    await author.goto(`${env.appUrl}publish-plugin/new`);
    await field(author, 'name').fill(NAME);
    await field(author, 'intro').fill('Checks text contrast against WCAG');
    await field(author, 'description').fill(
      '# Contrast Lens\n\nSelect text layers and read their **contrast ratio**.',
    );
    await field(author, 'version').fill('1.0.0');
    await field(author, 'version_content').fill('First release');
    await fileInput(author, 'icon').setInputFiles({
      name: 'icon.png',
      mimeType: 'image/png',
      buffer: png(32, 32, [79, 70, 229]),
    });
    await fileInput(author, 'cover_center').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: png(320, 180, [20, 160, 120]),
    });
    await fileInput(author, 'cover_panel').setInputFiles({
      name: 'panel.png',
      mimeType: 'image/png',
      buffer: png(320, 180, [200, 90, 40]),
    });
    await fileInput(author, 'video').setInputFiles({
      name: 'demo.mp4',
      mimeType: 'video/mp4',
      buffer: mp4(),
    });
    await chooseManifest(author);
    // Its design tools: the form's choice over the Figma manifest's.
    await author.getByRole('group', { name: '设计工具' }).getByRole('checkbox', { name: 'Penpot' }).check();
    // The chosen images are previewed (object URLs, which the page's CSP allows as blob:).
    await expect
      .poll(() => author.getByAltText('已选文件: 图标').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(32);
    await author.screenshot({ path: join(ARTIFACTS_DIR, 'publish-form.png'), fullPage: true });
    await author.getByRole('button', { name: '提交审核' }).click();
    await author.waitForURL(/\/plugins\/my-plugins/);
    const mine = author.locator('li.submission', { hasText: NAME });
    await expect.poll(() => mine.textContent()).toContain('未审核');
    await author.screenshot({ path: join(ARTIFACTS_DIR, 'my-plugins.png'), fullPage: true });
  });

  it("refuses a renamed executable as the icon: the server's answer shows beside the field, nothing is stored", async () => {
    const before = await plugins();
    await author.goto(`${env.appUrl}publish-plugin/new`);
    await fillTexts(author, {
      name: 'Not Stored',
      intro: 'An executable in disguise',
      description: 'Nothing to see.',
    });
    const exe = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(1000)]);
    await fileInput(author, 'icon').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: exe });
    await chooseManifest(author);
    await author.getByRole('button', { name: '提交审核' }).click();
    await expect
      .poll(() => author.locator('.field-error').allTextContents())
      .toContainEqual('图标必须是 PNG、JPEG、GIF 或 WebP 图片');
    expect(author.url()).toMatch(/publish-plugin\/new/);
    expect(await plugins()).toBe(before);
  });

  it('shows the upload progress; a cancelled upload leaves no plugin and no file behind', async () => {
    const before = { plugins: await plugins(), files: (await env.server.publishing.storage.list()).length };
    await author.goto(`${env.appUrl}publish-plugin/new`);
    await fillTexts(author, {
      name: 'Cancelled Upload',
      intro: 'Never stored',
      description: 'Cancelled half way.',
    });
    await fileInput(author, 'video').setInputFiles({
      name: 'demo.mp4',
      mimeType: 'video/mp4',
      buffer: mp4(),
    });
    await chooseManifest(author);
    // The request is held at the browser's edge (a slow uplink, as the user sees it) until the user
    // cancels; then it is dropped, so the server sees nothing of it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await author.route('**/api/cmt/plugin', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await held;
      await route.abort().catch(() => {});
    });
    const posts: string[] = [];
    author.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/cmt/plugin')) posts.push(r.url());
    });
    await author.getByRole('button', { name: '提交审核' }).click();
    const progress = author.getByRole('progressbar', { name: '上传进度' });
    await expect.poll(() => progress.count()).toBe(1);
    expect(await author.getByRole('status').filter({ hasText: '上传中' }).count()).toBe(1);
    await author.screenshot({ path: join(ARTIFACTS_DIR, 'publish-progress.png') });
    await author.getByRole('button', { name: '取消', exact: true }).click();
    await expect.poll(() => author.locator('.toast').last().textContent()).toContain('已取消上传');
    release();
    await author.unroute('**/api/cmt/plugin');
    // One request only: the Cancel click does not send the form again.
    expect(posts).toHaveLength(1);
    await expect.poll(() => progress.count()).toBe(0);
    expect(author.url()).toMatch(/publish-plugin\/new/);
    await author.waitForTimeout(500);
    expect(await plugins()).toBe(before.plugins);
    expect((await env.server.publishing.storage.list()).length).toBe(before.files);
  });

  it('is not on the square while it waits for review', async () => {
    expect(await squareNames(author, NAME)).not.toContain(NAME);
  });

  it('the administrator rejects it with a reason (required) and the author reads the reason', async () => {
    const card = await openAuditList('未审核');
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.textContent()).toContain('自动检查');
    // Before approval the card previews the listing (open for a new plugin): the intro and the
    // description rendered from its Markdown, as the detail will show them.
    const preview = card.locator('details.audit-preview');
    expect(await preview.getAttribute('open')).not.toBeNull();
    expect(await preview.getByText('Checks text contrast against WCAG', { exact: true }).isVisible()).toBe(
      true,
    );
    expect(
      await preview
        .locator('.markdown')
        .getByRole('heading', { name: 'Contrast Lens', exact: true })
        .isVisible(),
    ).toBe(true);
    expect(await preview.locator('.markdown strong').textContent()).toBe('contrast ratio');
    expect(await preview.getByText('First release', { exact: true }).isVisible()).toBe(true);
    await card.screenshot({ path: join(ARTIFACTS_DIR, 'audit-preview.png') });
    await card.getByRole('button', { name: '驳回', exact: true }).click();
    const dialog = admin.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: '驳回', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.locator('textarea').fill(REASON);
    await confirm.click();
    await expect.poll(() => admin.locator('.toast').last().textContent()).toContain('已驳回');
    await author.goto(`${env.appUrl}my-plugins`);
    const mine = author.locator('li.submission', { hasText: NAME });
    await expect.poll(() => mine.textContent()).toContain(REASON);
    expect(await mine.textContent()).toContain('未通过');
  });

  it('the author edits and resubmits a greater version; the administrator approves it', async () => {
    await openEditForm();
    await field(author, 'version').fill('1.0.1');
    await field(author, 'version_content').fill('A cover of our own');
    await fileInput(author, 'cover_center').setInputFiles({
      name: 'cover2.png',
      mimeType: 'image/png',
      buffer: png(320, 180, [230, 200, 30]),
    });
    await author.getByRole('button', { name: '提交新版本' }).click();
    await author.waitForURL(/\/plugins\/my-plugins/);
    await expect
      .poll(() => author.locator('li.submission', { hasText: NAME }).textContent())
      .toContain('1.0.1');

    await approvePending('1.0.1');
  });

  it('is on the square and searchable; after a second approved version its detail shows both versions', async () => {
    await expect.poll(() => squareNames(author, NAME)).toContain(NAME);
    // A second version, approved too.
    await author.goto(`${env.appUrl}my-plugins`);
    await openEditForm();
    await field(author, 'version').fill('1.1.0');
    await field(author, 'version_content').fill('AAA levels');
    await author.getByRole('button', { name: '提交新版本' }).click();
    await author.waitForURL(/\/plugins\/my-plugins/);
    await approvePending('1.1.0');

    await squareNames(author, NAME);
    // Found by the square's design-tool filter under the tool chosen in the form, not the manifest's.
    const byTool = async (platform: string) =>
      (
        (await (
          await author.request.get(
            `${env.origin}/api/cmt/plugin/list?platform=${platform}&sort=5&page_size=100`,
          )
        ).json()) as { data: { plugin_list: { name: string }[] } }
      ).data.plugin_list.map((p) => p.name);
    expect(await byTool('penpot')).toContain(NAME);
    expect(await byTool('figma')).not.toContain(NAME);
    await author
      .getByRole('list', { name: '插件', exact: true })
      .locator('a.card', { hasText: NAME })
      .first()
      .click();
    const dialog = author.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('1.1.0');
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('1.0.1');
    expect(text).toContain('AAA levels');
    await author.screenshot({ path: join(ARTIFACTS_DIR, 'published-detail.png') });
    // The stored images are served as images that cannot run script.
    const icon = await env.server.db.kysely
      .selectFrom('plugin')
      .select('icon')
      .where('name', '=', NAME)
      .executeTakeFirstOrThrow();
    const response = await author.request.get(`${env.origin}${icon.icon}`);
    expect(response.headers()['content-type']).toBe('image/png');
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['content-security-policy']).toContain('sandbox');
  });

  it('the audit log lists every decision, and no page error happened', async () => {
    await admin.goto(`${env.appUrl}backstage-index/audit-log`);
    const rows = admin.locator('tbody tr', { hasText: /contrast-lens/ });
    await expect.poll(() => rows.count()).toBe(3);
    await admin.screenshot({ path: join(ARTIFACTS_DIR, 'audit-log.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
