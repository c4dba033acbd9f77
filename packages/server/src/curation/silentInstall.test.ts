/**
 * The default (silent) install set through the real server on SQLite and
 * PostgreSQL: the administrator's toggle (shown by the detail and the admin list, audit-logged,
 * idempotent), and new accounts — sign-up, admin-created, third-party — getting the set when they
 * are created, with install counters equal to their rows.
 */
import {
  type AuditLogPage,
  type ErrorEnvelope,
  type InstalledListResult,
  type PluginDetail,
  Role,
  type SilentInstallList,
  type SilentInstallResult,
} from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvedPluginKeys,
  body,
  createTestApp,
  signedInHeaders,
  signInTestUser,
  type TestApp,
} from '../testing/testApp';
import { multipart, publishFields } from '../testing/testFiles';

let t: TestApp;
let admin: Record<string, string>;
let keys: string[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInHeaders(t.app, { role: Role.SUPER_ADMIN });
  keys = await approvedPluginKeys(t.app, 4);
});

afterAll(async () => {
  await t?.close();
});

function toggle(payload: unknown, headers = admin) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/cmt/plugin/silent_install',
    headers,
    payload: payload as object,
  });
}

async function installed(accessToken: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/cmt/plugin/user',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(res.statusCode).toBe(200);
  return body<{ data: InstalledListResult }>(res)
    .data.plugin_list.map((p) => p.plugin_key)
    .sort();
}

async function countersMatchRows(pluginKey: string): Promise<void> {
  const db = t.app.db.kysely;
  const plugin = await db
    .selectFrom('plugin')
    .select(['id', 'download_count'])
    .where('plugin_key', '=', pluginKey)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('plugin_install')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('plugin_id', '=', plugin.id)
    .executeTakeFirstOrThrow();
  expect(plugin.download_count).toBe(Number(rows.n));
}

