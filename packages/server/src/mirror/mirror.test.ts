/**
 * Mirroring through two real servers on this machine, on SQLite and PostgreSQL: an upstream (the
 * real server listening on a local port, plugins published and approved through its API) and
 * mirrors built with `UPSTREAM_URL` pointing at it. A pull stores the upstream's approved versions
 * with their signatures, keys and publishers, and the mirror's list, detail and editor API answer
 * them; a file changed on the upstream's storage fails verification and nothing of that version is
 * stored; an interrupted pull continues and nothing is duplicated; an unlisted plugin is withdrawn
 * on the next pull; the allowlist filters; the feed's token is asked for; a feed with wrong types,
 * a huge feed, a JWKS with another key and a NUL character are refused.
 */
import { writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type {
  EditorPluginsResult,
  MirrorChanges,
  PluginDetail,
  PluginListResult,
  VersionKeySet,
} from '@plugin-center/contract/schemas';
import { verifyVersionFiles, verifyVersionSignature } from '@plugin-center/contract/signatures';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MirrorConfig } from '../config/mirror';
import { runVerifyCommand } from '../signatures/verifyCommand';
import { body, createTestApp, signedInHeaders, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { pngBytes, publishFields } from '../testing/testFiles';
import { pluginRows, proxyUpstream, startTestMirror } from '../testing/testMirror';
import { createPublishingSession } from '../testing/testPublishing';
import { runMirrorCommand } from './command';

const session = createPublishingSession();
const { json, publishAndApprove } = session;
let up: TestApp;
let origin = '';
const mirrors: TestApp[] = [];
const servers: Server[] = [];

/** A mirror of the upstream (or of `from`) with the allowlist given. */
const startMirror = (overrides: Partial<MirrorConfig> = {}, from = origin) =>
  startTestMirror(from, mirrors, overrides);

/** An HTTP server on a free local port: `handle` answers, or the request goes to the upstream. */
const fakeUpstream = (handle: Parameters<typeof proxyUpstream>[2]) => proxyUpstream(origin, servers, handle);

/** The real feed page for `path`, parsed. */
async function realFeed(path: string): Promise<{ code: number; data: MirrorChanges }> {
  return (await (await fetch(`${origin}${path}`)).json()) as { code: number; data: MirrorChanges };
}

const rows = pluginRows;

describe(`mirroring between two servers (${TEST_DIALECT})`, () => {
  let first = '';
  let second = '';
  let handle = '';

  beforeAll(async () => {
    ({ t: up } = await session.start('local'));
    await up.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(up.app.server.address() as AddressInfo).port}`;
    first = await publishAndApprove({ tags: ['accessibility', 'color'] });
    second = await publishAndApprove({
      name: 'Grid Builder',
      tags: ['layout'],
      cover_center: { bytes: pngBytes(160, 90, [10, 200, 10]), name: 'c.png', type: 'image/png' },
    });
    // The author is a publisher with a handle.
    const owner = (await rows(up, first)).plugins[0]!.owner_id!;
    handle = `acme${Date.now().toString(36)}`;
    await up.app.db.kysely
      .insertInto('publisher')
      .values({
        user_id: owner,
        handle,
        website: null,
        verified_by: null,
        verified_domain: null,
        verified_at: null,
        pending_domain: null,
        pending_token: null,
        pending_at: null,
        create_time: Date.now(),
      })
      .execute();
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) server.close();
    for (const m of mirrors) await m.close();
    await session.close();
  });

  it('answers a feed of the approved plugins in sequence order with a cursor that never repeats', async () => {
    const page = await realFeed('/api/cmt/mirror/changes?limit=500');
    expect(page.code).toBe(0);
    const keys = page.data.changes.map((c) => c.plugin_key);
    expect(keys).toContain(first);
    expect(keys).toContain(second);
    expect(new Set(keys).size).toBe(keys.length);
    const seqs = page.data.changes.map((c) => c.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    const change = page.data.changes.find((c) => c.plugin_key === first)!;
    expect(change).toMatchObject({ kind: 'version', version: '1.0.0', tags: ['accessibility', 'color'] });
    // Page by page, one change at a time: the same changes, none twice.
    const walked: string[] = [];
    let cursor = '0';
    for (let i = 0; i < 50; i++) {
      const next = await realFeed(`/api/cmt/mirror/changes?since=${cursor}&limit=1`);
      walked.push(...next.data.changes.map((c) => c.plugin_key));
      cursor = next.data.cursor;
      if (!next.data.more) break;
    }
    expect(new Set(walked)).toEqual(new Set(keys));
    const end = await realFeed(`/api/cmt/mirror/changes?since=${cursor}`);
    expect(end.data).toEqual({ changes: [], cursor, more: false });
  });

  it('refuses bad feed queries with 400', async () => {
    for (const query of [
      'since=-1',
      'since=abc',
      'limit=0',
      'limit=501',
      'since=1%002',
      `since=${'9'.repeat(40)}`,
    ]) {
      const response = await up.app.inject({ url: `/api/cmt/mirror/changes?${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('pulls the approved versions, verified, with the upstream’s key, publisher and signature', async () => {
    const m = await startMirror();
    const result = await m.app.mirror.pull();
    expect(result.error).toBeNull();
    expect(result.failures).toEqual([]);
    expect(result.added).toBeGreaterThanOrEqual(2);
    const detail = body<{ data: PluginDetail }>(
      await m.app.inject({ url: `/api/cmt/plugin?plugin_key=${first}` }),
    ).data;
    expect(detail).toMatchObject({
      plugin_key: first,
      name: 'Contrast Checker Pro',
      current_version: '1.0.0',
    });
    expect(detail.download_count).toBe(0);
    // Marked as mirrored, with the upstream's publisher; a local plugin says null.
    expect(detail.mirror).toEqual({ from: origin, publisher: { handle, name: expect.any(String) } });
    const local = body<{ data: PluginDetail }>(
      await up.app.inject({ url: `/api/cmt/plugin?plugin_key=${first}` }),
    );
    expect(local.data.mirror).toBeNull();
    const stored = await rows(m, first);
    expect(stored.plugins[0]).toMatchObject({ mirrored_from: origin, owner_id: null, review_status: 2 });
    expect(JSON.parse(stored.plugins[0]!.mirror_publisher!)).toMatchObject({ handle });
    const upstreamVersions = (await rows(up, first)).versions;
    expect(stored.versions).toHaveLength(1);
    expect(stored.versions[0]!.signature).toBe(upstreamVersions[0]!.signature);
    // The mirror's JWKS holds the upstream's key, so its own answers verify where it serves them.
    const jwks = body<VersionKeySet>(await m.app.inject({ url: '/.well-known/plugin-center/jwks.json' }));
    const checked = await verifyVersionSignature(detail.versions[0]!.signature, jwks, {
      plugin_key: first,
      version: '1.0.0',
    });
    expect(checked.ok).toBe(true);
    if (checked.ok) {
      const files = await verifyVersionFiles(checked.signed, (file) =>
        m.app.publishing.storage.get(file.key),
      );
      expect(files).toMatchObject({ ok: true });
    }
    // The mirror as a second real server on its own port: its list answers the mirrored plugins.
    await m.app.listen({ port: 0, host: '127.0.0.1' });
    const mirrorOrigin = `http://127.0.0.1:${(m.app.server.address() as AddressInfo).port}`;
    const list = (await (await fetch(`${mirrorOrigin}/api/cmt/plugin/list?page_size=50`)).json()) as {
      data: PluginListResult;
    };
    expect(list.data.plugin_list.map((p) => p.plugin_key)).toEqual(expect.arrayContaining([first, second]));
    // The editor API answers the mirrored plugin with its signature.
    const headers = await signedInHeaders(m.app);
    expect(
      (
        await m.app.inject({
          method: 'POST',
          url: '/api/cmt/plugin/user',
          headers,
          payload: { plugin_key: first },
        })
      ).statusCode,
    ).toBe(200);
    const editor = body<{ data: EditorPluginsResult }>(
      await m.app.inject({ url: '/api/cmt/plugin/user/editor', headers }),
    ).data.plugin_list.find((p) => p.plugin_key === first);
    expect(editor?.signature?.jws).toBe(upstreamVersions[0]!.signature);
    // The local install stays local: the upstream's counter did not move, the mirror's did.
    expect((await rows(m, first)).plugins[0]!.download_count).toBe(1);
    expect((await rows(up, first)).plugins[0]!.download_count).toBe(0);
    // Nothing of it waits in the mirror's review queue.
    const admin = await signedInHeaders(m.app, { role: 2 });
    const queue = body<{ data: { submission_list: unknown[] } }>(
      await m.app.inject({ url: '/api/cmt/plugin/audit/list?status=0', headers: admin }),
    );
    expect(queue.data.submission_list).toHaveLength(0);
    // `plugin-center verify` on the mirror checks a mirrored version with the upstream's key.
    let said = '';
    const verified = await runVerifyCommand(m.config, [first], {
      out: (text) => (said += text),
      err: (text) => (said += text),
    });
    expect(verified, said).toBe(0);
    expect(said).toMatch(
      new RegExp(`^OK: ${first} 1.0.0 is signed by key ${upstreamVersions[0]!.signature_kid}`),
    );
    // Read-only here: no new version, no owner.
    const { multipart } = await import('../testing/testFiles');
    const form = await multipart(publishFields({ plugin_key: first, version: '9.0.0' }) as never);
    const edit = await m.app.inject({
      method: 'PUT',
      url: '/api/cmt/plugin',
      payload: form.payload,
      headers: { ...form.headers, ...admin },
    });
    expect(edit.statusCode, edit.body).toBe(403);
    expect(edit.body).toContain(`mirrored from ${origin}`);
    const owner = await m.app.inject({
      method: 'POST',
      url: '/api/cmt/manager/plugin/owner',
      headers: admin,
      payload: { plugin_key: first, email: null },
    });
    expect(owner.statusCode, owner.body).toBe(403);
    // A second pull changes nothing; the result is stored.
    const again = await m.app.mirror.pull();
    expect(again).toMatchObject({ added: 0, updated: 0, failed: 0, error: null });
    expect(await m.app.mirror.lastPull()).toMatchObject({ id: again.id, added: 0 });
    expect((await rows(m, first)).versions).toHaveLength(1);
  }, 60_000);

  it('stores a new version and withdraws an unlisted plugin on the next pull; relisting brings it back', async () => {
    const m = await startMirror();
    await m.app.mirror.pull();
    await publishAndApprove({
      plugin_key: first,
      version: '1.1.0',
      version_content: 'Faster',
      tags: ['color'],
    });
    const unlisted = await json('POST', '/api/cmt/plugin/unlist', 'author', { plugin_key: second });
    expect(unlisted.status, JSON.stringify(unlisted.body)).toBe(200);
    const result = await m.app.mirror.pull();
    expect(result).toMatchObject({ updated: 1, withdrawn: 1, failed: 0, error: null });
    const stored = await rows(m, first);
    expect(stored.plugins[0]!.current_version).toBe('1.1.0');
    expect(stored.versions.map((v) => v.version).sort()).toEqual(['1.0.0', '1.1.0']);
    expect((await rows(m, second)).plugins[0]!.unlisted_at).not.toBeNull();
    const list = body<{ data: PluginListResult }>(
      await m.app.inject({ url: '/api/cmt/plugin/list?page_size=50' }),
    );
    expect(list.data.plugin_list.map((p) => p.plugin_key)).not.toContain(second);
    await json('POST', '/api/cmt/plugin/relist', 'author', { plugin_key: second });
    expect(await m.app.mirror.pull()).toMatchObject({ updated: 1, withdrawn: 0 });
    expect((await rows(m, second)).plugins[0]!.unlisted_at).toBeNull();
    // Deleted upstream: withdrawn here, its local installs kept.
    const doomed = await publishAndApprove({ name: 'Short Lived' });
    await m.app.mirror.pull();
    const installer = await signedInHeaders(m.app);
    await m.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/user',
      headers: installer,
      payload: { plugin_key: doomed },
    });
    expect((await json('DELETE', '/api/cmt/plugin', 'author', { plugin_key: doomed })).status).toBe(200);
    expect(await m.app.mirror.pull()).toMatchObject({ withdrawn: 1, failed: 0 });
    const gone = (await rows(m, doomed)).plugins[0]!;
    expect(gone.unlisted_at).not.toBeNull();
    expect(gone.download_count).toBe(1);
  }, 60_000);

  it('shows the back office the upstream, allowlist and last pull, and pulls now', async () => {
    const m = await startMirror({ allowTags: ['layout'] });
    const admin = await signedInHeaders(m.app, { role: 2 });
    const status = await m.app.inject({ url: '/api/cmt/manager/mirror', headers: admin });
    expect(body<{ data: unknown }>(status).data).toEqual({
      upstream: origin,
      allow: { keys: [], tags: ['layout'], publishers: [] },
      interval_minutes: 0,
      cursor: null,
      mirrored: 0,
      running: false,
      last_pull: null,
    });
    const user = await signedInHeaders(m.app);
    expect(
      (await m.app.inject({ method: 'POST', url: '/api/cmt/manager/mirror/pull', headers: user })).statusCode,
    ).toBe(403);
    const pulled = await m.app.inject({
      method: 'POST',
      url: '/api/cmt/manager/mirror/pull',
      headers: admin,
    });
    expect(pulled.statusCode, pulled.body).toBe(200);
    const data = body<{ data: { mirrored: number; cursor: string; last_pull: Record<string, unknown> } }>(
      pulled,
    ).data;
    expect(data.mirrored).toBe(1);
    expect(data.cursor).not.toBe('0');
    expect(data.last_pull).toMatchObject({
      source: 'pull',
      upstream: origin,
      added: 1,
      failed: 0,
      error: null,
    });
    expect(data.last_pull.end_time).toEqual(expect.any(Number));
    // Not a mirror: the status says so, "pull now" is refused.
    const plain = await createTestApp({ importCatalogueOnEmpty: false });
    mirrors.push(plain);
    const plainAdmin = await signedInHeaders(plain.app, { role: 1 });
    expect(
      body<{ data: { upstream: null } }>(
        await plain.app.inject({ url: '/api/cmt/manager/mirror', headers: plainAdmin }),
      ).data.upstream,
    ).toBeNull();
    const refused = await plain.app.inject({
      method: 'POST',
      url: '/api/cmt/manager/mirror/pull',
      headers: plainAdmin,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('not a mirror');
  }, 60_000);

  it('continues an interrupted pull where it stopped and never duplicates', async () => {
    const m = await startMirror();
    const part = await m.app.mirror.pull({ batchSize: 1, maxBatches: 1 });
    expect(part.added + part.withdrawn + part.skipped).toBeLessThanOrEqual(1);
    const cursor = await m.app.mirror.cursor(origin);
    expect(cursor).not.toBe('0');
    const rest = await m.app.mirror.pull({ batchSize: 1 });
    expect(rest.error).toBeNull();
    for (const key of [first, second]) {
      const stored = await rows(m, key);
      expect(stored.plugins).toHaveLength(1);
      expect(new Set(stored.versions.map((v) => v.version)).size).toBe(stored.versions.length);
    }
    // A cursor lost after a crash (the batch applied, its cursor not stored): applied again, nothing new.
    const versionsBefore = await m.app.db.kysely.selectFrom('plugin_version').select('id').execute();
    await m.app.db.kysely.updateTable('mirror_state').set({ cursor: '0' }).execute();
    const replay = await m.app.mirror.pull();
    expect(replay).toMatchObject({ added: 0, failed: 0, error: null });
    expect(await m.app.db.kysely.selectFrom('plugin_version').select('id').execute()).toHaveLength(
      versionsBefore.length,
    );
    // Two pulls asked at once are one pull.
    const [a, b] = await Promise.all([m.app.mirror.pull(), m.app.mirror.pull()]);
    expect(a.id).toBe(b.id);
    // Another process holding the pull (its lease not run out): this one does nothing, records nothing.
    const before = (await m.app.mirror.lastPull())!.id;
    await m.app.db.kysely
      .updateTable('mirror_state')
      .set({ lease_until: Date.now() + 60_000 })
      .execute();
    const held = await m.app.mirror.pull();
    expect(held.error).toMatch(/another process is pulling/);
    expect((await m.app.mirror.lastPull())!.id).toBe(before);
    // A lease run out (that process died) is taken over.
    await m.app.db.kysely
      .updateTable('mirror_state')
      .set({ lease_until: Date.now() - 1 })
      .execute();
    expect((await m.app.mirror.pull()).error).toBeNull();
    const after = await m.app.db.kysely
      .selectFrom('mirror_state')
      .select('lease_until')
      .executeTakeFirstOrThrow();
    expect(after.lease_until).toBeNull();
    // `plugin-center mirror pull --from-start` walks the feed again: nothing new.
    let out = '';
    const code = await runMirrorCommand(m.config, ['pull', '--from-start'], {
      out: (text) => (out += text),
      err: (text) => (out += text),
    });
    expect(code, out).toBe(0);
    expect(out).toMatch(
      new RegExp(`^Pulled from ${origin}: 0 added, 0 updated, 0 withdrawn, \\d+ unchanged`),
    );
  }, 60_000);

  it('takes only what the allowlist names: keys, tags or publishers', async () => {
    const byKey = await startMirror({ allowKeys: [second] });
    const r1 = await byKey.app.mirror.pull();
    expect(r1.added).toBe(1);
    expect((await rows(byKey, first)).plugins).toHaveLength(0);
    expect((await rows(byKey, second)).plugins).toHaveLength(1);
    const byTag = await startMirror({ allowTags: ['layout'] });
    await byTag.app.mirror.pull();
    expect((await rows(byTag, second)).plugins).toHaveLength(1);
    expect((await rows(byTag, first)).plugins).toHaveLength(0);
    const byPublisher = await startMirror({ allowPublishers: [handle] });
    await byPublisher.app.mirror.pull();
    // Every plugin of the test is the author's, whose handle is listed.
    expect((await rows(byPublisher, first)).plugins).toHaveLength(1);
    expect(JSON.parse((await rows(byPublisher, first)).plugins[0]!.mirror_publisher!)).toMatchObject({
      handle,
    });
    const nobody = await startMirror({ allowPublishers: ['someone-else'] });
    const r4 = await nobody.app.mirror.pull();
    expect(r4.added).toBe(0);
    expect(r4.skipped).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('refuses a version whose stored file was changed upstream, and stores nothing of it', async () => {
    const key = await publishAndApprove({
      name: 'Tampered',
      icon: { bytes: pngBytes(32, 32, [1, 2, 3]), name: 'i.png', type: 'image/png' },
    });
    const icon = (await rows(up, key)).plugins[0]!.icon!.split('/').pop()!;
    await writeFile(join(up.config.dataDir, 'uploads', icon), pngBytes(32, 32, [9, 9, 9]));
    const m = await startMirror({ allowKeys: [key] });
    const result = await m.app.mirror.pull();
    expect(result.failed).toBe(1);
    expect(result.failures[0]).toMatchObject({ plugin_key: key });
    expect(result.failures[0]!.reason).toMatch(/icon .* does not match its signature/);
    expect((await rows(m, key)).plugins).toHaveLength(0);
    expect(await m.app.publishing.storage.get(icon)).toBeUndefined();
    expect(await m.app.mirror.lastPull()).toMatchObject({ failed: 1 });
  }, 60_000);

  it('asks for the feed token when the upstream sets one', async () => {
    const guarded = await createTestApp({
      importCatalogueOnEmpty: false,
      mirrorFeedToken: 'feed-token-0123456789',
    });
    mirrors.push(guarded);
    expect((await guarded.app.inject({ url: '/api/cmt/mirror/changes' })).statusCode).toBe(401);
    const wrong = { authorization: 'Bearer feed-token-9999999999' };
    expect((await guarded.app.inject({ url: '/api/cmt/mirror/changes', headers: wrong })).statusCode).toBe(
      401,
    );
    const right = { authorization: 'Bearer feed-token-0123456789' };
    expect((await guarded.app.inject({ url: '/api/cmt/mirror/changes', headers: right })).statusCode).toBe(
      200,
    );
    await guarded.app.listen({ port: 0, host: '127.0.0.1' });
    const guardedOrigin = `http://127.0.0.1:${(guarded.app.server.address() as AddressInfo).port}`;
    const without = await startMirror({}, guardedOrigin);
    expect((await without.app.mirror.pull()).error).toMatch(/answered 401/);
    const withToken = await startMirror({ token: 'feed-token-0123456789' }, guardedOrigin);
    expect((await withToken.app.mirror.pull()).error).toBeNull();
  }, 60_000);

  it('refuses hostile feeds: wrong types, a huge answer, a JWKS with another key, NUL characters', async () => {
    // Wrong types: nothing stored, the cursor stays.
    const wrongTypes = await fakeUpstream(async (path) =>
      path.startsWith('/api/cmt/mirror/changes')
        ? {
            body: JSON.stringify({
              code: 0,
              data: {
                changes: [{ kind: 'version', seq: 'one', plugin_key: first }],
                cursor: '5',
                more: false,
              },
            }),
          }
        : undefined,
    );
    const m1 = await startMirror({}, wrongTypes);
    const r1 = await m1.app.mirror.pull();
    expect(r1.error).toMatch(/not a page of changes/);
    expect(await m1.app.mirror.cursor(wrongTypes)).toBe('0');
    expect(await m1.app.db.kysely.selectFrom('plugin').select('id').execute()).toHaveLength(0);
    for (const data of [
      null,
      'x',
      { changes: 'x', cursor: '1', more: false },
      { changes: [], cursor: '-1', more: 1 },
    ]) {
      const fake = await fakeUpstream(async (path) =>
        path.startsWith('/api/cmt/mirror') ? { body: JSON.stringify({ code: 0, data }) } : undefined,
      );
      expect((await (await startMirror({}, fake)).app.mirror.pull()).error).toMatch(/not a page of changes/);
    }
    // A feed that answers the same page for ever is left after one page.
    const stuck = await fakeUpstream(async (path) => {
      if (!path.startsWith('/api/cmt/mirror/changes')) return undefined;
      const page = await realFeed('/api/cmt/mirror/changes?limit=1');
      return { body: JSON.stringify({ code: 0, data: { ...page.data, cursor: '0', more: true } }) };
    });
    expect((await (await startMirror({}, stuck)).app.mirror.pull()).error).toMatch(/did not move on from 0/);
    // A huge answer is cut off.
    const huge = await fakeUpstream(async (path) =>
      path.startsWith('/api/cmt/mirror/changes') ? { body: Buffer.alloc(17 * 1024 * 1024, 32) } : undefined,
    );
    const r2 = await (await startMirror({}, huge)).app.mirror.pull();
    expect(r2.error).toMatch(/larger than/);
    // A JWKS with another key: every version fails, nothing stored.
    const { publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const other = await exportJWK(publicKey);
    const realJwks = body<VersionKeySet>(
      await up.app.inject({ url: '/.well-known/plugin-center/jwks.json' }),
    );
    const wrongKey = await fakeUpstream(async (path) =>
      path.startsWith('/.well-known/')
        ? {
            body: JSON.stringify({
              keys: [{ ...other, kid: realJwks.keys[0]!.kid, alg: 'EdDSA', use: 'sig' }],
            }),
          }
        : undefined,
    );
    const m3 = await startMirror({}, wrongKey);
    const r3 = await m3.app.mirror.pull();
    expect(r3.added).toBe(0);
    expect(r3.failed).toBeGreaterThanOrEqual(2);
    expect(r3.failures[0]!.reason).toMatch(/is not the Ed25519 key its id names/);
    expect(await m3.app.db.kysely.selectFrom('plugin').select('id').execute()).toHaveLength(0);
    // A NUL character in a text: that change fails, the others are stored.
    const nul = await fakeUpstream(async (path) => {
      if (!path.startsWith('/api/cmt/mirror/changes')) return undefined;
      const page = await realFeed(path);
      for (const change of page.data.changes)
        if (change.kind === 'version' && change.plugin_key === first) change.name = 'Bad\u0000name';
      return { body: JSON.stringify(page) };
    });
    const m4 = await startMirror({}, nul);
    const r4 = await m4.app.mirror.pull();
    expect(r4.failures.map((f) => f.plugin_key)).toContain(first);
    expect(r4.failures.find((f) => f.plugin_key === first)!.reason).toMatch(/NUL/);
    expect((await rows(m4, first)).plugins).toHaveLength(0);
    expect((await rows(m4, second)).plugins).toHaveLength(1);
    // A file answered 503 (or 429): the upstream is unavailable, not the version bad. The pull stops
    // with the reason, counts no failure and keeps its cursor; the next pull stores the version.
    let busy = true;
    const unavailable = await fakeUpstream(async (path) =>
      busy && path.startsWith('/api/cmt/mirror/file/') ? { status: 503, body: '{}' } : undefined,
    );
    const m5 = await startMirror({}, unavailable);
    const r5 = await m5.app.mirror.pull();
    expect(r5).toMatchObject({ added: 0, failed: 0 });
    expect(r5.error).toMatch(/the upstream answered 503/);
    expect(await m5.app.mirror.cursor(unavailable)).toBe('0');
    busy = false;
    const r6 = await m5.app.mirror.pull();
    // (A version an earlier test tampered with on the upstream fails here as it does everywhere.)
    expect(r6.error).toBeNull();
    expect(r6.failures.map((f) => f.reason).join('\n')).not.toMatch(/503/);
    expect(r6.added).toBeGreaterThanOrEqual(2);
    // A file answered 404: that version fails (its file is missing), the pull goes on.
    const missing = await fakeUpstream(async (path) =>
      path.startsWith('/api/cmt/mirror/file/') && path.endsWith('.json')
        ? { status: 404, body: '{}' }
        : undefined,
    );
    const r7 = await (await startMirror({}, missing)).app.mirror.pull();
    expect(r7.error).toBeNull();
    expect(r7.failed).toBeGreaterThanOrEqual(2);
    expect(r7.failures[0]!.reason).toMatch(/could not be read/);
  }, 120_000);

  it('keeps a key that is a local plugin’s here: that version fails, the local plugin is untouched', async () => {
    const m = await startMirror({ allowKeys: [first] });
    await m.app.db.kysely
      .insertInto('plugin')
      .values({
        plugin_key: first,
        name: 'Local one',
        intro: '',
        description: '',
        icon: null,
        video: null,
        cover_center: null,
        cover_panel: null,
        reuse_center_cover: 0,
        code_file: null,
        contact: null,
        current_version: null,
        version_content: '',
        copyright_type: 'author',
        copyright_name: null,
        developer: null,
        technical_support_link: null,
        homepage: null,
        license: null,
        platforms: '[]',
        source: null,
        review_status: 2,
        reject_reason: null,
        is_default_install: 0,
        download_count: 0,
        view_count: 0,
        praise_count: 0,
        create_time: 1,
        update_time: null,
        sort_time: 0,
        owner_id: null,
      })
      .execute();
    const result = await m.app.mirror.pull();
    expect(result.failed).toBe(1);
    expect(result.failures[0]!.reason).toMatch(/local plugin/);
    expect((await rows(m, first)).plugins[0]).toMatchObject({ name: 'Local one', mirrored_from: null });
  }, 60_000);
});
