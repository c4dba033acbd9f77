/**
 * A plugin's earlier versions on a mirror, through two real servers on SQLite and PostgreSQL: the
 * upstream's feed carries each plugin's earlier signed versions beside the current one; a pull
 * stores all of them, each verified (its signature against the upstream's JWKS, its files' SHA-256)
 * before anything of it is stored, and the mirror's version history and `plugin-center verify`
 * answer them; a pull that finds them held downloads nothing; a mirror that pulled from an upstream
 * without earlier versions gains them later, downloading only their own files; a changed file of an
 * earlier version fails that version alone; a forged or NUL-bearing earlier version fails alone; a
 * bundle carries them and an import stores them; the file route serves an earlier version's code
 * file but never a rejected submission's; a mirror's own feed carries no earlier version of a
 * plugin it mirrors.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MirrorChanges, MirrorVersionChange, PluginDetail } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MirrorConfig } from '../config/mirror';
import { runVerifyCommand } from '../signatures/verifyCommand';
import { body, createTestApp, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { pngBytes, publishFields } from '../testing/testFiles';
import { pluginRows, proxyUpstream, startTestMirror } from '../testing/testMirror';
import { createPublishingSession } from '../testing/testPublishing';
import { runImportBundleCommand } from './bundle';
import { runExportCommand } from './bundleExport';

const session = createPublishingSession();
const { json, publishAndApprove } = session;
let up: TestApp;
let origin = '';
const apps: TestApp[] = [];
const servers: Server[] = [];

/** Publishes and approves a plugin in three versions, 1.0.0 (its own icon), 1.1.0 and 1.2.0. */
async function threeVersions(name: string): Promise<string> {
  const key = await publishAndApprove({
    name,
    version_content: 'First release',
    icon: { bytes: pngBytes(32, 32, [5, 6, 7]), name: 'i.png', type: 'image/png' },
  });
  await publishAndApprove({ plugin_key: key, name, version: '1.1.0', version_content: 'Faster' });
  await publishAndApprove({ plugin_key: key, name, version: '1.2.0', version_content: 'Dark mode' });
  return key;
}

/** The storage key of the code file submitted as `version` of `key` upstream. */
async function codeFileOf(key: string, version: string): Promise<string> {
  const row = await up.app.db.kysely
    .selectFrom('plugin_submission as s')
    .innerJoin('plugin as p', 'p.id', 's.plugin_id')
    .select('s.code_file')
    .where('p.plugin_key', '=', key)
    .where('s.version', '=', version)
    .executeTakeFirstOrThrow();
  return row.code_file!;
}

/** The upstream through a proxy: counts file downloads, and `edit` may change each feed page. */
async function watchedUpstream(edit?: (change: MirrorVersionChange) => void) {
  const downloads: string[] = [];
  const url = await proxyUpstream(origin, servers, async (path) => {
    if (path.startsWith('/api/cmt/mirror/file/')) downloads.push(path.split('/').pop()!);
    if (!edit || !path.startsWith('/api/cmt/mirror/changes')) return undefined;
    const page = (await (await fetch(`${origin}${path}`)).json()) as { code: number; data: MirrorChanges };
    for (const change of page.data.changes) if (change.kind === 'version') edit(change);
    return { body: JSON.stringify(page) };
  });
  return { url, downloads };
}

const startMirror = (from: string, overrides: Partial<MirrorConfig> = {}) =>
  startTestMirror(from, apps, overrides);

/** `plugin-center verify <key> <version>` on a server: its exit code and output. */
async function verify(m: TestApp, key: string, version: string, ...args: string[]) {
  let said = '';
  const code = await runVerifyCommand(m.config, [key, version, ...args], {
    out: (text) => (said += text),
    err: (text) => (said += text),
  });
  return { code, said };
}

const history = async (m: TestApp, key: string) =>
  body<{ data: PluginDetail }>(await m.app.inject({ url: `/api/cmt/plugin?plugin_key=${key}` })).data
    .versions;