async function detail(pluginKey: string): Promise<PluginDetail> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/cmt/plugin?plugin_key=${encodeURIComponent(pluginKey)}`,
  });
  return body<{ data: PluginDetail }>(res).data;
}

describe('the silent-install toggle', () => {
  it('marks and unmarks a plugin, shown by the detail and the admin list, logged once per change', async () => {
    expect((await detail(keys[0]!)).is_default_install).toBe(false);
    const on = await toggle({ plugin_key: keys[0], is_default_install: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(body<{ data: SilentInstallResult }>(on).data).toEqual({
      plugin_key: keys[0],
      is_default_install: true,
    });
    expect((await detail(keys[0]!)).is_default_install).toBe(true);
    expect((await toggle({ plugin_key: keys[0], is_default_install: true })).statusCode).toBe(200);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/cmt/plugin/silent_install/list',
      headers: admin,
    });
    expect(body<{ data: SilentInstallList }>(listed).data.plugin_list.map((p) => p.plugin_key)).toContain(
      keys[0],
    );

    const off = await toggle({ plugin_key: keys[0], is_default_install: false });
    expect(body<{ data: SilentInstallResult }>(off).data.is_default_install).toBe(false);
    expect((await detail(keys[0]!)).is_default_install).toBe(false);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/cmt/plugin/silent_install/list',
      headers: admin,
    });
    expect(body<{ data: SilentInstallList }>(after).data.plugin_list.map((p) => p.plugin_key)).not.toContain(
      keys[0],
    );

    const log = await t.app.inject({
      method: 'GET',
      url: `/api/cmt/manager/audit-log?plugin_key=${encodeURIComponent(keys[0]!)}`,
      headers: admin,
    });
    expect(body<{ data: AuditLogPage }>(log).data.entry_list.map((e) => e.action)).toEqual([
      'silent_install_off',
      'silent_install_on',
    ]);
  });

  it('refuses unknown plugins and hostile bodies, writing nothing', async () => {
    const unknown = await toggle({ plugin_key: 'no-such-plugin', is_default_install: true });
    expect(unknown.statusCode).toBe(404);
    expect(body<ErrorEnvelope>(unknown).error).toBe('PLUGIN_NOT_FOUND');
    expect((await toggle({ plugin_key: 'no-such-plugin', is_default_install: false })).statusCode).toBe(404);
    for (const payload of [
      {},
      { plugin_key: keys[1] },
      { is_default_install: true },
      { plugin_key: keys[1], is_default_install: 'true' },
      { plugin_key: keys[1], is_default_install: 1 },
      { plugin_key: 'a\u0000b', is_default_install: true },
      { plugin_key: 'x'.repeat(100_000), is_default_install: true },
      { plugin_key: 7, is_default_install: true },
      { plugin_key: keys[1], is_default_install: true, extra: 1 },
    ]) {
      const res = await toggle(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body<ErrorEnvelope>(res).error).toBe('INVALID_PARAMETER');
    }
    expect((await detail(keys[1]!)).is_default_install).toBe(false);
    const user = await signInTestUser(t.app);
    const res = await toggle(
      { plugin_key: keys[1], is_default_install: true },
      {
        authorization: `Bearer ${user.access_token}`,
      },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('new accounts get the default set when they are created', () => {
  it('installs it for sign-up, admin-created and third-party accounts, counters equal to rows', async () => {
    const defaults = [keys[2]!, keys[3]!].sort();
    for (const key of defaults) {
      expect((await toggle({ plugin_key: key, is_default_install: true })).statusCode).toBe(200);
    }

    // Sign-up through the login page, then the code exchange.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/sign_up',
      payload: {
        email: 'new-silent@example.com',
        password: 'long enough password',
        redirect_uri: '/plugins/',
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const signedUp = await t.app.db.kysely
      .selectFrom('user_account')
      .select('id')
      .where('email', '=', 'new-silent@example.com')
      .executeTakeFirstOrThrow();
    const signedUpSession = await t.app.identity.startSession(signedUp.id);
    expect(await installed(signedUpSession.access_token)).toEqual(defaults);

    // An account created by an administrator (`plugin-center admin`) and through the test helper.
    const made = await t.app.identity.setAdministrator('made-by-admin@example.com', Role.GENERAL_ADMIN);
    expect(await installed((await t.app.identity.startSession(made.user.user_id)).access_token)).toEqual(
      defaults,
    );
    const helper = await signInTestUser(t.app);
    expect(await installed(helper.access_token)).toEqual(defaults);

    // A third-party first sign-in.
    const thirdParty = await t.app.identity.thirdPartyAccount({
      source: 'docs',
      subject: 'subject-1',
      email: 'third@example.com',
      email_verified: true,
      name: 'Third',
      picture: null,
    });
    expect(await installed((await t.app.identity.startSession(thirdParty)).access_token)).toEqual(defaults);

    // Nothing left for the explicit call to add.
    const silent = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/user/new/silent',
      headers: { authorization: `Bearer ${helper.access_token}` },
    });
    expect(body<{ data: InstalledListResult }>(silent).data.plugin_list).toEqual([]);

    for (const key of defaults) {
      await countersMatchRows(key);
      expect((await detail(key)).download_count).toBeGreaterThanOrEqual(4);
    }

    // Unmarked: the next account does not get it.
    await toggle({ plugin_key: keys[3], is_default_install: false });
    expect(await installed((await signInTestUser(t.app)).access_token)).toEqual([keys[2]]);
    await countersMatchRows(keys[3]!);
  });
});

describe('concurrent account creation', () => {
  it('gives every account the default set, counters equal to rows', async () => {
    const defaults = [keys[1]!, keys[2]!];
    for (const key of defaults) await toggle({ plugin_key: key, is_default_install: true });
    const sessions = await Promise.all(Array.from({ length: 8 }, () => signInTestUser(t.app)));
    for (const session of sessions) {
      expect(await installed(session.access_token)).toEqual(expect.arrayContaining(defaults));
    }
    for (const key of defaults) await countersMatchRows(key);
  });
});

describe('the flag across new versions', () => {
  it("survives an author's new version approved before or after the toggle", async () => {
    const author = await signedInHeaders(t.app);
    const send = async (method: 'POST' | 'PUT', fields: Parameters<typeof multipart>[0]) => {
      const { payload, headers } = await multipart(fields);
      const res = await t.app.inject({
        method,
        url: '/api/cmt/plugin',
        payload,
        headers: { ...headers, ...author },
      });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ data: { plugin_key: string } }>(res).data.plugin_key;
    };
    const approve = async (pluginKey: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cmt/plugin/audit/status',
        headers: admin,
        payload: { plugin_key: pluginKey, status: 2 },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const key = await send('POST', publishFields({ name: 'Silent Survivor' }));
    await approve(key);
    expect((await toggle({ plugin_key: key, is_default_install: true })).statusCode).toBe(200);

    // A new version submitted after the toggle, then approved.
    await send('PUT', publishFields({ plugin_key: key, name: 'Silent Survivor', version: '1.0.1' }));
    await approve(key);
    expect((await detail(key)).is_default_install).toBe(true);

    // A new version waiting while the flag is cleared, then approved.
    await send('PUT', publishFields({ plugin_key: key, name: 'Silent Survivor', version: '1.0.2' }));
    expect((await toggle({ plugin_key: key, is_default_install: false })).statusCode).toBe(200);
    await approve(key);
    expect((await detail(key)).is_default_install).toBe(false);
  });
});
