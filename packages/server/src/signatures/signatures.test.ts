/**
 * Signed versions through the real server, on SQLite and PostgreSQL: approving signs the version in
 * its transaction; the version history and the editor's plugins carry the signature and its key
 * id; the JWKS at the well-known path verifies it (with the contract's checks and, independently,
 * with `jose`); one changed stored byte of the code file, icon or a cover, a changed signature,
 * header, key id or JWKS each fail with their own reason; a rotation keeps the versions signed
 * before verifying while new approvals carry the new key; an approval whose stored file is gone
 * approves nothing; the versions approved before signatures are signed at start; `plugin-center
 * verify` prints OK or the reason with exit code 1; keys sealed with another secrets key are never
 * replaced silently.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EditorPluginsResult, PluginDetail, VersionKeySet } from '@plugin-center/contract/schemas';
import {
  type SignedVersion,
  sha256Hex,
  type VersionSignatureValue,
  verifyVersionFiles,
  verifyVersionSignature,
} from '@plugin-center/contract/signatures';
import { calculateJwkThumbprint, compactVerify, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecretBox } from '../settings/secrets';
import { body } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { pngBytes, publishFields, uniqueManifest } from '../testing/testFiles';
import { createPublishingSession } from '../testing/testPublishing';
import { signUnsignedVersions } from './backfill';
import { runVerifyCommand, runVersionKeysCommand } from './verifyCommand';
import { loadVersionKeys, VersionKeysError, versionKeySet } from './versionKeys';
import { VersionSigner } from './versionSigner';

const JWKS_PATH = '/.well-known/plugin-center/jwks.json';
const session = createPublishingSession();
const { auth, send, json, publishAndApprove } = session;
let t: Awaited<ReturnType<typeof session.start>>['t'];

async function jwks(): Promise<VersionKeySet> {
  const response = await t.app.inject({ method: 'GET', url: JWKS_PATH });
  expect(response.statusCode).toBe(200);
  return body<VersionKeySet>(response);
}

async function history(key: string): Promise<PluginDetail['versions']> {
  return (await json<PluginDetail>('GET', `/api/cmt/plugin?plugin_key=${key}`)).body.data.versions;
}

async function editorPlugin(key: string) {
  const list = (await json<EditorPluginsResult>('GET', '/api/cmt/plugin/user/editor', 'other')).body.data;
  return list.plugin_list.find((p) => p.plugin_key === key)!;
}

const uploads = () => join(t.config.dataDir, 'uploads');
const readStored = (file: { key: string }) => t.app.publishing.storage.get(file.key);

/** The contract's full check (signature, then every file from storage) of one version. */
async function check(signature: VersionSignatureValue | null, keySet: unknown, key: string, version: string) {
  const signed = await verifyVersionSignature(signature, keySet, { plugin_key: key, version });
  if (!signed.ok) return signed;
  return verifyVersionFiles(signed.signed, readStored);
}

/** A copy of a compact JWS with one part replaced. */
function withPart(jws: string, index: number, part: string): string {
  const parts = jws.split('.');
  parts[index] = part;
  return parts.join('.');
}

