import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pngBytes } from '@plugin-center/test-fakes/media';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  type E2eEnvironment,
  serveBuiltExample,
  startE2eEnvironment,
  submitLoginPage,
  uniqueManifest,
} from './support';

const SITE = '/editor-host/';
const USER = { email: 'grace@example.com', password: 'grace-password-1', nick: 'Grace Hopper' };

let env: E2eEnvironment;
let page: Page;
/** The published plugin (with a code file) and a catalogue plugin (without), both default-install. */
const plugins = { published: '', catalogue: '', catalogueName: '' };
/** Statuses of the page's calls of the editor list, in order. */
const listStatuses: number[] = [];

/** The published plugin's manifest: a real one of the catalogue, under an id of its own. */
const MANIFEST = uniqueManifest();
/** The manifest's bytes. */
const manifestBytes = (): Buffer => MANIFEST;

/** A bearer session for a new account of `role` (0 user, 2 general admin), made by the server itself. */
async function session(email: string, role: 0 | 2): Promise<string> {
  const account = await env.server.identity.createAccount({ email, password: 'setup-password-1', role });
  return (await env.server.identity.startSession(account.id)).access_token;
}

/** Publishes a plugin through the real publish route (multipart) and approves it as an administrator. */
async function publishApproved(): Promise<string> {
  const author = await session('author@example.com', 0);
  const admin = await session('admin@example.com', 2);
  const form = new FormData();
  const fields: Record<string, string> = {
    name: 'Design Lint',
    intro: 'Finds missing styles in your designs',
    description: 'Design Lint finds **missing styles** across your frames.',
    version: '1.0.0',
    version_content: 'First release',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('tags', 'accessibility');
  form.append(
    'icon',
    new Blob([new Uint8Array(pngBytes(32, 32, [40, 90, 200]))], { type: 'image/png' }),
    'icon.png',
  );
  form.append(
    'code_file',
    new Blob([new Uint8Array(manifestBytes())], { type: 'application/json' }),
    'manifest.json',
  );
  const body = new Response(form);
  const published = await env.server.inject({
    method: 'POST',
    url: '/api/cmt/plugin',
    headers: { authorization: `Bearer ${author}`, 'content-type': body.headers.get('content-type')! },
    payload: Buffer.from(await body.arrayBuffer()),
  });
  expect(published.statusCode, published.body).toBe(200);
  const key = (JSON.parse(published.body) as { data: { plugin_key: string } }).data.plugin_key;
  const approved = await env.server.inject({
    method: 'POST',
    url: '/api/cmt/plugin/audit/status',
    headers: { authorization: `Bearer ${admin}` },
    payload: { plugin_key: key, status: 2 },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return key;
}

/**
 * An administrator (the account `publishApproved` made) signs in on the real login page in a browser
 * context of their own, opens /backstage-index/recommendation and makes `chosen` default-install
 * through the "设为默认安装" search (the page's `PUT /api/cmt/plugin/silent_install`); waits until the
 * section lists them all, then closes that context.
 */
async function setDefaultInstalls(chosen: { plugin_key: string; name: string }[]): Promise<void> {
  const { context, page: admin } = await env.newPage();
  const errors: string[] = [];
  admin.on('pageerror', (error) => errors.push(error.message));
  await admin.goto(`${env.appUrl}backstage-index/recommendation`);
  await submitLoginPage(admin, { email: 'admin@example.com', password: 'setup-password-1' });
  await admin.waitForURL(/\/backstage-index\/recommendation/);
  const picker = admin
    .locator('.bo-picker')
    .filter({ has: admin.locator('label', { hasText: /^设为默认安装$/ }) });
  for (const plugin of chosen) {
    await picker.locator('input[type="search"]').fill(plugin.name);
    const choice = picker.locator('.bo-picker-list button', { hasText: plugin.plugin_key });
    await choice.click();
    await expect
      .poll(() => admin.locator('.toast').allTextContents())
      .toContain(`${plugin.name} 已设为默认安装`);
  }
  const rows = admin.getByTestId('silent-row');
  await expect.poll(() => rows.count()).toBe(chosen.length);
  for (const plugin of chosen) expect(await rows.filter({ hasText: plugin.name }).count()).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
}

/** The page's session area and plugin list. */
const sessionArea = (p: Page) => p.locator('#session');
const listed = (p: Page) => p.locator('#plugins li.plugin');

beforeAll(async () => {
  env = await startE2eEnvironment({}, [
    // The built page (examples/editor-host/dist) on the server's own origin, as a static folder.
    serveBuiltExample('editor-host', SITE),
  ]);
  plugins.published = await publishApproved();
  const catalogue = await env.server.db.kysely
    .selectFrom('plugin')
    .select(['plugin_key', 'name'])
    .where('review_status', '=', 2)
    .where('code_file', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  plugins.catalogue = catalogue.plugin_key;
  plugins.catalogueName = catalogue.name;
  ({ page } = await env.newPage({ viewport: { width: 1100, height: 1000 } }));
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/cmt/plugin/user/editor') listStatuses.push(r.status());
  });
}, 60_000);

afterAll(async () => {
  await env?.close();
});

describe('the editor host: a new user signs up and gets the default plugins', () => {
  let frame: Frame;

  it('an administrator makes both plugins default-install in the back office', async () => {
    // The back office's default-install section (`PUT /api/cmt/plugin/silent_install` behind it).
    await setDefaultInstalls([
      { plugin_key: plugins.published, name: 'Design Lint' },
      { plugin_key: plugins.catalogue, name: plugins.catalogueName },
    ]);
    const flagged = await env.server.db.kysely
      .selectFrom('plugin')
      .select('plugin_key')
      .where('is_default_install', '=', 1)
      .orderBy('plugin_key')
      .execute();
    expect(flagged.map((p) => p.plugin_key)).toEqual([plugins.published, plugins.catalogue].sort());
  });

  it('a visitor sees Sign in and no plugin list', async () => {
    await page.goto(`${env.origin}${SITE}`);
    await expect.poll(() => sessionArea(page).getByRole('button', { name: 'Sign in' }).count()).toBe(1);
    expect(await page.locator('#plugins-section').isHidden()).toBe(true);
    expect(listStatuses).toEqual([]);
  });

  it('signs up on the Plugin Center login page and lists the default plugins', async () => {
    await sessionArea(page).getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/user\/login\/\?.*page=sign_up/);
    expect(new URL(page.url()).searchParams.get('product')).toBe('editor-host');
    await submitLoginPage(page, USER, (url) => url.pathname === SITE);
    await expect.poll(() => sessionArea(page).locator('.session-name').textContent()).toBe(USER.nick);

    await expect.poll(() => listed(page).count(), { timeout: 10_000 }).toBe(2);
    const published = page.locator(`#plugins li[data-plugin-key="${plugins.published}"]`);
    const catalogue = page.locator(`#plugins li[data-plugin-key="${plugins.catalogue}"]`);
    expect(await published.locator('.plugin-name').textContent()).toBe('Design Lint');
    expect(await published.locator('.plugin-version').textContent()).toBe('v1.0.0');
    // Installed at sign-up: the account-creation hook of the silent install (curation) writes the
    // install rows in the transaction that creates the account, so the list says "installed".
    expect(await published.getAttribute('data-source')).toBe('installed');
    expect(await published.locator('img').getAttribute('src')).toMatch(
      /^\/api\/cmt\/file\/[0-9a-f]{64}\.png$/,
    );
    expect(await catalogue.locator('.plugin-name').textContent()).toBe(plugins.catalogueName);
    expect(await catalogue.getByRole('button', { name: /^Run / }).isDisabled()).toBe(true);
    expect(listStatuses).toEqual([200]);
    // The new user's install rows are exactly the two default plugins, written when the account was made.
    const user = await env.server.db.kysely
      .selectFrom('user_account')
      .select('id')
      .where('email', '=', USER.email)
      .executeTakeFirstOrThrow();
    const installed = await env.server.db.kysely
      .selectFrom('plugin_install as i')
      .innerJoin('plugin as p', 'p.id', 'i.plugin_id')
      .select('p.plugin_key')
      .where('i.user_id', '=', user.id)
      .orderBy('p.plugin_key')
      .execute();
    expect(installed.map((r) => r.plugin_key)).toEqual([plugins.published, plugins.catalogue].sort());
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'editor-host-plugins.png') });
  });

  it('checks for updates with a conditional GET: 304 while nothing changed', async () => {
    await page.getByRole('button', { name: 'Check for updates' }).click();
    await expect.poll(() => page.locator('#plugins-status').getAttribute('data-last-status')).toBe('304');
    expect(listStatuses).toEqual([200, 304]);
    expect(await listed(page).count()).toBe(2);
  });

  it('runs the plugin in a sandboxed iframe with a strict CSP, showing its manifest', async () => {
    await page.getByRole('button', { name: 'Run Design Lint' }).click();
    const iframe = page.locator('#frame-box iframe');
    await expect.poll(() => iframe.count()).toBe(1);
    expect(await iframe.getAttribute('sandbox')).toBe('allow-scripts');
    const srcdoc = (await iframe.getAttribute('srcdoc')) ?? '';
    expect(srcdoc).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline';`,
    );
    const handle = await iframe.elementHandle();
    frame = (await handle!.contentFrame())!;
    expect(frame).toBeTruthy();
    await expect.poll(() => frame.locator('#name').textContent(), { timeout: 10_000 }).toBe('Design Lint');
    expect(await frame.locator('#version').textContent()).toBe('Version 1.0.0');
    expect(await frame.locator('#main-script').textContent()).toBe('dist/code.js');
    expect(JSON.parse((await frame.locator('#raw').textContent()) ?? 'null')).toEqual(
      JSON.parse(manifestBytes().toString('utf8')),
    );
    // It ran because the version's signature and its two files (code file, icon) checked out.
    const check = page.locator('#runner-check');
    expect(await check.getAttribute('data-state')).toBe('verified');
    expect(await check.textContent()).toMatch(
      /^Verified: version 1\.0\.0 is signed by Plugin Center \(key [A-Za-z0-9_-]{43}\) and its 2 files match\.$/,
    );
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'editor-host-running.png') });
  });

  it('keeps the plugin away from the host page: opaque origin, same-origin access throws, no network', async () => {
    expect(await frame.locator('#isolation').textContent()).toBe(
      'Isolated: reading the host page throws SecurityError',
    );
    const probe = await frame.evaluate(async () => {
      const out: Record<string, string> = { origin: window.origin };
      try {
        out.parent = String(window.parent.document.title);
      } catch (error) {
        out.parent = (error as Error).name;
      }
      try {
        out.storage = String(window.parent.localStorage.length);
      } catch (error) {
        out.storage = (error as Error).name;
      }
      try {
        out.ownStorage = String(window.localStorage.length);
      } catch (error) {
        out.ownStorage = (error as Error).name;
      }
      try {
        await fetch('/api/cmt/plugin/list');
        out.fetch = 'allowed';
      } catch (error) {
        out.fetch = (error as Error).name;
      }
      return out;
    });
    expect(probe).toEqual({
      origin: 'null',
      parent: 'SecurityError',
      storage: 'SecurityError',
      ownStorage: 'SecurityError',
      fetch: 'TypeError',
    });
  });

  it('bridges notify to the host, ignores messages of the wrong shape, and closes on close', async () => {
    await frame.getByRole('button', { name: 'Send a notification' }).click();
    await expect
      .poll(() => page.locator('#notifications li').allTextContents())
      .toEqual(['Design Lint: Hello from Design Lint']);
    // Messages that are not in the bridge's shapes, or not from the plugin's window, are ignored.
    await frame.evaluate(() => {
      const bridge = 'plugin-center-editor/1';
      window.parent.postMessage({ bridge, type: 'notify', message: 'x'.repeat(201) }, '*');
      window.parent.postMessage({ bridge, type: 'notify', message: 'hi', extra: 1 }, '*');
      window.parent.postMessage({ bridge: 'other/1', type: 'close' }, '*');
      window.parent.postMessage('close', '*');
    });
    await page.evaluate(() =>
      window.postMessage({ bridge: 'plugin-center-editor/1', type: 'notify', message: 'forged' }, '*'),
    );
    await page.waitForTimeout(300);
    expect(await page.locator('#notifications li').count()).toBe(1);
    expect(await page.locator('#frame-box iframe').count()).toBe(1);

    await frame.getByRole('button', { name: 'Close plugin' }).click();
    await expect.poll(() => page.locator('#frame-box iframe').count()).toBe(0);
    expect(await page.locator('#runner-title').textContent()).toBe('Design Lint closed');
  });
});

