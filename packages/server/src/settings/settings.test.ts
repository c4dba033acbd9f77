/**
 * The settings against the real server, on SQLite and PostgreSQL: the space setting
 * (public reads, administrator's validated save, defaults), the icon-font and stock-photo accounts
 * (masked answers, the masked text keeping the stored secret, half accounts refused), secrets never
 * at rest in clear (SQLite file bytes, PostgreSQL rows), never in a log line (the Fastify logger
 * captured at trace level), never in the audit log; a wrong key failing clearly, and key rotation.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AuditLogPage,
  type IconfontConfig,
  type PexelsConfig,
  Role,
  SECRET_MASK_PREFIX,
  type SpaceSetting,
  type SpaceSettingResource,
} from '@plugin-center/contract/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { captureLogger, data, type Method } from '../testing/testSettings';

/** Every log line the server wrote (pino JSON, trace level). */
const logLines: string[] = [];

let t: TestApp;
let admin: string;
let generalAdmin: string;
let user: string;

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false, logger: captureLogger(logLines) });
  admin = (await signInTestUser(t.app, { role: Role.SUPER_ADMIN })).access_token;
  generalAdmin = (await signInTestUser(t.app, { role: Role.GENERAL_ADMIN })).access_token;
  user = (await signInTestUser(t.app)).access_token;
}, 60_000);
afterAll(async () => t?.close());

function call(
  method: Method,
  url: string,
  token?: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
async function auditEntries(action: string) {
  const page = await data<AuditLogPage>(await call('GET', '/api/cmt/manager/audit-log?page_size=100', admin));
  return page.entry_list.filter((e) => e.action === action);
}
/** Every stored byte that could hold a secret: the SQLite files, or the PostgreSQL rows as text. */
async function storedText(app: TestApp): Promise<string> {
  if (TEST_DIALECT === 'sqlite') {
    return ['plugin-center.db', 'plugin-center.db-wal']
      .map((name) => join(app.config.dataDir, name))
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file).toString('latin1'))
      .join('\n');
  }
  const settings = await app.app.db.kysely.selectFrom('app_setting').selectAll().execute();
  const audit = await app.app.db.kysely.selectFrom('audit_log').selectAll().execute();
  return JSON.stringify([settings, audit]);
}

