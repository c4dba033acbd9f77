/**
 * Ended sessions as an attacker keeps a token after the session ended: after `POST
 * user/logout` or `POST user/reset_token`, and for a deleted or disabled account, the access token
 * must stop working at once in the process that saw the change and within `SESSION_CHECK_TTL_MS` in
 * every other process on the same database (401, never 200 and never a 500).
 */
import type { LoginResult } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CHECK_TTL_MS } from '../identity/identityCore';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';

/** Time of the second process: real time plus `skew`, ms (to pass the session-check TTL). */
let skew = 0;
let a: TestApp;
let b: TestApp;
let pluginKey: string;

beforeAll(async () => {
  a = await createTestApp();
  // A second server process on the same database (same SQLite file / PostgreSQL database).
  b = await createTestApp(
    {
      dataDir: a.config.dataDir,
      importCatalogueOnEmpty: false,
      ...(a.config.databaseUrl ? { databaseUrl: a.config.databaseUrl } : {}),
    },
    { clock: () => Date.now() + skew },
  );
  pluginKey = (
    await a.app.db.kysely.selectFrom('plugin').select('plugin_key').limit(1).executeTakeFirstOrThrow()
  ).plugin_key;
}, 60_000);
afterAll(async () => {
  await b?.app.close();
  await a?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const userinfo = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/uc/user/userinfo', headers: bearer(token) });
const praise = (t: TestApp, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cmt/plugin/user/praise',
    headers: bearer(token),
    payload: { plugin_key: pluginKey, praise: 1 },
  });
const install = (t: TestApp, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cmt/plugin/user',
    headers: bearer(token),
    payload: { plugin_key: pluginKey },
  });
const logout = (t: TestApp, session: LoginResult) =>
  t.app.inject({ method: 'POST', url: '/api/uc/user/logout', headers: bearer(session.refresh_token) });

