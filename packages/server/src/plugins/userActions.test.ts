/**
 * The signed-in user's plugin calls through the real server (SQLite and PostgreSQL projects):
 * install / uninstall, like / unlike, silent install of default plugins, the installed list, the
 * detail's is_praise / is_installed, and counters that equal their rows under concurrent requests.
 */
import type {
  InstalledListResult,
  InstallResult,
  PluginDetail,
  PraiseResult,
} from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedPluginKeys, body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';

let t: TestApp;
let token: string;
let keys: string[];

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

beforeAll(async () => {
  t = await createTestApp();
  token = (await signInTestUser(t.app)).access_token;
  keys = await approvedPluginKeys(t.app, 5);
});

afterAll(async () => {
  await t?.close();
});

async function counts(pluginKey: string) {
  const db = t.app.db.kysely;
  const plugin = await db
    .selectFrom('plugin')
    .select(['id', 'download_count', 'praise_count'])
    .where('plugin_key', '=', pluginKey)
    .executeTakeFirstOrThrow();
  const rows = async (table: 'plugin_install' | 'plugin_praise') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('plugin_id', '=', plugin.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    download_count: plugin.download_count,
    praise_count: plugin.praise_count,
    installs: await rows('plugin_install'),
    praises: await rows('plugin_praise'),
  };
}

function install(pluginKey: string, accessToken = token, method: 'POST' | 'DELETE' = 'POST') {
  return t.app.inject({
    method,
    url: '/api/cmt/plugin/user',
    headers: bearer(accessToken),
    payload: { plugin_key: pluginKey },
  });
}

function praise(pluginKey: string, value: 1 | -1, accessToken = token) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cmt/plugin/user/praise',
    headers: bearer(accessToken),
    payload: { plugin_key: pluginKey, praise: value },
  });
}

