import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminInfo, ErrorEnvelope, LoginResult, SignInResult } from '@plugin-center/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { defaultCatalogueDir } from '../config/paths';
import type { ServerConfig } from '../config/serverConfig';
import { resolveSiteConfig } from '../site';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { createTestPostgresDatabase, TEST_DIALECT } from '../testing/testDatabase';
import { runAdminCommand } from './adminCommand';

/** A database of its own (SQLite folder or PostgreSQL database) that outlives one app. */
async function ownDatabase(): Promise<{ config: ServerConfig; dispose(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'plugin-center-admin-'));
  const config: ServerConfig = {
    dataDir,
    catalogueDir: defaultCatalogueDir(),
    importCatalogueOnEmpty: false,
    readCache: true,
    host: '127.0.0.1',
    port: 0,
    logger: false,
    production: false,
  };
  let drop: (() => Promise<void>) | undefined;
  if (TEST_DIALECT === 'postgres') {
    const database = await createTestPostgresDatabase();
    config.databaseUrl = database.url;
    drop = database.drop;
  }
  return {
    config,
    async dispose() {
      await drop?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<LoginResult | ErrorEnvelope> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/uc/user/login',
    payload: { email, password, redirect_uri: '/plugins/' },
  });
  if (res.statusCode !== 200) return body<ErrorEnvelope>(res);
  const code = new URL(
    body<{ data: SignInResult }>(res).data.redirect_to,
    'http://x.invalid',
  ).searchParams.get('code')!;
  const ex = await app.inject({
    method: 'GET',
    url: '/api/uc/user/login/code/user',
    query: { code, redirect_uri: '/plugins/' },
  });
  return body<{ data: LoginResult }>(ex).data;
}