describe('the editor host refuses a version whose bytes or signature do not match', () => {
  /** Runs the published plugin and waits for the signature check's outcome. */
  async function run(): Promise<{ state: string | null; text: string | null }> {
    const check = page.locator('#runner-check');
    await page.getByRole('button', { name: 'Run Design Lint' }).click();
    await expect.poll(() => page.locator('#runner-title').textContent()).not.toBe('Checking Design Lint');
    return { state: await check.getAttribute('data-state'), text: await check.textContent() };
  }

  it('refuses a code file changed in the storage, naming the file and both digests', async () => {
    const row = await env.server.db.kysely
      .selectFrom('plugin')
      .select('code_file')
      .where('plugin_key', '=', plugins.published)
      .executeTakeFirstOrThrow();
    const path = join((env.server.publishing.storage as unknown as { dir: string }).dir, row.code_file!);
    const original = await readFile(path);
    // One byte more (a space after the JSON): still a valid manifest, no longer the approved one.
    await writeFile(path, Buffer.concat([original, Buffer.from(' ')]));
    try {
      const outcome = await run();
      expect(outcome.state).toBe('refused');
      expect(outcome.text).toMatch(
        new RegExp(
          `^Refused to load Design Lint 1\\.0\\.0: the code file of ${plugins.published} 1\\.0\\.0 does not match its signature: its SHA-256 is [0-9a-f]{64}, the signed one [0-9a-f]{64}\\. It may have been tampered with; it was not run\\.$`,
        ),
      );
      expect(await page.locator('#runner-check').getAttribute('role')).toBe('alert');
      expect(await page.locator('#runner-title').textContent()).toBe('Design Lint was not loaded');
      expect(await page.locator('#frame-box iframe').count()).toBe(0);
      await page.screenshot({ path: join(ARTIFACTS_DIR, 'editor-host-refused.png') });
    } finally {
      await writeFile(path, original);
    }
  });

  it('refuses a changed signature, then runs the version again once it is restored', async () => {
    const version = await env.server.db.kysely
      .selectFrom('plugin_version as v')
      .innerJoin('plugin as p', 'p.id', 'v.plugin_id')
      .select(['v.id', 'v.signature'])
      .where('p.plugin_key', '=', plugins.published)
      .executeTakeFirstOrThrow();
    const signature = version.signature!;
    const last = signature.at(-2) === 'A' ? 'B' : 'A';
    const setSignature = (value: string) =>
      env.server.db.kysely
        .updateTable('plugin_version')
        .set({ signature: value })
        .where('id', '=', version.id)
        .execute();
    await setSignature(`${signature.slice(0, -2)}${last}${signature.slice(-1)}`);
    try {
      await page.getByRole('button', { name: 'Check for updates' }).click();
      await expect.poll(() => page.locator('#plugins-status').getAttribute('data-last-status')).toBe('200');
      const outcome = await run();
      expect(outcome.state).toBe('refused');
      expect(outcome.text).toContain(
        `Refused to load Design Lint 1.0.0: the signature of ${plugins.published} 1.0.0 does not verify with key `,
      );
      expect(await page.locator('#frame-box iframe').count()).toBe(0);
    } finally {
      await setSignature(signature);
    }
    await page.getByRole('button', { name: 'Check for updates' }).click();
    await expect.poll(() => page.locator('#plugins-status').getAttribute('data-last-status')).toBe('200');
    expect((await run()).state).toBe('verified');
    await expect.poll(() => page.locator('#frame-box iframe').count()).toBe(1);
  });
});
