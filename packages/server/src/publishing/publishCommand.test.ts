/**
 * Publishing from a terminal: personal access tokens created and revoked by their owner,
 * stored hashed, accepted only by the publishing calls; `plugin-center publish` against the real
 * server listening on a port, on both dialects.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreatedPersonalToken, PersonalTokenList, SubmissionPage } from '@plugin-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { pngBytes, realManifest } from '../testing/testFiles';
import { runPublishCommand } from './publishCommand';

let t: TestApp;
let session = '';
let server = '';
let folder = '';
const listing = {
  name: 'Lint Bot',
  intro: 'Finds inconsistent styles',
  tags: ['lint'],
  version: '2.0.0',
  version_content: 'From CI',
  icon: 'icon.png',
};

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
  session = (await signInTestUser(t.app)).access_token;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  server = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  folder = await mkdtemp(join(tmpdir(), 'plugin-center-publish-'));
  await writeFile(join(folder, 'manifest.json'), realManifest());
  await writeFile(join(folder, 'icon.png'), pngBytes(32, 32));
  await writeFile(join(folder, 'README.md'), '# Lint Bot\n\nFinds **inconsistent** styles.');
  await writeFile(join(folder, 'plugin-center.json'), JSON.stringify(listing));
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

async function publish(args: string[], token: string) {
  const lines: string[] = [];
  const code = await runPublishCommand(
    [folder, '--server', server, ...args],
    { PLUGIN_CENTER_TOKEN: token },
    {
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
    },
  );
  return { code, lines };
}

describe(`personal access tokens and plugin-center publish (${TEST_DIALECT})`, () => {
  let token: CreatedPersonalToken;

  it('creates a token shown once, listed by prefix only and stored as a hash', async () => {
    const created = await call('POST', '/api/cmt/user/tokens', session, { name: 'CI', expires_in_days: 30 });
    expect(created.statusCode, created.body).toBe(200);
    token = body<{ data: CreatedPersonalToken }>(created).data;
    expect(token.token).toMatch(/^pcpat_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      name: 'CI',
      scope: 'publish',
      prefix: token.token.slice(0, 12),
      last_used_time: null,
    });
    const list = body<{ data: PersonalTokenList }>(await call('GET', '/api/cmt/user/tokens', session)).data;
    expect(list.token_list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(token.token);
    const stored = await t.app.db.kysely.selectFrom('personal_access_token').select('token_hash').execute();
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token.token.slice(6));
  });

  it('publishes from a folder with the token, and the plugin is the owner’s', async () => {
    const { code, lines } = await publish([], token.token);
    expect(lines.join('\n')).toMatch(
      /^Published Lint Bot 2\.0\.0 as lint-bot-[0-9a-f]{10}: waiting for review/,
    );
    expect(code).toBe(0);
    const mine = body<{ data: SubmissionPage }>(await call('GET', '/api/cmt/plugin/audit', session)).data;
    expect(mine.submission_list[0]).toMatchObject({
      name: 'Lint Bot',
      version: '2.0.0',
      description: expect.stringContaining('inconsistent'),
      platforms: ['figma'], // read from its Figma manifest
    });
    const key = mine.submission_list[0]!.plugin_key;
    // A new version with --plugin-key; the same version again is refused with the field named.
    const again = await publish(['--plugin-key', key], token.token);
    expect(again.code).toBe(1);
    expect(again.lines.join('\n')).toMatch(/409 version: must be greater than 2\.0\.0 \[version\]/);
    // The manifest's id is the plugin's identity: the folder published again without a key is a
    // new version of the same plugin, under the same rules (before: a second plugin, or 409
    // MANIFEST_ID_TAKEN).
    expect(lines.join('\n')).toContain(`The plugin key is ${key}`);
    const same = await publish([], token.token);
    expect(same.code).toBe(1);
    expect(same.lines.join('\n')).toMatch(/409 version: must be greater than 2\.0\.0 \[version\]/);
    await writeFile(
      join(folder, 'plugin-center.json'),
      JSON.stringify({ ...listing, version: '2.1.0', platforms: ['figma', 'penpot'] }),
    );
    const next = await publish([], token.token);
    expect(next.lines.join('\n')).toContain(`Published Lint Bot 2.1.0 as ${key}: waiting for review`);
    expect(next.code).toBe(0);
    const after = body<{ data: SubmissionPage }>(await call('GET', '/api/cmt/plugin/audit', session)).data;
    expect(after.submission_list.map((s) => [s.plugin_key, s.version, s.platforms])).toEqual([
      [key, '2.1.0', ['figma', 'penpot']],
    ]);
    const used = body<{ data: PersonalTokenList }>(await call('GET', '/api/cmt/user/tokens', session)).data;
    expect(used.token_list[0]!.last_used_time).toEqual(expect.any(Number));
  });

  it('is refused everywhere but the publishing calls (it cannot mint tokens or act as the user)', async () => {
    for (const [method, url] of [
      ['GET', '/api/uc/user/userinfo'],
      ['GET', '/api/cmt/user/tokens'],
      ['POST', '/api/cmt/user/tokens'],
      ['GET', '/api/cmt/plugin/user'],
      ['GET', '/api/cmt/plugin/audit/list'],
      ['GET', '/api/cmt/manager/verify'],
    ] as const) {
      const response = await call(method, url, token.token, method === 'POST' ? { name: 'x' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.body).toContain('personal access token is accepted only');
    }
    expect((await call('GET', '/api/cmt/plugin/audit', token.token)).statusCode).toBe(200);
  });

  it('stops working once expired or revoked, and only its owner can revoke it', async () => {
    const other = (await signInTestUser(t.app)).access_token;
    expect((await call('DELETE', '/api/cmt/user/tokens', other, { id: token.id })).statusCode).toBe(404);
    await t.app.db.kysely
      .updateTable('personal_access_token')
      .set({ expire_time: Date.now() - 1 })
      .execute();
    const expired = await call('GET', '/api/cmt/plugin/audit', token.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.body).toContain('expired');
    await t.app.db.kysely.updateTable('personal_access_token').set({ expire_time: null }).execute();
    expect((await call('DELETE', '/api/cmt/user/tokens', session, { id: token.id })).statusCode).toBe(200);
    const revoked = await call('GET', '/api/cmt/plugin/audit', token.token);
    expect(revoked.statusCode).toBe(401);
    const cli = await publish([], token.token);
    expect(cli.code).toBe(1);
    expect(cli.lines.join('\n')).toMatch(/401 unknown or revoked personal access token/);
    expect(cli.lines).toContain('hint: create a new token in the app under My plugins → Access tokens');
  });

  it('explains a missing token and a bad listing', async () => {
    const lines: string[] = [];
    const sink = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await runPublishCommand([folder], {}, sink)).toBe(2);
    expect(lines.join('\n')).toMatch(/no token/);
    // The page as the app names it (the My plugins page's "Access tokens" link).
    expect(lines.join('\n')).toContain('create one in the app under My plugins → Access tokens');
    expect(await runPublishCommand([join(folder, 'missing.json')], { PLUGIN_CENTER_TOKEN: 'x' }, sink)).toBe(
      1,
    );
    expect(lines.join('\n')).toMatch(/cannot read the listing/);
  });
});