/** Runs a CLI command against the test server's database and storage; its exit code and output. */
async function cli(run: typeof runVerifyCommand, args: string[]) {
  let out = '';
  let err = '';
  const code = await run(t.config, args, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

describe(`signed versions (${TEST_DIALECT})`, () => {
  let key = '';
  let signature: VersionSignatureValue;
  let signed: SignedVersion;

  beforeAll(async () => {
    ({ t } = await session.start('local'));
    key = await publishAndApprove({
      cover_center: { bytes: pngBytes(160, 90), name: 'c.png', type: 'image/png' },
    });
    const installed = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/user',
      headers: auth('other'),
      payload: { plugin_key: key },
    });
    expect(installed.statusCode).toBe(200);
  }, 60_000);
  afterAll(() => session.close());

  it('publishes the version keys as a cacheable JWKS whose kid is each key’s thumbprint', async () => {
    const response = await t.app.inject({ method: 'GET', url: JWKS_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/jwk-set\+json/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const set = body<VersionKeySet>(response);
    expect(set.keys).toHaveLength(1);
    const [jwk] = set.keys;
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(jwk).not.toHaveProperty('d');
    expect(jwk!.kid).toBe(await calculateJwkThumbprint(jwk!));
    // The database holds the key pair sealed only: neither half of it in clear.
    const stored = await t.app.db.kysely
      .selectFrom('server_secret')
      .select('value')
      .where('name', '=', 'version_signing_keys')
      .executeTakeFirstOrThrow();
    expect(stored.value).toMatch(/^v1\.[0-9a-f]{16}\./);
    expect(stored.value).not.toContain(jwk!.x);
    const again = await t.app.inject({
      method: 'GET',
      url: JWKS_PATH,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Public: a bogus bearer token changes nothing; HEAD answers too.
    const bogus = await t.app.inject({
      method: 'GET',
      url: JWKS_PATH,
      headers: { authorization: 'Bearer \u0000x' },
    });
    expect(bogus.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: JWKS_PATH })).statusCode).toBe(200);
  });

  it('signs an approved version: the history and the editor’s plugins carry the signature and kid', async () => {
    const [version] = await history(key);
    expect(version!.signature).not.toBeNull();
    signature = version!.signature!;
    const keySet = await jwks();
    expect(signature.kid).toBe(keySet.keys[0]!.kid);
    const editor = await editorPlugin(key);
    expect(editor.signature).toEqual(signature);

    const checked = await verifyVersionSignature(signature, keySet, { plugin_key: key, version: '1.0.0' });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    signed = checked.signed;
    expect(signed).toMatchObject({ format: 'plugin-center/version/1', plugin_key: key, version: '1.0.0' });
    expect(signed.approved_at).toBe(version!.create_time);
    // The code file, icon, both covers (the panel reuses the centre one), the video and one image.
    for (const role of ['code_file', 'icon', 'cover_center', 'cover_panel', 'video'] as const) {
      expect(signed.files[role]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(signed.files.cover_panel).toEqual(signed.files.cover_center);
    expect(signed.files.images).toHaveLength(1);
    expect(await verifyVersionFiles(signed, readStored)).toEqual({ ok: true, files: 6 });
    // The code file the editor loads is the signed one.
    const code = await t.app.inject({
      method: 'GET',
      url: editor.code_file_url!,
      headers: auth('other'),
    });
    expect(code.statusCode).toBe(200);
    expect(await sha256Hex(code.rawPayload)).toBe(signed.files.code_file!.sha256);

    // An independent verifier (jose) accepts the same JWS with the published JWKS.
    const verified = await compactVerify(signature.jws, createLocalJWKSet(keySet as never), {
      algorithms: ['EdDSA'],
    });
    expect(verified.protectedHeader).toMatchObject({
      alg: 'EdDSA',
      kid: signature.kid,
      typ: 'plugin-center-version+jws',
    });
    expect(JSON.parse(new TextDecoder().decode(verified.payload))).toEqual(signed);
  });

  it('detects one changed stored byte of the code file, the icon or a cover', async () => {
    const keySet = await jwks();
    for (const [role, words] of [
      ['code_file', 'code file'],
      ['icon', 'icon'],
      ['cover_center', 'centre cover'],
    ] as const) {
      const path = join(uploads(), signed.files[role]!.key);
      const original = await readFile(path);
      const changed = Buffer.from(original);
      const middle = changed.length >> 1;
      changed[middle] = changed[middle]! ^ 0x01;
      await writeFile(path, changed);
      try {
        const result = await check(signature, keySet, key, '1.0.0');
        expect(result).toMatchObject({ ok: false, problem: 'file_mismatch' });
        expect(!result.ok && result.message).toContain(
          `the ${words} of ${key} 1.0.0 does not match its signature`,
        );
        const verify = await cli(runVerifyCommand, [key]);
        expect(verify.code).toBe(1);
        expect(verify.err).toContain(`FAILED: the ${words} of ${key} 1.0.0 does not match its signature`);
      } finally {
        await writeFile(path, original);
      }
    }
    expect(await check(signature, keySet, key, '1.0.0')).toEqual({ ok: true, files: 6 });
  });

  it('detects a changed signature, header, payload or key id, and a forged or truncated one', async () => {
    const keySet = await jwks();
    const [header, payload, sig] = signature.jws.split('.') as [string, string, string];
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    const otherKid = 'x'.repeat(43);
    const reheader = (patch: object) =>
      Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(header, 'base64url').toString()), ...patch }),
      ).toString('base64url');
    const repayload = Buffer.from(JSON.stringify({ ...signed, version: '9.9.9' })).toString('base64url');
    const cases: [VersionSignatureValue | null, string, string][] = [
      [
        { ...signature, jws: withPart(signature.jws, 2, flipped) },
        'bad_signature',
        'does not verify with key',
      ],
      [
        { ...signature, jws: withPart(signature.jws, 2, sig.slice(0, 40)) },
        'bad_signature',
        'does not verify',
      ],
      [{ ...signature, jws: `${header}.${payload}` }, 'malformed', 'not a compact JWS'],
      [{ ...signature, jws: `${header}.${payload}.` }, 'malformed', 'not a compact JWS'],
      [{ ...signature, jws: `${header}.${payload}.${sig}\u0000` }, 'malformed', 'not a compact JWS'],
      [{ ...signature, jws: withPart(signature.jws, 1, repayload) }, 'bad_signature', 'does not verify'],
      [{ kid: otherKid, jws: signature.jws }, 'kid_mismatch', `not "${otherKid}"`],
      [
        { kid: otherKid, jws: withPart(signature.jws, 0, reheader({ kid: otherKid })) },
        'unknown_key',
        'is not among',
      ],
      [{ ...signature, jws: withPart(signature.jws, 0, reheader({ alg: 'none' })) }, 'malformed', 'EdDSA'],
      [{ ...signature, jws: withPart(signature.jws, 0, reheader({ crit: ['exp'] })) }, 'malformed', 'EdDSA'],
      [{ ...signature, jws: 'x'.repeat(100_000) }, 'malformed', 'not a compact JWS'],
      [null, 'unsigned', 'is not signed'],
    ];
    for (const [value, problem, words] of cases) {
      const result = await verifyVersionSignature(value, keySet, { plugin_key: key, version: '1.0.0' });
      expect(result, `${problem}: ${value?.jws.slice(0, 30)}`).toMatchObject({ ok: false, problem });
      expect(!result.ok && result.message).toContain(words);
    }
    // The signature of one version is not accepted for another.
    const elsewhere = await verifyVersionSignature(signature, keySet, { plugin_key: key, version: '1.0.1' });
    expect(elsewhere).toMatchObject({ ok: false, problem: 'wrong_version' });
  });

  it('detects a JWKS with a wrong key under the kid, without the key, or not a JWKS at all', async () => {
    const keySet = await jwks();
    const { publicKey } = await generateKeyPair('EdDSA', { extractable: true });
    const stranger = await exportJWK(publicKey);
    const published = keySet.keys[0]!;
    const x = Buffer.from(published.x, 'base64url');
    x[0] = x[0]! ^ 1;
    const cases: [unknown, string][] = [
      [{ keys: [{ ...published, x: stranger.x }] }, 'invalid_key'],
      [{ keys: [{ ...published, x: x.toString('base64url') }] }, 'invalid_key'],
      [{ keys: [{ ...published, crv: 'X25519' }] }, 'invalid_key'],
      [{ keys: [{ ...published, d: stranger.x }] }, 'invalid_key'],
      [{ keys: [published, published] }, 'invalid_key'],
      [{ keys: [{ ...stranger, kid: await calculateJwkThumbprint(stranger) }] }, 'unknown_key'],
      [{ keys: [] }, 'unknown_key'],
      [{ keys: 'nope' }, 'unknown_key'],
      [null, 'unknown_key'],
      ['{"keys":[]}', 'unknown_key'],
    ];
    for (const [set, problem] of cases) {
      const result = await verifyVersionSignature(signature, set, { plugin_key: key, version: '1.0.0' });
      expect(result, JSON.stringify(set)).toMatchObject({ ok: false, problem });
    }
    // The same through the command, with a saved copy of the JWKS.
    const file = join(t.config.dataDir, 'jwks.json');
    await writeFile(file, JSON.stringify({ keys: [{ ...published, x: stranger.x }] }));
    const verify = await cli(runVerifyCommand, [key, '1.0.0', '--jwks', file]);
    expect(verify.code).toBe(1);
    expect(verify.err).toContain(
      `FAILED: the published key ${published.kid} is not the Ed25519 key its id names`,
    );
    await writeFile(file, JSON.stringify(keySet));
    expect((await cli(runVerifyCommand, [key, '1.0.0', '--jwks', file])).code).toBe(0);
  });

  it('rotates: the versions signed before keep verifying, new approvals carry the new kid', async () => {
    const before = await jwks();
    const rotated = await cli(runVersionKeysCommand, ['rotate']);
    expect(rotated.code).toBe(0);
    expect(rotated.out).toContain(`Still published, for the versions they signed: ${before.keys[0]!.kid}.`);
    const after = await jwks();
    expect(after.keys.map((k) => k.kid)).toEqual([rotated.out.match(/key (\S+):/)![1], before.keys[0]!.kid]);
    expect(await check(signature, after, key, '1.0.0')).toEqual({ ok: true, files: 6 });

    await publishAndApprove({
      plugin_key: key,
      version: '1.0.1',
      icon: undefined,
      cover_center: undefined,
      video: undefined,
      images: undefined,
      code_file: { bytes: uniqueManifest(), name: 'manifest.json', type: 'application/json' },
    });
    const [newest, oldest] = await history(key);
    expect(newest!.signature!.kid).toBe(after.keys[0]!.kid);
    expect(oldest!.signature).toEqual(signature);
    expect(await check(newest!.signature, after, key, '1.0.1')).toEqual({ ok: true, files: 6 });
    expect(await check(oldest!.signature, after, key, '1.0.0')).toEqual({ ok: true, files: 6 });
    // The JWKS from before the rotation does not know the new key.
    expect(await check(newest!.signature, before, key, '1.0.1')).toMatchObject({ problem: 'unknown_key' });
    expect((await editorPlugin(key)).signature).toEqual(newest!.signature);
  });

  it('prints OK for a signed version and refuses what it cannot find or use', async () => {
    const ok = await cli(runVerifyCommand, [key]);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(
      new RegExp(
        `^OK: ${key} 1\\.0\\.1 is signed by key \\S+ \\(approved .+\\), and its 6 files match their SHA-256\\n$`,
      ),
    );
    expect((await cli(runVerifyCommand, [key, '1.0.0'])).code).toBe(0);
    const cases: [string[], number, string][] = [
      [[key, '7.7.7'], 1, `FAILED: ${key} has no approved version "7.7.7"`],
      [['no-such-plugin'], 1, 'FAILED: no plugin with plugin_key "no-such-plugin"'],
      [[`${key}\u0000`], 2, 'no control characters'],
      [['k'.repeat(10_000)], 2, 'no control characters'],
      [[], 2, 'Usage: plugin-center verify'],
      [[key, '1.0.0', 'extra'], 2, 'Usage: plugin-center verify'],
      [[key, '--jwks', join(t.config.dataDir, 'missing.json')], 1, 'FAILED: cannot read the JWKS'],
      [[key, '--bogus'], 2, 'Usage: plugin-center verify'],
    ];
    for (const [args, code, words] of cases) {
      const result = await cli(runVerifyCommand, args);
      expect(result.code, args.join(' ').slice(0, 40)).toBe(code);
      expect(result.err).toContain(words);
    }
    // A listing that serves another code file than the signed one fails.
    const other = await t.app.db.kysely
      .selectFrom('plugin_submission')
      .select('code_file')
      .where('version', '=', '1.0.0')
      .where('plugin_id', '=', (eb) => eb.selectFrom('plugin').select('id').where('plugin_key', '=', key))
      .executeTakeFirstOrThrow();
    const live = await t.app.db.kysely
      .selectFrom('plugin')
      .select('code_file')
      .where('plugin_key', '=', key)
      .executeTakeFirstOrThrow();
    await t.app.db.kysely
      .updateTable('plugin')
      .set({ code_file: other.code_file })
      .where('plugin_key', '=', key)
      .execute();
    try {
      const swapped = await cli(runVerifyCommand, [key]);
      expect(swapped.code).toBe(1);
      expect(swapped.err).toContain(`FAILED: the code file of ${key} 1.0.1 does not match its signature`);
    } finally {
      await t.app.db.kysely
        .updateTable('plugin')
        .set({ code_file: live.code_file })
        .where('plugin_key', '=', key)
        .execute();
    }
    expect((await cli(runVersionKeysCommand, ['turn'])).code).toBe(2);
  });

  it('approves nothing when a stored file of the version is gone: no approved version lacks its signature', async () => {
    const published = await send(
      'POST',
      'author',
      publishFields({ icon: { bytes: pngBytes(48, 48, [1, 2, 3]), name: 'i.png', type: 'image/png' } }),
    );
    const pending = body<{ data: { plugin_key: string } }>(published).data.plugin_key;
    const submission = await t.app.db.kysely
      .selectFrom('plugin_submission as s')
      .innerJoin('plugin as p', 'p.id', 's.plugin_id')
      .select(['s.icon', 'p.id'])
      .where('p.plugin_key', '=', pending)
      .executeTakeFirstOrThrow();
    const iconPath = join(uploads(), submission.icon!);
    const saved = await readFile(iconPath);
    await rm(iconPath);
    try {
      const refused = await json('POST', '/api/cmt/plugin/audit/status', 'admin', {
        plugin_key: pending,
        status: 2,
      });
      expect(refused.status).toBe(500);
      expect(refused.body.error).toBe('INTERNAL');
      const versions = await t.app.db.kysely
        .selectFrom('plugin_version')
        .select('id')
        .where('plugin_id', '=', submission.id)
        .execute();
      expect(versions).toEqual([]);
      const row = await t.app.db.kysely
        .selectFrom('plugin')
        .select('review_status')
        .where('id', '=', submission.id)
        .executeTakeFirstOrThrow();
      expect(row.review_status).not.toBe(2);
    } finally {
      await writeFile(iconPath, saved);
    }
    const approved = await json('POST', '/api/cmt/plugin/audit/status', 'admin', {
      plugin_key: pending,
      status: 2,
    });
    expect(approved.status).toBe(200);
    const [version] = await history(pending);
    expect(await check(version!.signature, await jwks(), pending, '1.0.0')).toEqual({ ok: true, files: 6 });
  });

  it('signs at start the versions approved before signatures, leaving one whose file is gone', async () => {
    const gone = await publishAndApprove();
    await t.app.db.kysely
      .updateTable('plugin_version')
      .set({ signature: null, signature_kid: null })
      .execute();
    const goneCode = (await t.app.db.kysely
      .selectFrom('plugin')
      .select('code_file')
      .where('plugin_key', '=', gone)
      .executeTakeFirstOrThrow())!.code_file!;
    const codePath = join(uploads(), goneCode);
    const saved = await readFile(codePath);
    await writeFile(codePath, Buffer.concat([saved, Buffer.from(' ')]));
    const { box } = await loadSecretBox({ dataDir: t.config.dataDir, environmentKey: t.config.secretsKey });
    const report = await signUnsignedVersions(
      t.app.db,
      new VersionSigner(t.app.db, box, t.app.publishing.storage),
    );
    expect(report?.signed).toBe(3);
    expect(report?.unsigned).toEqual([
      {
        plugin_key: gone,
        version: '1.0.0',
        reason: expect.stringContaining('does not hold the bytes its key names'),
      },
    ]);
    await writeFile(codePath, saved);
    const keySet = await jwks();
    const rows = await t.app.db.kysely
      .selectFrom('plugin_version as v')
      .innerJoin('plugin as p', 'p.id', 'v.plugin_id')
      .select(['v.version', 'v.signature', 'v.signature_kid'])
      .where('p.plugin_key', '=', key)
      .execute();
    for (const row of rows) {
      expect(row.signature_kid).toBe(keySet.keys[0]!.kid);
      expect(await check({ kid: row.signature_kid!, jws: row.signature! }, keySet, key, row.version)).toEqual(
        {
          ok: true,
          files: 6,
        },
      );
    }
    expect((await cli(runVerifyCommand, [gone])).err).toContain(`FAILED: ${gone} 1.0.0 is not signed`);
  });

  it('never replaces keys another secrets key sealed, unless told to start over', async () => {
    const foreign = { ...t.config, secretsKey: 'ab'.repeat(32) };
    const refused = await cli(
      (config, args, output) => runVersionKeysCommand({ ...config, ...foreign }, args, output),
      ['rotate'],
    );
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('the stored version-signing keys cannot be opened');
    expect(refused.err).toContain('version-keys rotate --start-over');
    const before = await jwks();
    const { box } = await loadSecretBox({ dataDir: t.config.dataDir, environmentKey: foreign.secretsKey });
    await expect(loadVersionKeys(t.app.db.kysely, box, Date.now())).rejects.toThrow(VersionKeysError);
    const fresh = await cli(
      (config, args, output) => runVersionKeysCommand({ ...config, ...foreign }, args, output),
      ['rotate', '--start-over'],
    );
    expect(fresh.code).toBe(0);
    const keys = await loadVersionKeys(t.app.db.kysely, box, Date.now());
    expect(keys).toHaveLength(1);
    expect(before.keys.map((k) => k.kid)).not.toContain(keys[0]!.kid);
    // The versions signed before are no longer vouched for by the new key set.
    const [version] = await history(key);
    expect(await check(version!.signature, versionKeySet(keys), key, version!.version)).toMatchObject({
      ok: false,
      problem: 'unknown_key',
    });
    expect((await cli(runVersionKeysCommand, ['rotate', '--bogus'])).code).toBe(2);
  });
});