describe(`earlier versions on a mirror (${TEST_DIALECT})`, () => {
  let key = '';

  beforeAll(async () => {
    ({ t: up } = await session.start('local'));
    await up.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(up.app.server.address() as AddressInfo).port}`;
    key = await threeVersions('Three Versions');
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) server.close();
    for (const m of apps) await m.close();
    await session.close();
  });

  it('carries the earlier signed versions in the feed, newest first, beside the current one', async () => {
    const page = (await (await fetch(`${origin}/api/cmt/mirror/changes?limit=500`)).json()) as {
      data: MirrorChanges;
    };
    const change = page.data.changes.find((c) => c.plugin_key === key) as MirrorVersionChange;
    expect(change.version).toBe('1.2.0');
    const upstream = (await pluginRows(up, key)).versions;
    const signatureOf = (version: string) => upstream.find((v) => v.version === version)!.signature;
    expect(change.earlier_versions).toEqual([
      {
        version: '1.1.0',
        version_content: 'Faster',
        approved_at: expect.any(Number),
        signature: { kid: expect.any(String), jws: signatureOf('1.1.0') },
      },
      {
        version: '1.0.0',
        version_content: 'First release',
        approved_at: expect.any(Number),
        signature: { kid: expect.any(String), jws: signatureOf('1.0.0') },
      },
    ]);
  });

  it('pulls every version, verified; the history and `verify` answer them; a second pull downloads nothing', async () => {
    const { url, downloads } = await watchedUpstream();
    const m = await startMirror(url, { allowKeys: [key] });
    const result = await m.app.mirror.pull();
    expect(result).toMatchObject({ added: 1, updated: 0, failed: 0, failures: [], error: null });
    const upstream = await history(up, key);
    const mirrored = await history(m, key);
    expect(mirrored.map((v) => v.version)).toEqual(['1.2.0', '1.1.0', '1.0.0']);
    expect(mirrored).toEqual(upstream);
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) {
      const checked = await verify(m, key, version);
      expect(checked.code, checked.said).toBe(0);
      expect(checked.said).toMatch(new RegExp(`^OK: ${key} ${version} is signed by key `));
    }
    // Its own feed carries only the current version of a plugin it mirrors (it serves no earlier code file).
    const own = body<{ data: MirrorChanges }>(await m.app.inject({ url: '/api/cmt/mirror/changes' }));
    expect(own.data.changes.find((c) => c.plugin_key === key)).toMatchObject({
      version: '1.2.0',
      earlier_versions: [],
    });
    // Each distinct file once: the three code files, both icons, the shared cover, video and image.
    expect(new Set(downloads).size).toBe(downloads.length);
    expect(downloads).toEqual(
      expect.arrayContaining([
        await codeFileOf(key, '1.0.0'),
        await codeFileOf(key, '1.1.0'),
        await codeFileOf(key, '1.2.0'),
      ]),
    );
    // From the start again: every version is held with its signature, nothing is downloaded.
    const before = downloads.length;
    await m.app.mirror.resetCursor();
    expect(await m.app.mirror.pull()).toMatchObject({ added: 0, updated: 0, unchanged: 1, failed: 0 });
    expect(downloads).toHaveLength(before);
    expect((await pluginRows(m, key)).versions).toHaveLength(3);
  }, 60_000);

  it('takes a change without earlier versions, and gains them later with only their own files', async () => {
    let old = true;
    const { url, downloads } = await watchedUpstream((change) => {
      if (old) delete change.earlier_versions;
    });
    const m = await startMirror(url, { allowKeys: [key] });
    expect(await m.app.mirror.pull()).toMatchObject({ added: 1, failed: 0, error: null });
    expect((await history(m, key)).map((v) => v.version)).toEqual(['1.2.0']);
    const current = new Set(downloads);
    downloads.length = 0;
    old = false;
    await m.app.mirror.resetCursor();
    // The history grew: the plugin counts as updated.
    expect(await m.app.mirror.pull()).toMatchObject({ added: 0, updated: 1, failed: 0, error: null });
    expect((await history(m, key)).map((v) => v.version)).toEqual(['1.2.0', '1.1.0', '1.0.0']);
    // Only what the earlier versions do not share with the current one: two code files, one icon.
    expect(downloads.filter((file) => current.has(file))).toEqual([]);
    expect(downloads).toHaveLength(3);
    expect(downloads).toEqual(
      expect.arrayContaining([await codeFileOf(key, '1.0.0'), await codeFileOf(key, '1.1.0')]),
    );
    expect(downloads.filter((file) => file.endsWith('.png'))).toHaveLength(1);
  }, 60_000);

  it('fails only the earlier version whose file was changed upstream, and stores nothing of it', async () => {
    const tampered = await threeVersions('Tampered Early');
    const file = await codeFileOf(tampered, '1.0.0');
    const path = join(up.config.dataDir, 'uploads', file);
    const original = await readFile(path);
    await writeFile(path, Buffer.from('{"changed":true}\n'));
    try {
      const m = await startMirror(origin, { allowKeys: [tampered] });
      const result = await m.app.mirror.pull();
      expect(result).toMatchObject({ added: 1, failed: 1, error: null });
      expect(result.failures).toEqual([
        {
          plugin_key: tampered,
          version: '1.0.0',
          reason: expect.stringMatching(/^the code file of .* 1\.0\.0 does not match its signature/),
        },
      ]);
      expect((await history(m, tampered)).map((v) => v.version)).toEqual(['1.2.0', '1.1.0']);
      expect(await m.app.publishing.storage.get(file)).toBeUndefined();
      expect((await verify(m, tampered, '1.0.0')).code).toBe(1);
      // Put back upstream: the next look at the plugin stores it.
      await writeFile(path, original);
      await m.app.mirror.resetCursor();
      expect(await m.app.mirror.pull()).toMatchObject({ updated: 1, failed: 0 });
      expect((await history(m, tampered)).map((v) => v.version)).toEqual(['1.2.0', '1.1.0', '1.0.0']);
      expect((await verify(m, tampered, '1.0.0')).code).toBe(0);
    } finally {
      await writeFile(path, original);
    }
  }, 60_000);

  it('fails a forged or NUL-bearing earlier version alone, and refuses more than the cap', async () => {
    const { url } = await watchedUpstream((change) => {
      if (change.plugin_key !== key || !change.earlier_versions) return;
      const [newer, older] = change.earlier_versions;
      // 1.0.0 under the signature of 1.1.0; 1.1.0 with a NUL in its notes.
      older!.signature = newer!.signature;
      newer!.version_content = 'Fast\u0000er';
    });
    const m = await startMirror(url, { allowKeys: [key] });
    const result = await m.app.mirror.pull();
    expect(result).toMatchObject({ added: 1, failed: 2, error: null });
    expect(result.failures.map((f) => [f.version, f.reason])).toEqual([
      ['1.1.0', expect.stringMatching(/NUL/)],
      ['1.0.0', expect.stringMatching(/is for .* 1\.1\.0, not .* 1\.0\.0/)],
    ]);
    expect((await history(m, key)).map((v) => v.version)).toEqual(['1.2.0']);
    // 21 earlier versions: not a page of changes, nothing stored.
    const { url: many } = await watchedUpstream((change) => {
      const one = change.earlier_versions?.[0];
      if (one) change.earlier_versions = Array.from({ length: 21 }, () => one);
    });
    const m2 = await startMirror(many);
    expect((await m2.app.mirror.pull()).error).toMatch(/not a page of changes/);
    expect(await m2.app.db.kysely.selectFrom('plugin').select('id').execute()).toHaveLength(0);
  }, 60_000);

  it('serves an earlier version’s code file to mirrors, never a rejected submission’s', async () => {
    const file = await codeFileOf(key, '1.0.0');
    expect((await up.app.inject({ url: `/api/cmt/mirror/file/${file}` })).statusCode).toBe(200);
    const other = await publishAndApprove({ name: 'Rejected Later' });
    const resubmitted = await session.send(
      'PUT',
      'author',
      publishFields({ plugin_key: other, version: '2.0.0' }),
    );
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const rejected = await json('POST', '/api/cmt/plugin/audit/status', 'admin', {
      plugin_key: other,
      status: 3,
      reason: 'Not this time',
    });
    expect(rejected.status).toBe(200);
    const refused = await codeFileOf(other, '2.0.0');
    expect((await up.app.inject({ url: `/api/cmt/mirror/file/${refused}` })).statusCode).toBe(404);
  });

  it('carries the earlier versions in a bundle, and an import stores them verified', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'plugin-center-earlier-'));
    try {
      const file = join(dir, 'bundle.jsonl');
      let out = '';
      const exported = await runExportCommand(
        up.config,
        ['--since', '0', '--origin', 'https://plugins.example.com', file],
        { out: (s) => (out += s), err: (s) => (out += s) },
      );
      expect(exported, out).toBe(0);
      expect(out).toMatch(/^Wrote .*: \d+ versions and [1-9]\d* earlier versions, /);
      const lines = (await readFile(file, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as MirrorVersionChange & { files: Record<string, string> });
      const line = lines.find((l) => l.plugin_key === key)!;
      expect(line.earlier_versions!.map((v) => v.version)).toEqual(['1.1.0', '1.0.0']);
      for (const version of ['1.0.0', '1.1.0', '1.2.0'])
        expect(Object.keys(line.files)).toContain(await codeFileOf(key, version));
      const m = await createTestApp({ importCatalogueOnEmpty: false });
      apps.push(m);
      let said = '';
      const imported = await runImportBundleCommand(m.config, [file], {
        out: (s) => (said += s),
        err: (s) => (said += s),
      });
      expect(imported, said).toBe(0);
      expect((await history(m, key)).map((v) => v.version)).toEqual(['1.2.0', '1.1.0', '1.0.0']);
      expect(await history(m, key)).toEqual(await history(up, key));
      // The import keeps the bundle's keys: an earlier version verifies with the deployment's own
      // JWKS, and with the upstream's saved beside the bundle.
      const kept = await verify(m, key, '1.0.0');
      expect(kept.code, kept.said).toBe(0);
      const jwks = join(dir, 'jwks.json');
      await writeFile(jwks, (await up.app.inject({ url: '/.well-known/plugin-center/jwks.json' })).body);
      const checked = await verify(m, key, '1.0.0', '--jwks', jwks);
      expect(checked.code, checked.said).toBe(0);
      // Imported again: nothing new.
      said = '';
      expect(await runImportBundleCommand(m.config, [file], { out: (s) => (said += s), err: () => {} })).toBe(
        0,
      );
      expect(said).toMatch(/0 added, 0 updated, 0 withdrawn/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
