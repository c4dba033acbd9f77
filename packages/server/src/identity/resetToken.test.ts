/**
 * `POST /api/uc/user/reset_token` (SPEC §7 "POST /user/reset_token (e_id, bearer) returns
 * access_token, refresh_token, user_info"): the signed-in caller's enterprise id set from the body's
 * `e_id`, a new session started, every earlier session of the caller ended; bad input changes
 * nothing. (The basic flow is in flow.test.ts, the old access token's 401 in attack/sessions.test.ts.)
 */
import type { ErrorEnvelope, LoginResult, UserInfo } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
});
afterAll(async () => {
  await t?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const reset = (token: string | null, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uc/user/reset_token',
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
const userinfo = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/uc/user/userinfo', headers: bearer(token) });
  return { status: res.statusCode, info: res.statusCode === 200 ? body<{ data: UserInfo }>(res).data : null };
};
const valid = async (refreshToken: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/uc/user/valid', headers: bearer(refreshToken) }))
    .statusCode;

describe('POST /api/uc/user/reset_token', () => {
  it('answers access_token, refresh_token and user_info with the e_id, for the caller only', async () => {
    const session = await signInTestUser(t.app);
    const other = await signInTestUser(t.app);
    const res = await reset(session.access_token, { e_id: 'ent-Ω-1' });
    expect(res.statusCode, res.body).toBe(200);
    const result = body<{ code: number; data: LoginResult }>(res);
    expect(result.code).toBe(0);
    expect(Object.keys(result.data).sort()).toEqual([
      'access_token',
      'access_token_expire_time',
      'refresh_token',
      'refresh_token_expire_time',
      'user_info',
    ]);
    expect(result.data.user_info).toMatchObject({ user_id: session.user_info.user_id, e_id: 'ent-Ω-1' });
    expect(await userinfo(result.data.access_token)).toMatchObject({
      status: 200,
      info: { e_id: 'ent-Ω-1' },
    });
    // another person's sessions and e_id are untouched
    expect(await valid(other.refresh_token)).toBe(200);
    expect((await userinfo(other.access_token)).info?.e_id).toBe(other.user_info.e_id);
  });

  it('a second reset replaces the e_id and ends the first reset’s session', async () => {
    const session = await signInTestUser(t.app);
    const first = body<{ data: LoginResult }>(await reset(session.access_token, { e_id: 'ent-a' })).data;
    const second = body<{ data: LoginResult }>(await reset(first.access_token, { e_id: 'ent-b' })).data;
    expect(second.user_info.e_id).toBe('ent-b');
    expect(await valid(first.refresh_token)).toBe(401);
    expect(await valid(session.refresh_token)).toBe(401);
    expect(await valid(second.refresh_token)).toBe(200);
  });

  it('accepts e_id of 1 to 128 characters and refuses anything else with 400, changing nothing', async () => {
    const session = await signInTestUser(t.app);
    const long = 'e'.repeat(128);
    const ok = await reset(session.access_token, { e_id: long });
    expect(ok.statusCode).toBe(200);
    const fresh = body<{ data: LoginResult }>(ok).data;
    for (const payload of [
      {},
      { e_id: '' },
      { e_id: 'e'.repeat(129) },
      { e_id: 42 },
      { e_id: null },
      { e_id: ['a'] },
      { e_id: 'ok', extra: 1 },
      { e_id: 'a\u0000b' },
    ]) {
      const res = await reset(fresh.access_token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body<ErrorEnvelope>(res), JSON.stringify(payload)).toMatchObject({ data: null });
    }
    const garbled = await reset(fresh.access_token, '{"e_id":', { 'content-type': 'application/json' });
    expect(garbled.statusCode).toBe(400);
    // the session and the e_id are as before
    expect(await valid(fresh.refresh_token)).toBe(200);
    expect((await userinfo(fresh.access_token)).info?.e_id).toBe(long);
  });

  it('needs the access token: 401 without one, with a refresh token or a forged one', async () => {
    const session = await signInTestUser(t.app);
    for (const token of [null, session.refresh_token, `${session.access_token}x`, 'not-a-token']) {
      const res = await reset(token, { e_id: 'ent-x' });
      expect(res.statusCode, String(token).slice(0, 12)).toBe(401);
      expect(body<ErrorEnvelope>(res).error).toBe('UNAUTHORIZED');
    }
    expect((await userinfo(session.access_token)).info?.e_id).toBe(session.user_info.e_id);
    expect(await valid(session.refresh_token)).toBe(200);
  });
});