function detail(pluginKey: string, accessToken?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/cmt/plugin?plugin_key=${encodeURIComponent(pluginKey)}`,
    headers: accessToken ? bearer(accessToken) : {},
  });
}

describe('signed-in plugin calls need a user', () => {
  it.each([
    ['POST', '/api/cmt/plugin/user', { plugin_key: 'x' }],
    ['DELETE', '/api/cmt/plugin/user', { plugin_key: 'x' }],
    ['GET', '/api/cmt/plugin/user', undefined],
    ['POST', '/api/cmt/plugin/user/praise', { plugin_key: 'x', praise: 1 }],
    ['POST', '/api/cmt/plugin/user/new/silent', undefined],
  ] as const)(
    '%s %s answers 401 UNAUTHORIZED without a token or with a forged one',
    async (method, url, payload) => {
      for (const headers of [{}, bearer('not.a.jwt'), bearer(`${token.slice(0, -4)}AAAA`)]) {
        const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(res.statusCode).toBe(401);
        expect(body(res)).toMatchObject({ code: 401, error: 'UNAUTHORIZED', data: null });
      }
    },
  );
});

describe('install and uninstall', () => {
  it('installs once however often it is asked, shows it in the detail and the installed list, and uninstalls', async () => {
    const key = keys[0]!;
    const before = await counts(key);
    for (let i = 0; i < 2; i++) {
      const res = await install(key);
      expect(res.statusCode).toBe(200);
      expect(body<{ data: InstallResult }>(res).data).toEqual({
        plugin_key: key,
        is_installed: true,
        download_count: before.download_count + 1,
      });
    }
    expect(body<{ data: PluginDetail }>(await detail(key, token)).data).toMatchObject({
      is_installed: true,
      is_praise: false,
      download_count: before.download_count + 1,
    });
    // Anonymous readers see no personal state.
    expect(body<{ data: PluginDetail }>(await detail(key)).data.is_installed).toBe(false);
    const list = await t.app.inject({ method: 'GET', url: '/api/cmt/plugin/user', headers: bearer(token) });
    expect(body<{ data: InstalledListResult }>(list).data.plugin_list.map((p) => p.plugin_key)).toEqual([
      key,
    ]);

    for (let i = 0; i < 2; i++) {
      const res = await install(key, token, 'DELETE');
      expect(body<{ data: InstallResult }>(res).data).toEqual({
        plugin_key: key,
        is_installed: false,
        download_count: before.download_count,
      });
    }
    expect(body<{ data: PluginDetail }>(await detail(key, token)).data.is_installed).toBe(false);
  });

  it('answers 404 PLUGIN_NOT_FOUND for an unknown plugin and 400 for a missing key', async () => {
    const res = await install('no-such-plugin');
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ error: 'PLUGIN_NOT_FOUND' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/user',
      headers: bearer(token),
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ error: 'INVALID_PARAMETER' });
  });
});

describe('like and unlike', () => {
  it('praise 1 likes, -1 unlikes, both idempotent, and the detail says so', async () => {
    const key = keys[1]!;
    const before = await counts(key);
    for (const value of [1, 1] as const) {
      const res = await praise(key, value);
      expect(body<{ data: PraiseResult }>(res).data).toEqual({
        plugin_key: key,
        is_praise: true,
        praise_count: before.praise_count + 1,
      });
    }
    expect(body<{ data: PluginDetail }>(await detail(key, token)).data).toMatchObject({
      is_praise: true,
      praise_count: before.praise_count + 1,
    });
    for (const value of [-1, -1] as const) {
      const res = await praise(key, value);
      expect(body<{ data: PraiseResult }>(res).data.praise_count).toBe(before.praise_count);
    }
    expect(body<{ data: PluginDetail }>(await detail(key, token)).data.is_praise).toBe(false);
  });

  it('rejects a praise other than 1 or -1 with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/user/praise',
      headers: bearer(token),
      payload: { plugin_key: keys[1], praise: 2 },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ error: 'INVALID_PARAMETER' });
  });
});

describe('counters equal their rows under concurrent requests', () => {
  it('12 users installing, liking, unliking and uninstalling at once leave counts equal to rows', async () => {
    const key = keys[2]!;
    const users = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signInTestUser(t.app, { email: `concurrent${i}@example.com` })),
    );
    // Every user installs and likes three times at once.
    await Promise.all(
      users.flatMap((u) =>
        [0, 1, 2].flatMap(() => [install(key, u.access_token), praise(key, 1, u.access_token)]),
      ),
    );
    let c = await counts(key);
    expect(c).toEqual({ download_count: 12, praise_count: 12, installs: 12, praises: 12 });

    // Half of them uninstall and unlike, twice at once, while the others install again.
    await Promise.all(
      users.flatMap((u, i) =>
        i % 2 === 0
          ? [0, 1].flatMap(() => [install(key, u.access_token, 'DELETE'), praise(key, -1, u.access_token)])
          : [install(key, u.access_token), praise(key, 1, u.access_token)],
      ),
    );
    c = await counts(key);
    expect(c).toEqual({ download_count: 6, praise_count: 6, installs: 6, praises: 6 });
  });
});

describe('silent install for new users', () => {
  it('installs the default-install plugins once and lists them for the editor', async () => {
    const user = await signInTestUser(t.app, { email: 'silent@example.com' });
    const defaults = [keys[3]!, keys[4]!];
    await t.app.db.kysely
      .updateTable('plugin')
      .set({ is_default_install: 1 })
      .where('plugin_key', 'in', defaults)
      .execute();
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/cmt/plugin/user/new/silent',
        headers: bearer(user.access_token),
      });
    const first = body<{ data: InstalledListResult }>(await call()).data.plugin_list.map((p) => p.plugin_key);
    expect(first.sort()).toEqual([...defaults].sort());
    expect(body<{ data: InstalledListResult }>(await call()).data.plugin_list).toEqual([]);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/cmt/plugin/user',
      headers: bearer(user.access_token),
    });
    expect(
      body<{ data: InstalledListResult }>(list)
        .data.plugin_list.map((p) => p.plugin_key)
        .sort(),
    ).toEqual([...defaults].sort());
    for (const key of defaults) {
      const c = await counts(key);
      expect(c.download_count).toBe(c.installs);
    }
  });
});