function verify(app: FastifyInstance, accessToken?: string) {
  return app.inject({
    method: 'GET',
    url: '/api/cmt/manager/verify',
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
}

describe('first start', () => {
  it('creates admin@localhost with a one-time password printed once', async () => {
    const db = await ownDatabase();
    try {
      const lines: string[] = [];
      const first = await buildApp(db.config, { announce: (line) => lines.push(line) });
      let password: string;
      try {
        expect(lines).toHaveLength(1);
        const match =
          /^plugin-center: administrator admin@localhost, one-time password: ([A-Za-z0-9_-]{24})$/.exec(
            lines[0]!,
          );
        expect(match).not.toBeNull();
        password = match![1]!;
        const login = (await signIn(first, 'admin@localhost', password)) as LoginResult;
        // The domestic site (the default) speaks Chinese first: the administrator is named in it.
        expect(login.user_info).toMatchObject({
          email: 'admin@localhost',
          role: 1,
          is_administrator: true,
          nick_name: '管理员',
        });
      } finally {
        await first.close();
      }
      const second = await buildApp(db.config, { announce: (line) => lines.push(line) });
      try {
        expect(lines).toHaveLength(1);
        const admins = await second.db.kysely
          .selectFrom('user_account')
          .select('email')
          .where('role', '=', 1)
          .execute();
        expect(admins).toEqual([{ email: 'admin@localhost' }]);
        expect(await signIn(second, 'admin@localhost', password)).toHaveProperty('access_token');
      } finally {
        await second.close();
      }
    } finally {
      await db.dispose();
    }
  });

  it("uses ADMIN_EMAIL and ADMIN_PASSWORD when configured, printing nothing; named in the site's first language", async () => {
    const db = await ownDatabase();
    try {
      const lines: string[] = [];
      const app = await buildApp(
        {
          ...db.config,
          adminEmail: 'boss@example.com',
          adminPassword: 'configured password',
          // A private deployment offering Japanese first (SITE_LOCALES=ja-JP,en-US).
          site: resolveSiteConfig({ variant: 'private', locales: ['ja-JP', 'en-US'] }),
        },
        { announce: (line) => lines.push(line) },
      );
      try {
        expect(lines).toEqual([]);
        const login = (await signIn(app, 'boss@example.com', 'configured password')) as LoginResult;
        expect(login.user_info.role).toBe(1);
        expect(login.user_info.nick_name).toBe('管理者');
        expect(await signIn(app, 'admin@localhost', 'configured password')).toMatchObject({
          error: 'INVALID_CREDENTIALS',
        });
      } finally {
        await app.close();
      }
    } finally {
      await db.dispose();
    }
  });
});

describe('requireAdmin and manager/verify', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A route of another (encapsulated) plugin guarded by the root's requireAdmin.
    const managerPlugin = async (app: FastifyInstance) => {
      app.get('/api/test/manager/only', { preHandler: app.requireAdmin }, async (request) => ({
        code: 0,
        data: { role: request.user!.role },
      }));
      app.get('/api/test/user/only', { preHandler: app.requireUser }, async (request) => ({
        code: 0,
        data: { user_id: request.user!.user_id },
      }));
    };
    t = await createTestApp({ importCatalogueOnEmpty: false }, { plugins: [managerPlugin] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 403 'Current account has no permission' to role 0", async () => {
    const user = await signInTestUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/manager/only',
      headers: { authorization: `Bearer ${user.access_token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({
      code: 40300,
      error: 'FORBIDDEN',
      message: 'Current account has no permission',
      data: null,
    });
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/test/user/only',
      headers: { authorization: `Bearer ${user.access_token}` },
    });
    expect(body(ok)).toEqual({ code: 0, data: { user_id: user.user_info.user_id } });
  });

  it('lets roles 1 and 2 through', async () => {
    for (const role of [1, 2] as const) {
      const admin = await signInTestUser(t.app, { role });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/test/manager/only',
        headers: { authorization: `Bearer ${admin.access_token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({ code: 0, data: { role } });
    }
  });

  it('answers 401 without a token or with an invalid one', async () => {
    for (const headers of [{}, { authorization: 'Bearer x.y.z' }, { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/manager/only', headers });
      expect(res.statusCode).toBe(401);
      expect(body<ErrorEnvelope>(res).error).toBe('UNAUTHORIZED');
    }
  });

  it('uses the current role: a demoted admin is refused while its token is still valid', async () => {
    const admin = await signInTestUser(t.app, { role: 1 });
    await t.app.db.kysely
      .updateTable('user_account')
      .set({ role: 0 })
      .where('id', '=', admin.user_info.user_id)
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/manager/only',
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(body<{ data: AdminInfo }>(await verify(t.app, admin.access_token)).data.role).toBe(0);
  });

  it('manager/verify answers the role: 0 for a user, 1 for a super admin; 401 when not signed in', async () => {
    const user = await signInTestUser(t.app);
    const admin = await signInTestUser(t.app, { role: 1 });
    const u = await verify(t.app, user.access_token);
    expect(u.statusCode).toBe(200);
    expect(body(u)).toEqual({
      code: 0,
      data: { role: 0, user_id: user.user_info.user_id, is_administrator: false },
    });
    expect(body(await verify(t.app, admin.access_token))).toEqual({
      code: 0,
      data: { role: 1, user_id: admin.user_info.user_id, is_administrator: true },
    });
    const anonymous = await verify(t.app);
    expect(anonymous.statusCode).toBe(401);
    expect(body<ErrorEnvelope>(anonymous)).toMatchObject({ code: 401, error: 'UNAUTHORIZED' });
  });
});

describe('plugin-center admin <email>', () => {
  function capture() {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, output: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) } };
  }

  it('creates an administrator with a generated password, then promotes and re-roles accounts', async () => {
    const db = await ownDatabase();
    try {
      const c = capture();
      expect(await runAdminCommand(db.config, ['Ops@Example.com'], c.output)).toBe(0);
      expect(c.out[0]).toBe('Created ops@example.com as super admin (role 1).\n');
      const password = /one-time password: (\S+)\n$/.exec(c.out[1]!)![1]!;

      const d = capture();
      expect(await runAdminCommand(db.config, ['ops@example.com', '--role', '2'], d.output)).toBe(0);
      expect(d.out).toEqual(['ops@example.com is now general admin (role 2).\n']);

      const e = capture();
      expect(
        await runAdminCommand(db.config, ['dev@example.com', '--password', 'chosen password'], e.output),
      ).toBe(0);
      expect(e.out).toEqual(['Created dev@example.com as super admin (role 1).\n']);

      const app = await buildApp(db.config, { announce: () => {} });
      try {
        const ops = (await signIn(app, 'ops@example.com', password)) as LoginResult;
        expect(ops.user_info.role).toBe(2);
        const dev = (await signIn(app, 'dev@example.com', 'chosen password')) as LoginResult;
        expect(dev.user_info.role).toBe(1);
        // Admins exist, so the first start created no admin@localhost.
        const row = await app.db.kysely
          .selectFrom('user_account')
          .select('id')
          .where('email', '=', 'admin@localhost')
          .executeTakeFirst();
        expect(row).toBeUndefined();
      } finally {
        await app.close();
      }
    } finally {
      await db.dispose();
    }
  });

  it('rejects bad usage with exit code 2', async () => {
    const db = await ownDatabase();
    try {
      for (const args of [[], ['a@b.c', '--role', '0'], ['a@b.c', '--password', 'short'], ['not-an-email']]) {
        const c = capture();
        expect(await runAdminCommand(db.config, args, c.output)).toBe(2);
        expect(c.err.join('')).not.toBe('');
      }
    } finally {
      await db.dispose();
    }
  });
});