describe(`space setting (${TEST_DIALECT})`, () => {
  const defaults = {
    ext: {
      brand: { enable: false, brand_key: '' },
      template: { topic_color_key: 'indigo' },
      login_storage: 0,
    },
    update_time: null,
  };

  it('answers its defaults publicly on all three reads, and each part by key', async () => {
    expect(await data<SpaceSetting>(await call('GET', '/api/pix/mst/spaces/setting'))).toEqual(defaults);
    expect(await data<SpaceSetting>(await call('GET', '/api/pix/spaces/setting?space_id=2'))).toEqual(
      defaults,
    );
    expect(await data<SpaceSetting>(await call('GET', '/api/pix/spaces/setting'))).toEqual(defaults);
    expect(
      await data<SpaceSettingResource>(
        await call('GET', '/api/pix/mst/spaces/setting/resource?key=template'),
      ),
    ).toEqual({ key: 'template', value: { topic_color_key: 'indigo' } });
  });

  it('takes LOGIN_STORAGE as the default login storage', async () => {
    const other = await createTestApp({ importCatalogueOnEmpty: false, loginStorage: 2 });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/pix/spaces/setting?space_id=2' });
      expect(body<{ data: SpaceSetting }>(res).data.ext.login_storage).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('is changed by an administrator part by part, kept, answered to everyone, and audit-logged', async () => {
    const saved = await data<SpaceSetting>(
      await call('PUT', '/api/cmt/manager/space-setting', generalAdmin, {
        ext: { brand: { enable: true, brand_key: 'acme' }, login_storage: 2 },
      }),
    );
    expect(saved.ext).toEqual({
      brand: { enable: true, brand_key: 'acme' },
      template: { topic_color_key: 'indigo' },
      login_storage: 2,
    });
    expect(saved.update_time).toEqual(expect.any(Number));
    const next = await data<SpaceSetting>(
      await call('PUT', '/api/cmt/manager/space-setting', admin, {
        ext: { template: { topic_color_key: 'teal' }, brand: { enable: false } },
      }),
    );
    expect(next.ext).toEqual({
      brand: { enable: false, brand_key: 'acme' },
      template: { topic_color_key: 'teal' },
      login_storage: 2,
    });
    expect(await data<SpaceSetting>(await call('GET', '/api/pix/spaces/setting?space_id=2'))).toEqual(next);
    expect(await data<SpaceSetting>(await call('GET', '/api/pix/mst/spaces/setting'))).toEqual(next);
    expect(
      await data<SpaceSettingResource>(
        await call('GET', '/api/pix/mst/spaces/setting/resource?key=login_storage'),
      ),
    ).toEqual({ key: 'login_storage', value: 2 });
    expect(
      await data<SpaceSettingResource>(await call('GET', '/api/pix/mst/spaces/setting/resource?key=brand')),
    ).toEqual({ key: 'brand', value: { enable: false, brand_key: 'acme' } });
    const entries = await auditEntries('save_space_setting');
    expect(entries.map((e) => e.reason)).toEqual([
      'brand.enable true → false; template.topic_color_key "indigo" → "teal"',
      'brand.enable false → true; brand.brand_key "" → "acme"; login_storage 0 → 2',
    ]);
    expect(entries[0]!.plugin_key).toBe('');
  });

  it('refuses bad input with 400 in the envelope and changes nothing', async () => {
    const before = await data<SpaceSetting>(await call('GET', '/api/pix/mst/spaces/setting'));
    const logged = (await auditEntries('save_space_setting')).length;
    const bad: unknown[] = [
      {},
      { ext: {} },
      { ext: { template: { topic_color_key: 'chartreuse' } } },
      { ext: { template: {} } },
      { ext: { login_storage: 3 } },
      { ext: { login_storage: -1 } },
      { ext: { login_storage: '1' } },
      { ext: { login_storage: 1.5 } },
      { ext: { login_storage: 2 ** 53 } },
      { ext: { brand: {} } },
      { ext: { brand: { enable: 'yes' } } },
      { ext: { brand: { brand_key: 'Acme Inc' } } },
      { ext: { brand: { brand_key: 'a\u0000b' } } },
      { ext: { brand: { brand_key: 'a'.repeat(65) } } },
      { ext: { brand: { brand_key: 'x'.repeat(100_000) } } },
      { ext: { login_storage: 1, colour: 'red' } },
      { ext: { login_storage: 1 }, extra: true },
      { ext: [1] },
      { ext: null },
      [],
    ];
    for (const payload of bad) {
      const res = await call('PUT', '/api/cmt/manager/space-setting', admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body<{ error: string; data: null }>(res)).toMatchObject({
        error: expect.stringMatching(/^(INVALID_PARAMETER|MALFORMED_BODY)$/),
        data: null,
      });
    }
    for (const query of ['', '?key=', '?key=logo', '?key=brand&key=template', '?key=brand%00']) {
      const res = await call('GET', `/api/pix/mst/spaces/setting/resource${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(body<{ error: string }>(res).error).toBe('INVALID_PARAMETER');
    }
    expect(await data<SpaceSetting>(await call('GET', '/api/pix/mst/spaces/setting'))).toEqual(before);
    expect(await auditEntries('save_space_setting')).toHaveLength(logged);
  });

  it('loses no part when administrators save different parts at the same time', async () => {
    const parts = [
      { brand: { brand_key: 'concurrent' } },
      { template: { topic_color_key: 'purple' } },
      { login_storage: 1 },
      { brand: { enable: true } },
    ];
    const answers = await Promise.all(
      parts.map((ext, i) =>
        call('PUT', '/api/cmt/manager/space-setting', i % 2 ? admin : generalAdmin, { ext }),
      ),
    );
    for (const res of answers) expect(res.statusCode).toBe(200);
    const after = await data<SpaceSetting>(await call('GET', '/api/pix/mst/spaces/setting'));
    expect(after.ext).toEqual({
      brand: { enable: true, brand_key: 'concurrent' },
      template: { topic_color_key: 'purple' },
      login_storage: 1,
    });
  });

  it('lets no general user save it', async () => {
    const res = await call('PUT', '/api/cmt/manager/space-setting', user, { ext: { login_storage: 1 } });
    expect(res.statusCode).toBe(403);
    expect(body<{ message: string }>(res).message).toBe('Current account has no permission');
  });
});

describe(`icon-font and stock-photo accounts (${TEST_DIALECT})`, () => {
  const SECRET = `icf-${randomBytes(12).toString('hex')}-Zq9`;
  const API_KEY = `563492ad6f9170000100000${randomBytes(10).toString('hex')}`;

  it('answers nothing saved yet', async () => {
    expect(
      await data<IconfontConfig>(await call('GET', '/api/cmt/manager/space-setting/iconfont', admin)),
    ).toEqual({
      client_id: '',
      client_secret: '',
      secret_status: 'unset',
      update_time: null,
    });
    expect(await data<PexelsConfig>(await call('GET', '/api/cmt/srv/config/pexels', admin))).toEqual({
      api_key: '',
      secret_status: 'unset',
      update_time: null,
    });
  });

  it('saves the icon-font account and answers the secret masked (last 4 only), never in full', async () => {
    const saved = await data<IconfontConfig>(
      await call('PUT', '/api/cmt/manager/space-setting/iconfont', admin, {
        client_id: 'client-42',
        client_secret: SECRET,
      }),
    );
    expect(saved).toEqual({
      client_id: 'client-42',
      client_secret: `${SECRET_MASK_PREFIX}${SECRET.slice(-4)}`,
      secret_status: 'set',
      update_time: expect.any(Number),
    });
    const read = await call('GET', '/api/cmt/manager/space-setting/iconfont', generalAdmin);
    expect(read.body).not.toContain(SECRET);
    expect(await data<IconfontConfig>(read)).toEqual(saved);
    expect(await t.app.settings.iconfontCredentials()).toEqual({
      client_id: 'client-42',
      client_secret: SECRET,
    });
  });

  it('keeps the stored secret when the masked text comes back, and refuses a masked text it did not show', async () => {
    const shown = (
      await data<IconfontConfig>(await call('GET', '/api/cmt/manager/space-setting/iconfont', admin))
    ).client_secret;
    const kept = await data<IconfontConfig>(
      await call('PUT', '/api/cmt/manager/space-setting/iconfont', admin, {
        client_id: 'client-43',
        client_secret: shown,
      }),
    );
    expect(kept.client_id).toBe('client-43');
    expect(kept.client_secret).toBe(shown);
    expect(await t.app.settings.iconfontCredentials()).toEqual({
      client_id: 'client-43',
      client_secret: SECRET,
    });
    const wrong = await call('PUT', '/api/cmt/manager/space-setting/iconfont', admin, {
      client_id: 'client-44',
      client_secret: `${SECRET_MASK_PREFIX}abcd`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({ error: 'INVALID_PARAMETER', field: 'client_secret' });
    expect(await t.app.settings.iconfontCredentials()).toEqual({
      client_id: 'client-43',
      client_secret: SECRET,
    });
  });

  it('refuses half accounts and hostile values with 400 and changes nothing', async () => {
    const before = await data<IconfontConfig>(
      await call('GET', '/api/cmt/manager/space-setting/iconfont', admin),
    );
    const cases: [unknown, string | undefined][] = [
      [{ client_id: '', client_secret: 'a-secret-without-id' }, 'client_id'],
      [{ client_id: 'id-without-secret', client_secret: '' }, 'client_secret'],
      [{ client_id: 'x', client_secret: 'has space' }, undefined],
      [{ client_id: 'x', client_secret: 'nul\u0000byte' }, undefined],
      [{ client_id: 'x\u0000', client_secret: 'abc' }, undefined],
      [{ client_id: 'x', client_secret: 's'.repeat(513) }, undefined],
      [{ client_id: 'x'.repeat(100_000), client_secret: 'abc' }, undefined],
      [{ client_id: 'x', client_secret: 12345 }, undefined],
      [{ client_id: 'x' }, undefined],
      [{ client_secret: 'abc' }, undefined],
      [{ client_id: 'x', client_secret: 'abc', extra: 1 }, undefined],
      [{ client_id: 'x', client_secret: `${SECRET_MASK_PREFIX}toolong` }, undefined],
      [{ client_id: 'x', client_secret: `${SECRET_MASK_PREFIX}` }, 'client_secret'],
      [[], undefined],
    ];
    for (const [payload, field] of cases) {
      const res = await call('PUT', '/api/cmt/manager/space-setting/iconfont', admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const answer = body<{ error: string; field?: string }>(res);
      expect(answer.error).toBe('INVALID_PARAMETER');
      if (field) expect(answer.field).toBe(field);
      // An error never echoes the secret it refused.
      const sent = (payload as { client_secret?: unknown }).client_secret;
      if (typeof sent === 'string' && sent.length >= 6 && !sent.startsWith(SECRET_MASK_PREFIX)) {
        expect(res.body).not.toContain(sent);
      }
    }
    expect(
      await data<IconfontConfig>(await call('GET', '/api/cmt/manager/space-setting/iconfont', admin)),
    ).toEqual(before);
  });

  it('saves, keeps and removes the stock-photo key', async () => {
    const saved = await data<PexelsConfig>(
      await call('POST', '/api/cmt/srv/config/pexels', admin, { api_key: API_KEY }),
    );
    expect(saved).toEqual({
      api_key: `${SECRET_MASK_PREFIX}${API_KEY.slice(-4)}`,
      secret_status: 'set',
      update_time: expect.any(Number),
    });
    expect(await t.app.settings.pexelsApiKey()).toBe(API_KEY);
    const kept = await data<PexelsConfig>(
      await call('POST', '/api/cmt/srv/config/pexels', admin, { api_key: saved.api_key }),
    );
    expect(kept.api_key).toBe(saved.api_key);
    expect(await t.app.settings.pexelsApiKey()).toBe(API_KEY);
    // A short key shows no characters at all.
    const short = await data<PexelsConfig>(
      await call('POST', '/api/cmt/srv/config/pexels', admin, { api_key: 'k-12345' }),
    );
    expect(short.api_key).toBe(SECRET_MASK_PREFIX);
    const removed = await data<PexelsConfig>(
      await call('POST', '/api/cmt/srv/config/pexels', admin, { api_key: '' }),
    );
    expect(removed).toEqual({ api_key: '', secret_status: 'unset', update_time: null });
    expect(await t.app.settings.pexelsApiKey()).toBeNull();
    await data<PexelsConfig>(await call('POST', '/api/cmt/srv/config/pexels', admin, { api_key: API_KEY }));
    for (const payload of [
      {},
      { api_key: 7 },
      { api_key: 'a b' },
      { api_key: 'x'.repeat(513) },
      { api_key: '\u0000' },
    ]) {
      const res = await call('POST', '/api/cmt/srv/config/pexels', admin, payload);
      expect(res.statusCode).toBe(400);
    }
    expect(await t.app.settings.pexelsApiKey()).toBe(API_KEY);
  });

  it('audit-logs every save without the secret', async () => {
    const iconfont = await auditEntries('save_iconfont');
    expect(iconfont.map((e) => e.reason)).toEqual([
      'client_id client-43; client secret kept',
      'client_id client-42; client secret changed',
    ]);
    const pexels = await auditEntries('save_pexels');
    expect(pexels.map((e) => e.reason)).toEqual([
      'API key changed',
      'API key removed',
      'API key changed',
      'API key kept',
      'API key changed',
    ]);
    const all = JSON.stringify(
      await data<AuditLogPage>(await call('GET', '/api/cmt/manager/audit-log?page_size=100', admin)),
    );
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain(API_KEY);
  });

  it('never stores a secret in clear (database file bytes / rows)', async () => {
    if (TEST_DIALECT === 'sqlite') {
      // Make sure the WAL holds nothing the main file does not: both are read anyway.
      await t.app.db.kysely.selectFrom('app_setting').selectAll().execute();
    }
    const stored = await storedText(t);
    expect(stored.length).toBeGreaterThan(0);
    for (const secret of [SECRET, API_KEY]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(Buffer.from(secret).toString('base64'));
    }
    const rows = await t.app.db.kysely.selectFrom('app_setting').selectAll().execute();
    const byName = Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value)]));
    expect(byName.iconfont.client_secret).toMatch(/^v1\.[0-9a-f]{16}\./);
    expect(byName.pexels.api_key).toMatch(/^v1\.[0-9a-f]{16}\./);
  });

  it('never writes a secret to the log', () => {
    expect(logLines.length).toBeGreaterThan(20); // the requests were logged at trace level
    const log = logLines.join('');
    for (const secret of [SECRET, API_KEY, 'a-secret-without-id']) expect(log).not.toContain(secret);
  });

  it('is for administrators only', async () => {
    for (const [method, url] of [
      ['GET', '/api/cmt/manager/space-setting/iconfont'],
      ['GET', '/api/cmt/srv/config/pexels'],
    ] as const) {
      expect((await call(method, url)).statusCode).toBe(401);
      expect((await call(method, url, user)).statusCode).toBe(403);
    }
  });
});
