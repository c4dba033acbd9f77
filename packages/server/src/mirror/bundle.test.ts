/**
 * Air-gapped mirroring on SQLite and PostgreSQL: `plugin-center export` on an upstream with
 * approved plugins writes a signed bundle; `plugin-center import-bundle` on another deployment
 * loads it with the checks of a pull (its API answers the plugins, a second import changes
 * nothing) and keeps the keys it was checked with (`plugin-center verify` needs no `--jwks`, the
 * deployment's JWKS answers the upstream's key), and refuses, loading nothing, a bundle whose bytes were changed, that was cut short,
 * that holds a line of the wrong shape or whose trailer another key signed while a JWKS is pinned;
 * a version whose file was changed under a trailer re-signed by someone else fails its own check.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PluginDetail, VersionKeySet } from '@plugin-center/contract/schemas';
import { canonicalJson, verifyVersionSignature } from '@plugin-center/contract/signatures';
import { CompactSign, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerifyCommand } from '../signatures/verifyCommand';
import { body, createTestApp, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { pngBytes } from '../testing/testFiles';
import { createPublishingSession } from '../testing/testPublishing';
import { BUNDLE_FORMAT, BUNDLE_SIGNATURE_TYPE, checkBundle, runImportBundleCommand } from './bundle';
import { parseTime, runExportCommand } from './bundleExport';
import { runMirrorCommand } from './command';

const session = createPublishingSession();
const { json, publishAndApprove } = session;
let up: TestApp;
let dir = '';
const apps: TestApp[] = [];
const ORIGIN = 'https://plugins.example.com';

/** Runs a command; its exit code and output. */
async function run(command: typeof runExportCommand, config: TestApp['config'], args: string[]) {
  let out = '';
  let err = '';
  const code = await command(config, args, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

async function freshMirror(): Promise<TestApp> {
  const m = await createTestApp({ importCatalogueOnEmpty: false });
  apps.push(m);
  return m;
}

const pluginCount = async (m: TestApp) =>
  (await m.app.db.kysely.selectFrom('plugin').select('id').execute()).length;

describe(`bundles for air-gapped mirrors (${TEST_DIALECT})`, () => {
  let first = '';
  let second = '';
  let bundle = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plugin-center-bundle-'));
    ({ t: up } = await session.start('local'));
    first = await publishAndApprove();
    second = await publishAndApprove({
      name: 'Grid Builder',
      cover_center: { bytes: pngBytes(160, 90, [10, 200, 10]), name: 'c.png', type: 'image/png' },
    });
    bundle = join(dir, 'all.jsonl');
    const exported = await run(runExportCommand, up.config, ['--since', '0', '--origin', ORIGIN, bundle]);
    expect(exported.code, exported.err).toBe(0);
    expect(exported.out).toMatch(
      /^Wrote .*: 2 versions and 0 earlier versions, 0 withdrawals, \d+ files, signed by key /,
    );
  }, 120_000);
  afterAll(async () => {
    for (const m of apps) await m.close();
    await session.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes JSON lines: a header with the JWKS, one line per version with its files, a signed trailer', async () => {
    const lines = (await readFile(bundle, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ format: BUNDLE_FORMAT, origin: ORIGIN, since: 0 });
    expect(lines[0].jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    const versions = lines.slice(1, -1);
    expect(versions.map((v) => v.plugin_key).sort()).toEqual([first, second].sort());
    for (const v of versions) expect(Object.keys(v.files).length).toBeGreaterThanOrEqual(4);
    expect(lines.at(-1)).toMatchObject({ kind: 'end', count: 2 });
  });

  it('loads a bundle with the checks of a pull, and a second import changes nothing', async () => {
    const m = await freshMirror();
    const imported = await run(runImportBundleCommand, m.config, [bundle]);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toContain('2 added');
    const detail = body<{ data: PluginDetail }>(
      await m.app.inject({ url: `/api/cmt/plugin?plugin_key=${first}` }),
    );
    expect(detail.data).toMatchObject({ plugin_key: first, current_version: '1.0.0' });
    const row = await m.app.db.kysely
      .selectFrom('plugin')
      .select(['mirrored_from', 'owner_id'])
      .where('plugin_key', '=', second)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mirrored_from: ORIGIN, owner_id: null });
    const again = await run(runImportBundleCommand, m.config, [bundle]);
    expect(again.code).toBe(0);
    expect(again.out).toContain('0 added, 0 updated, 0 withdrawn, 2 unchanged');
    expect(await m.app.db.kysely.selectFrom('plugin_version').select('id').execute()).toHaveLength(2);
    expect(await m.app.mirror.lastPull()).toMatchObject({ source: 'bundle', upstream: ORIGIN, unchanged: 2 });
    // Unlisted upstream: the next bundle withdraws it here.
    expect((await json('POST', '/api/cmt/plugin/unlist', 'author', { plugin_key: second })).status).toBe(200);
    const later = join(dir, 'later.jsonl');
    expect((await run(runExportCommand, up.config, ['--since', '0', '--origin', ORIGIN, later])).code).toBe(
      0,
    );
    const withdrawn = await run(runImportBundleCommand, m.config, [later]);
    expect(withdrawn.out).toContain('1 withdrawn');
    await json('POST', '/api/cmt/plugin/relist', 'author', { plugin_key: second });
  }, 60_000);

  it('keeps the bundle’s keys: `verify` passes with no --jwks and the deployment’s JWKS answers the upstream’s key', async () => {
    const m = await freshMirror();
    const upstreamJwks = body<VersionKeySet>(
      await up.app.inject({ url: '/.well-known/plugin-center/jwks.json' }),
    );
    const upstreamKid = upstreamJwks.keys[0]!.kid;
    const before = body<VersionKeySet>(await m.app.inject({ url: '/.well-known/plugin-center/jwks.json' }));
    expect(before.keys.map((k) => k.kid)).not.toContain(upstreamKid);
    expect((await run(runImportBundleCommand, m.config, [bundle])).code).toBe(0);
    const verified = await run(runVerifyCommand, m.config, [first]);
    expect(verified.code, verified.err).toBe(0);
    expect(verified.out).toMatch(new RegExp(`^OK: ${first} 1\\.0\\.0 is signed by key ${upstreamKid} `));
    const served = body<VersionKeySet>(await m.app.inject({ url: '/.well-known/plugin-center/jwks.json' }));
    // The deployment's own keys first, then the upstream's, public members only.
    expect(served.keys.slice(0, before.keys.length)).toEqual(before.keys);
    expect(served.keys.find((k) => k.kid === upstreamKid)).toEqual(upstreamJwks.keys[0]);
    // A design tool checks a version the deployment serves with the deployment's JWKS alone.
    const detail = body<{ data: PluginDetail }>(
      await m.app.inject({ url: `/api/cmt/plugin?plugin_key=${second}` }),
    ).data;
    const signature = detail.versions.find((v) => v.version === detail.current_version)!.signature;
    expect(
      await verifyVersionSignature(signature, served, {
        plugin_key: second,
        version: detail.current_version!,
      }),
    ).toMatchObject({ ok: true, kid: upstreamKid });
    // A later import (here the same bundle, pinned) keeps the key once; the cursor of a pull stays.
    const pinnedFile = join(dir, 'kept-jwks.json');
    await writeFile(pinnedFile, JSON.stringify(upstreamJwks));
    expect((await run(runImportBundleCommand, m.config, [bundle, '--jwks', pinnedFile])).code).toBe(0);
    const state = await m.app.db.kysely
      .selectFrom('mirror_state')
      .select(['cursor', 'jwks'])
      .where('upstream', '=', ORIGIN)
      .executeTakeFirstOrThrow();
    expect(state.cursor).toBe('0');
    expect(JSON.parse(state.jwks!).keys.map((k: { kid: string }) => k.kid)).toEqual(
      upstreamJwks.keys.map((k) => k.kid),
    );
    // The same key kept for another origin too (one upstream known by two names): answered once,
    // and `verify` still finds it once (a key listed twice verifies nothing).
    await m.app.db.kysely
      .insertInto('mirror_state')
      .values({ upstream: 'https://alias.example.com', cursor: '0', jwks: state.jwks, update_time: 1 })
      .execute();
    const again = body<VersionKeySet>(await m.app.inject({ url: '/.well-known/plugin-center/jwks.json' }));
    expect(again.keys.filter((k) => k.kid === upstreamKid)).toHaveLength(1);
    expect((await run(runVerifyCommand, m.config, [second])).code).toBe(0);
  }, 60_000);

  it('refuses a changed, cut short or malformed bundle, loading nothing', async () => {
    const m = await freshMirror();
    const text = await readFile(bundle, 'utf8');
    const lines = text.trimEnd().split('\n');
    const cases: [string, string, RegExp][] = [
      ['changed', text.replace('Contrast Checker Pro', 'Contrast Checker Pr0'), /SHA-256/],
      ['cut', `${lines.slice(0, -1).join('\n')}\n`, /no trailer/],
      ['notjson', `${lines[0]}\n{oops\n${lines.slice(1).join('\n')}\n`, /line 2: not JSON/],
      [
        'wrongtypes',
        `${lines[0]}\n{"kind":"version","seq":"x"}\n${lines.slice(1).join('\n')}\n`,
        /line 2: not a change/,
      ],
      [
        'nul',
        `${lines[0]}\n{"kind":"withdrawn","seq":1,"plugin_key":"a\\u0000b"}\n${lines.slice(1).join('\n')}\n`,
        /line 2: not a change/,
      ],
      ['empty', '', /empty/],
      ['header', `{"format":"other"}\n`, /header/],
      [
        'origin',
        `${JSON.stringify({ format: BUNDLE_FORMAT, origin: 'javascript:alert(1)', jwks: {} })}\n`,
        /not an origin/,
      ],
    ];
    for (const [name, content, reason] of cases) {
      const file = join(dir, `${name}.jsonl`);
      await writeFile(file, content);
      const result = await run(runImportBundleCommand, m.config, [file]);
      expect(result.code, name).toBe(1);
      expect(result.err, name).toMatch(reason);
    }
    expect(await pluginCount(m)).toBe(0);
    // A line over the cap is refused by its number, before it is held whole; the same bundle with
    // Windows line ends still checks.
    await expect(checkBundle(bundle, undefined, 1024)).rejects.toThrow(/^line 2: longer than 1024 bytes$/);
    const crlf = join(dir, 'crlf.jsonl');
    await writeFile(crlf, text.replaceAll('\n', '\r\n'));
    expect((await checkBundle(crlf)).count).toBe((await checkBundle(bundle)).count);
  }, 60_000);

  it('checks every version even under a trailer someone else signed; a pinned JWKS refuses that trailer', async () => {
    const m = await freshMirror();
    const upstreamJwks = body<VersionKeySet>(
      await up.app.inject({ url: '/.well-known/plugin-center/jwks.json' }),
    );
    const lines = (await readFile(bundle, 'utf8')).trimEnd().split('\n').slice(0, -1);
    // One file of the first version replaced, then a trailer made with another key that the
    // header's JWKS now holds too.
    const version = JSON.parse(lines[1]!);
    const icon = Object.keys(version.files).find((k) => k.endsWith('.png'))!;
    version.files[icon] = Buffer.from(pngBytes(32, 32, [7, 7, 7])).toString('base64');
    lines[1] = JSON.stringify(version);
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const attacker = { ...(await exportJWK(publicKey)), kid: 'attacker', alg: 'EdDSA', use: 'sig' };
    const header = JSON.parse(lines[0]!);
    header.jwks = { keys: [...upstreamJwks.keys, attacker] };
    lines[0] = JSON.stringify(header);
    const body_ = `${lines.join('\n')}\n`;
    const sha256 = (await import('node:crypto')).createHash('sha256').update(body_).digest('hex');
    const jws = await new CompactSign(
      new TextEncoder().encode(canonicalJson({ count: 2, format: BUNDLE_FORMAT, origin: ORIGIN, sha256 })),
    )
      .setProtectedHeader({ alg: 'EdDSA', typ: BUNDLE_SIGNATURE_TYPE, kid: 'attacker' })
      .sign(privateKey);
    const forged = join(dir, 'forged.jsonl');
    await writeFile(forged, `${body_}${JSON.stringify({ kind: 'end', count: 2, sha256, jws })}\n`);
    const loose = await run(runImportBundleCommand, m.config, [forged]);
    expect(loose.code).toBe(1);
    expect(loose.out).toContain('1 added');
    expect(loose.err).toMatch(
      new RegExp(`FAILED: ${version.plugin_key} 1.0.0: .*does not match its signature`),
    );
    const stored = await m.app.db.kysely.selectFrom('plugin').select('plugin_key').execute();
    expect(stored.map((r) => r.plugin_key)).not.toContain(version.plugin_key);
    // With the upstream's JWKS pinned, the forged trailer is refused as a whole.
    const pinnedFile = join(dir, 'jwks.json');
    await writeFile(pinnedFile, JSON.stringify(upstreamJwks));
    const m2 = await freshMirror();
    const pinned = await run(runImportBundleCommand, m2.config, [forged, '--jwks', pinnedFile]);
    expect(pinned.code).toBe(1);
    expect(pinned.err).toMatch(/names a key \(attacker\) the JWKS does not hold/);
    expect(await pluginCount(m2)).toBe(0);
    // The genuine bundle loads with the pinned JWKS.
    expect((await run(runImportBundleCommand, m2.config, [bundle, '--jwks', pinnedFile])).code).toBe(0);
    expect(await pluginCount(m2)).toBe(2);
  }, 60_000);

  it('exports nothing before --since, and answers bad usage with 2', async () => {
    const future = join(dir, 'future.jsonl');
    const result = await run(runExportCommand, up.config, [
      '--since',
      '2999-01-01T00:00:00Z',
      '--origin',
      ORIGIN,
      future,
    ]);
    expect(result.code).toBe(0);
    expect(result.out).toContain('0 versions and 0 earlier versions, 0 withdrawals');
    expect(parseTime('1700000000000')).toBe(1_700_000_000_000);
    expect(parseTime('2026-01-31')).toBe(Date.UTC(2026, 0, 31));
    for (const args of [
      [],
      ['--since', 'yesterday', '--origin', ORIGIN, join(dir, 'x')],
      ['--since', '0', join(dir, 'x')],
      ['--since', '0', '--origin', 'https://a.example/path', join(dir, 'x')],
      ['--since', '0', '--origin', ORIGIN, 'a', 'b'],
    ])
      expect((await run(runExportCommand, up.config, args)).code, args.join(' ')).toBe(2);
    // An existing file is never overwritten.
    expect((await run(runExportCommand, up.config, ['--since', '0', '--origin', ORIGIN, bundle])).code).toBe(
      1,
    );
    expect((await run(runImportBundleCommand, up.config, [])).code).toBe(2);
    expect((await run(runImportBundleCommand, up.config, [join(dir, 'missing.jsonl')])).code).toBe(1);
    expect((await run(runMirrorCommand, up.config, ['pull'])).code).toBe(2);
    expect((await run(runMirrorCommand, up.config, ['push'])).code).toBe(2);
  }, 60_000);
});
