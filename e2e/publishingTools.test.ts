/**
 * The publishing tools in real Chromium against the real server and the built app: a
 * personal access token created on the tokens page and used by the built `plugin-center publish`
 * command (a child process, as CI would run it), the plugin then in My plugins; the batch upload
 * page (records that fail reported as 'Plugin parsing failed', a zip bomb refused); the owners page
 * giving an imported plugin to that account, which then finds it in My plugins.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { pngBytes } from '@plugin-center/test-fakes/media';
import { strToU8, zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  type E2eEnvironment,
  startE2eEnvironment,
  submitLoginPage,
  uniqueManifest,
} from './support';

const CLI = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'server', 'dist', 'cli.js');
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const MAKER = { email: 'ci-maker@example.com', password: 'maker-password-1', nick: '工匠' };

let env: E2eEnvironment;
let maker: Page;
let admin: Page;
let folder: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  env = await startE2eEnvironment({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  ({ page: maker } = await env.newPage());
  ({ page: admin } = await env.newPage());
  for (const p of [maker, admin]) p.on('pageerror', (error) => pageErrors.push(error.message));
  await maker.goto(`${env.appUrl}my-plugins/tokens`);
  await maker.waitForURL(/\/user\/login\//);
  await maker.goto(`${maker.url()}&page=sign_up`);
  await submitLoginPage(maker, MAKER);
  await admin.goto(`${env.appUrl}backstage-index`);
  await submitLoginPage(admin, ADMIN);
  folder = await mkdtemp(join(tmpdir(), 'plugin-center-cli-'));
  await writeFile(join(folder, 'manifest.json'), uniqueManifest());
  await writeFile(join(folder, 'icon.png'), pngBytes(32, 32, [30, 120, 90]));
  await writeFile(join(folder, 'README.md'), '# CI Lint\n\nPublished from a terminal.');
  await writeFile(
    join(folder, 'plugin-center.json'),
    JSON.stringify({
      name: 'CI Lint',
      intro: 'Published by CI',
      version: '1.0.0',
      version_content: 'From CI',
      icon: 'icon.png',
      tags: ['lint'],
    }),
  );
}, 120_000);

afterAll(async () => {
  await env?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('personal access token → plugin-center publish', () => {
  it('creates a token on the tokens page, shown once, and the built CLI publishes with it', async () => {
    await maker.goto(`${env.appUrl}my-plugins/tokens`);
    await maker.getByLabel('名称').fill('GitHub Actions');
    await maker.getByRole('button', { name: '创建令牌' }).click();
    const fresh = maker.getByTestId('new-token');
    await expect.poll(() => fresh.count()).toBe(1);
    const token = await fresh.locator('input[readonly], textarea[readonly]').first().inputValue();
    expect(token).toMatch(/^pcpat_[A-Za-z0-9_-]{43}$/);
    await maker.screenshot({ path: join(ARTIFACTS_DIR, 'tokens.png'), fullPage: true });
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [CLI, 'publish', folder, '--server', env.origin],
      {
        env: { ...process.env, PLUGIN_CENTER_TOKEN: token },
      },
    );
    expect(stdout).toMatch(/^Published CI Lint 1\.0\.0 as ci-lint-[0-9a-f]{10}: waiting for review/);
    await maker.goto(`${env.appUrl}my-plugins`);
    await expect
      .poll(() => maker.locator('li.submission', { hasText: 'CI Lint' }).textContent())
      .toContain('未审核');
    // The list shows when the token was last used, never the token itself.
    await maker.goto(`${env.appUrl}my-plugins/tokens`);
    const row = maker.getByTestId('token-list').locator('tr', { hasText: 'GitHub Actions' });
    await expect.poll(() => row.textContent()).not.toContain('从未使用');
    expect(await maker.content()).not.toContain(token);
  });
});

describe('batch upload and owners', () => {
  const record = (name: string) => ({
    name,
    intro: `${name} intro`,
    description: `${name} description`,
    author: 'Batch House',
    tags: ['batch'],
    repo_url: `https://github.com/example/${name.toLowerCase().replace(/\W+/g, '-')}`,
    license: 'MIT',
    source: 'e2e',
    platforms: ['figma'],
    kind: 'plugin',
    homepage: null,
    figma_plugin_id: null,
    updated_at: null,
    created_at: null,
  });

  async function upload(name: string, bytes: Uint8Array) {
    await admin.goto(`${env.appUrl}backstage-index/batch-upload`);
    await admin
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
    await admin.getByRole('button', { name: '上传', exact: true }).click();
  }

  it('imports the good records of a file and lists each bad one as "Plugin parsing failed"', async () => {
    await upload(
      'plugins.json',
      strToU8(JSON.stringify([record('Batch One'), { name: 7 }, record('Batch Two')])),
    );
    const result = admin.getByTestId('batch-result');
    await expect.poll(() => result.textContent()).toContain('插件解析失败');
    const text = (await result.textContent()) ?? '';
    expect(text).toMatch(/新增\s*2/);
    expect(text).toContain('plugins.json #2');
    await admin.screenshot({ path: join(ARTIFACTS_DIR, 'batch-upload.png'), fullPage: true });
  });

  it('refuses a zip bomb with a clear message', async () => {
    await upload('bomb.zip', zipSync({ 'plugins.json': new Uint8Array(20 * 1024 * 1024) }, { level: 9 }));
    await expect
      .poll(() => admin.getByTestId('batch-error').textContent())
      .toContain('inflates to more than 16 MiB');
  });

  it('gives an imported plugin to the CI account, which then finds it in My plugins', async () => {
    const imported = await env.server.db.kysely
      .selectFrom('plugin')
      .select(['plugin_key', 'name'])
      .where('owner_id', 'is', null)
      .where('review_status', '=', 2)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await admin.goto(`${env.appUrl}backstage-index/owners`);
    await admin.getByLabel('插件标识').fill(imported.plugin_key);
    await admin.getByLabel('账号邮箱').fill(MAKER.email);
    await admin.getByRole('button', { name: '交给此账号' }).click();
    await expect.poll(() => admin.getByTestId('owner-result').textContent()).toContain(MAKER.nick);
    await maker.goto(`${env.appUrl}my-plugins`);
    await expect.poll(() => maker.locator('li.submission', { hasText: imported.name }).count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
