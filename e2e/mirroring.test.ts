/**
 * Mirroring in real Chromium against two real servers: an upstream Plugin Center (the server on a
 * port of its own, SQLite, no catalogue; a plugin published and approved in two versions through its
 * HTTP API) and the mirror (the e2e environment with `UPSTREAM_URL` pointing at it, automatic pulls
 * off, serving the built app). An administrator opens the back office's Mirroring page: it names
 * the upstream, says nothing was pulled and that automatic pulls are off; "Pull now" toasts that the
 * pull finished and the page shows the last pull (1 added, no failure) and 1 mirrored plugin. A
 * visitor's detail page of the mirrored plugin names the upstream under Details and marks both
 * versions signed, the mirror's JWKS answering the upstream's key. axe-core finds no serious or
 * critical violation on either page; no page errors.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig } from '@plugin-center/server';
import { callServer, multipart, publishFields, signInOverHttp } from '@plugin-center/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  axeFindings,
  type E2eEnvironment,
  startE2eEnvironment,
  submitLoginPage,
} from './support';

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const NAME = 'Mirrored Palette';

let upstream: Awaited<ReturnType<typeof buildApp>>;
let upstreamDir: string;
let upstreamOrigin: string;
let env: E2eEnvironment;
let key: string;
const pageErrors: string[] = [];

/** Publishes `fields` on the upstream as its administrator (a new version when `plugin_key` is given) and approves it. */
async function publishAndApprove(token: string, fields: Record<string, string>): Promise<string> {
  const { payload, headers } = await multipart(
    publishFields({
      name: NAME,
      tags: ['color'],
      ...fields,
    }),
  );
  const res = await fetch(`${upstreamOrigin}/api/cmt/plugin`, {
    method: fields.plugin_key ? 'PUT' : 'POST',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: new Uint8Array(payload),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const published = (JSON.parse(text) as { data: { plugin_key: string } }).data.plugin_key;
  const approved = await callServer(upstreamOrigin, 'POST', '/api/cmt/plugin/audit/status', {
    token,
    body: { plugin_key: published, status: 2 },
  });
  expect(approved.status, JSON.stringify(approved.data)).toBe(200);
  return published;
}

beforeAll(async () => {
  upstreamDir = await mkdtemp(join(tmpdir(), 'plugin-center-e2e-upstream-'));
  upstream = await buildApp(
    loadConfig({
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: upstreamDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      IMPORT_CATALOGUE_ON_EMPTY: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }),
    { announce: () => {} },
  );
  await upstream.listen({ host: '127.0.0.1', port: 0 });
  const address = upstream.server.address();
  if (!address || typeof address === 'string') throw new Error('the upstream has no TCP address');
  upstreamOrigin = `http://127.0.0.1:${address.port}`;
  const token = (await signInOverHttp(upstreamOrigin, ADMIN.email, ADMIN.password)).access;
  key = await publishAndApprove(token, { version: '1.0.0', version_content: 'First release' });
  await publishAndApprove(token, { plugin_key: key, version: '1.1.0', version_content: 'Faster contrast' });
  env = await startE2eEnvironment({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    UPSTREAM_URL: upstreamOrigin,
    MIRROR_PULL_MINUTES: '0',
  });
}, 180_000);

afterAll(async () => {
  await env?.close();
  await upstream?.close();
  if (upstreamDir) await rm(upstreamDir, { recursive: true, force: true });
});

async function open(path: string): Promise<Page> {
  const { page } = await env.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${env.appUrl}${path}`);
  return page;
}

describe('mirroring, in the browser', () => {
  it('an administrator pulls now on the Mirroring page; the mirrored plugin names its upstream and its signed versions', async () => {
    const admin = await open('backstage-index/mirroring');
    await submitLoginPage(admin, ADMIN);
    const settings = admin.getByTestId('mirror-settings');
    await settings.waitFor();
    expect(await settings.textContent()).toContain(upstreamOrigin);
    expect(await settings.textContent()).toContain('关闭'); // automatic pulls: off
    await admin.getByText('尚未拉取').waitFor(); // no pull yet
    expect(await axeFindings(admin)).toEqual([]);

    await admin.getByRole('button', { name: '立即拉取' }).click();
    await admin.getByText('拉取完成').first().waitFor(); // the toast
    const last = admin.getByTestId('last-pull');
    await expect.poll(() => last.textContent()).toContain('新增 1，更新 0，撤下 0，失败 0');
    expect(await last.textContent()).toContain(upstreamOrigin);
    expect(await settings.textContent()).toMatch(/镜像插件数\s*1/);
    expect(await admin.getByRole('alert').count()).toBe(0);
    expect(await axeFindings(admin)).toEqual([]);
    await admin.screenshot({ path: join(ARTIFACTS_DIR, 'mirroring-pulled.png'), fullPage: true });

    // A visitor of the mirror: the plugin as the upstream published it, with where it comes from.
    const visitor = await open(`detail/${encodeURIComponent(key)}`);
    await visitor.locator('article.detail-page h1').waitFor();
    expect(await visitor.locator('article.detail-page h1').textContent()).toBe(NAME);
    expect(await visitor.getByText('镜像来源').count()).toBe(1);
    expect(
      await visitor
        .getByRole('link', { name: upstreamOrigin.replace(/^http:\/\//, '') })
        .getAttribute('href'),
    ).toBe(upstreamOrigin);
    const versions = visitor.locator('ol.versions > li');
    await expect.poll(() => versions.count()).toBe(2);
    expect(await versions.locator('strong').allTextContents()).toEqual(['1.1.0', '1.0.0']);
    expect(await visitor.locator('ol.versions .version-signed').count()).toBe(2);
    // The mark's title names the key, which the mirror's JWKS answers (the upstream's key).
    const title = (await visitor.locator('ol.versions .version-signed').first().getAttribute('title')) ?? '';
    const jwks = (await (await fetch(`${env.origin}/.well-known/plugin-center/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    expect(jwks.keys.some((k) => title.includes(k.kid))).toBe(true);
    expect(await axeFindings(visitor)).toEqual([]);
    await visitor.screenshot({ path: join(ARTIFACTS_DIR, 'mirrored-detail.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