describe('sign-out ends access', () => {
  it('after logout the access token gets 401 at once on userinfo and praise', async () => {
    const session = await signInTestUser(a.app);
    expect((await userinfo(a, session.access_token)).statusCode).toBe(200);
    expect((await logout(a, session)).statusCode).toBe(200);
    const info = await userinfo(a, session.access_token);
    expect(info.statusCode).toBe(401);
    expect(body<{ message: string }>(info).message).toMatch(/session has ended/);
    expect((await praise(a, session.access_token)).statusCode).toBe(401);
  });

  it("logout ends one session, not the account's other sessions", async () => {
    const first = await signInTestUser(a.app);
    const second = await a.app.identity.startSession(first.user_info.user_id);
    await logout(a, first);
    expect((await userinfo(a, first.access_token)).statusCode).toBe(401);
    expect((await userinfo(a, second.access_token)).statusCode).toBe(200);
  });

  it('after reset_token the old access token gets 401 and the new one works', async () => {
    const session = await signInTestUser(a.app);
    const reset = await a.app.inject({
      method: 'POST',
      url: '/api/uc/user/reset_token',
      headers: bearer(session.access_token),
      payload: { e_id: 'enterprise-7' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const fresh = body<{ data: LoginResult }>(reset).data;
    expect((await userinfo(a, session.access_token)).statusCode).toBe(401);
    expect((await userinfo(a, fresh.access_token)).statusCode).toBe(200);
  });

  it(`another process on the same database sees the logout within ${SESSION_CHECK_TTL_MS} ms`, async () => {
    skew = 0;
    const session = await signInTestUser(a.app);
    expect((await userinfo(b, session.access_token)).statusCode).toBe(200); // b caches the live session
    await logout(a, session);
    expect((await userinfo(a, session.access_token)).statusCode).toBe(401);
    skew = SESSION_CHECK_TTL_MS + 1;
    expect((await userinfo(b, session.access_token)).statusCode).toBe(401);
    expect((await praise(b, session.access_token)).statusCode).toBe(401);
    skew = 0;
  });

  it('refresh still works and the refreshed token is of the same session', async () => {
    const session = await signInTestUser(a.app);
    const refreshed = await a.app.inject({
      method: 'POST',
      url: '/api/uc/user/refresh_token',
      headers: bearer(session.refresh_token),
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const pair = body<{ data: { access_token: string; refresh_token: string } }>(refreshed).data;
    expect((await userinfo(a, pair.access_token)).statusCode).toBe(200);
    // Logging out with the rotated refresh token ends the session of both access tokens.
    await a.app.inject({ method: 'POST', url: '/api/uc/user/logout', headers: bearer(pair.refresh_token) });
    expect((await userinfo(a, pair.access_token)).statusCode).toBe(401);
    expect((await userinfo(a, session.access_token)).statusCode).toBe(401);
  });

  it('a logout racing a refresh, a reuse and a check of one family never answers 5xx', async () => {
    // A logout revokes the whole family while a reused token's refresh or check locks one of its
    // rows and revokes the family too (or, within the reuse leeway, adds a branch to it): on
    // PostgreSQL the two can deadlock, and the victim is run again.
    const statuses: number[] = [];
    for (let round = 0; round < 12; round++) {
      const session = await signInTestUser(a.app);
      const rotated = await a.app.inject({
        method: 'POST',
        url: '/api/uc/user/refresh_token',
        headers: bearer(session.refresh_token),
      });
      const live = body<{ data: { refresh_token: string } }>(rotated).data.refresh_token;
      const answers = await Promise.all([
        a.app.inject({ method: 'POST', url: '/api/uc/user/logout', headers: bearer(live) }),
        a.app.inject({
          method: 'POST',
          url: '/api/uc/user/refresh_token',
          headers: bearer(session.refresh_token),
        }),
        a.app.inject({ method: 'GET', url: '/api/uc/user/valid', headers: bearer(session.refresh_token) }),
        a.app.inject({ method: 'POST', url: '/api/uc/user/refresh_token', headers: bearer(live) }),
        a.app.inject({ method: 'POST', url: '/api/uc/user/logout', headers: bearer(session.refresh_token) }),
      ]);
      statuses.push(...answers.map((answer) => answer.statusCode));
      // Whatever the order, the logouts leave no token of the family live: not the rotated-in
      // one, nor a branch a refresh within the reuse leeway added while they ran.
      const unrevoked = await a.app.db.kysely
        .selectFrom('refresh_token')
        .select('id')
        .where('user_id', '=', session.user_info.user_id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(unrevoked).toEqual([]);
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });
});

describe('deleted and disabled accounts', () => {
  it('a token of a deleted account gets 401, not 500, on install and praise', async () => {
    const session = await signInTestUser(a.app);
    await a.app.db.kysely.deleteFrom('user_account').where('id', '=', session.user_info.user_id).execute();
    for (const res of [await install(a, session.access_token), await praise(a, session.access_token)]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(body<{ message: string }>(res).message).toMatch(/no longer exists or is disabled/);
    }
  });

  it('a disabled account (staff_status 0) gets 401 within the session-check time', async () => {
    skew = 0;
    const session = await signInTestUser(a.app);
    expect((await install(b, session.access_token)).statusCode).toBe(200);
    await a.app.db.kysely
      .updateTable('user_account')
      .set({ staff_status: 0 })
      .where('id', '=', session.user_info.user_id)
      .execute();
    skew = SESSION_CHECK_TTL_MS + 1;
    expect((await praise(b, session.access_token)).statusCode).toBe(401);
    expect((await userinfo(b, session.access_token)).statusCode).toBe(401);
    skew = 0;
  });
});

describe('the cost of the check', () => {
  it('serves repeated requests of one session from the cache', async () => {
    const session = await signInTestUser(a.app);
    const before = { ...a.app.identity.sessionChecks };
    const started = performance.now();
    for (let i = 0; i < 200; i += 1) expect((await userinfo(a, session.access_token)).statusCode).toBe(200);
    const ms = (performance.now() - started) / 200;
    const hits = a.app.identity.sessionChecks.hits - before.hits;
    const misses = a.app.identity.sessionChecks.misses - before.misses;
    console.log(
      `session check: ${hits} hits, ${misses} misses over 200 requests, ${ms.toFixed(2)} ms a request`,
    );
    expect(misses).toBeLessThanOrEqual(2);
  });
});
