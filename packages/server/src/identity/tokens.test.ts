import type { ErrorEnvelope, LoginResult, TokenPair, UserInfo } from '@plugin-center/contract/schemas';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_DEFAULTS } from '../config/identity';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';

const SECRET = 'a test secret that is long enough for HS256 signing';
let t: TestApp;
let now = Date.now();

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false, jwtSecret: SECRET }, { clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

function refresh(token: string, json = true) {
  return t.app.inject({
    method: 'POST',
    url: '/api/uc/user/refresh_token',
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    ...(json ? { payload: '' } : {}),
  });
}
function valid(token: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/uc/user/valid',
    headers: { authorization: `Bearer ${token}` },
  });
}
function userinfo(accessToken: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/uc/user/userinfo',
    headers: { authorization: `Bearer ${accessToken}` },
  });
}
/** Moves the clock past `REFRESH_REUSE_LEEWAY` (default 10 s) since the last rotation. */
function pastLeeway() {
  now += IDENTITY_DEFAULTS.refreshReuseLeeway * 1000 + 1;
}
/** The refresh-token rows of a user, oldest first. */
function tokenRows(userId: number) {
  return t.app.db.kysely
    .selectFrom('refresh_token')
    .select(['id', 'family_id', 'replaced_by', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}
function logout(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/uc/user/logout',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: '',
  });
}

describe('refresh tokens', () => {
  it('are rotated at every refresh; the new access token works', async () => {
    const login = await signInTestUser(t.app);
    const res = await refresh(login.refresh_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers.date).toBeTruthy();
    const pair = body<{ code: number; data: TokenPair }>(res).data;
    expect(pair.refresh_token).not.toBe(login.refresh_token);
    expect(pair.access_token).not.toBe(login.access_token);
    expect((await userinfo(pair.access_token)).statusCode).toBe(200);
    // The rotated-in token rotates again.
    const next = await refresh(pair.refresh_token, false);
    expect(next.statusCode).toBe(200);
  });

  it('answer the user of a live token on GET user/valid without rotating it', async () => {
    const login = await signInTestUser(t.app);
    const res = await valid(login.refresh_token);
    expect(res.statusCode).toBe(200);
    expect(body<{ data: { info: UserInfo } }>(res).data.info).toEqual(login.user_info);
    expect((await valid(login.refresh_token)).statusCode).toBe(200);
    expect((await refresh(login.refresh_token)).statusCode).toBe(200);
  });

  it('reuse of a rotated token after the leeway revokes the whole family, the rotated-in token included', async () => {
    const login = await signInTestUser(t.app);
    const rotated = body<{ data: TokenPair }>(await refresh(login.refresh_token)).data;
    pastLeeway();
    const reuse = await refresh(login.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(body<ErrorEnvelope>(reuse)).toMatchObject({ code: 401, error: 'UNAUTHORIZED' });
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    expect((await valid(rotated.refresh_token)).statusCode).toBe(401);
    // Other sessions of the same user are untouched.
    const other = await t.app.identity.startSession(login.user_info.user_id);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('reuse detected by GET user/valid after the leeway revokes the family too', async () => {
    const login = await signInTestUser(t.app);
    const rotated = body<{ data: TokenPair }>(await refresh(login.refresh_token)).data;
    pastLeeway();
    expect((await valid(login.refresh_token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
  });

  it('logout revokes the family (idempotently)', async () => {
    const login = await signInTestUser(t.app);
    const rotated = body<{ data: TokenPair }>(await refresh(login.refresh_token)).data;
    const res = await logout(rotated.refresh_token);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 0, data: null });
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    expect((await valid(rotated.refresh_token)).statusCode).toBe(401);
    expect((await logout(rotated.refresh_token)).statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'POST', url: '/api/uc/user/logout' });
    expect(missing.statusCode).toBe(401);
  });

  it('expire after REFRESH_TOKEN_TTL', async () => {
    const login = await signInTestUser(t.app);
    now += 30 * 24 * 3600 * 1000;
    try {
      expect((await refresh(login.refresh_token)).statusCode).toBe(401);
    } finally {
      now -= 30 * 24 * 3600 * 1000;
    }
  });

  it('refuse unknown tokens, access tokens and a missing header', async () => {
    const login = await signInTestUser(t.app);
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
    expect((await refresh(login.access_token)).statusCode).toBe(401);
    const none = await t.app.inject({ method: 'POST', url: '/api/uc/user/refresh_token' });
    expect(none.statusCode).toBe(401);
    expect(body<ErrorEnvelope>(none).message).toContain('refresh token');
  });

  it('two concurrent refreshes with one token both succeed within the leeway, in one family', async () => {
    for (let round = 0; round < 3; round++) {
      const login = await signInTestUser(t.app);
      const results = await Promise.all([refresh(login.refresh_token), refresh(login.refresh_token)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const pairs = results.map((r) => body<{ data: TokenPair }>(r).data);
      expect(pairs[0]!.refresh_token).not.toBe(pairs[1]!.refresh_token);
      const rows = await tokenRows(login.user_info.user_id);
      // The original, its first successor and one branch; the original keeps its first successor.
      expect(rows).toHaveLength(3);
      expect(new Set(rows.map((r) => r.family_id)).size).toBe(1);
      expect(rows[0]!.replaced_by).toBe(rows[1]!.id);
      expect(rows.map((r) => r.revoked_at)).toEqual([null, null, null]);
      for (const pair of pairs) {
        expect((await userinfo(pair.access_token)).statusCode).toBe(200);
        expect((await refresh(pair.refresh_token)).statusCode).toBe(200);
      }
    }
  });

  it('many concurrent refreshes with one token all succeed within the leeway', async () => {
    const login = await signInTestUser(t.app);
    const results = await Promise.all(Array.from({ length: 8 }, () => refresh(login.refresh_token)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const tokens = results.map((r) => body<{ data: TokenPair }>(r).data.refresh_token);
    expect(new Set(tokens).size).toBe(8);
    const rows = await tokenRows(login.user_info.user_id);
    expect(rows).toHaveLength(9);
    expect(rows[0]!.replaced_by).toBe(rows[1]!.id);
    expect(rows.slice(1).map((r) => r.replaced_by)).toEqual(Array(8).fill(null));
  });
});

describe('the reuse leeway (REFRESH_REUSE_LEEWAY)', () => {
  it('a rotated token presented again within it gets a new pair; it and the first successor both work', async () => {
    const login = await signInTestUser(t.app);
    const first = body<{ data: TokenPair }>(await refresh(login.refresh_token)).data;
    now += 5_000;
    const res = await refresh(login.refresh_token);
    expect(res.statusCode).toBe(200);
    const branch = body<{ data: TokenPair }>(res).data;
    expect(branch.refresh_token).not.toBe(first.refresh_token);
    expect(branch.refresh_token_expire_time).toBe(now + IDENTITY_DEFAULTS.refreshTokenTtl * 1000);
    // Same session: the access tokens name one family.
    const sid = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
    expect(sid(branch.access_token)).toBe(sid(first.access_token));
    expect((await userinfo(branch.access_token)).statusCode).toBe(200);
    expect((await userinfo(first.access_token)).statusCode).toBe(200);
    // The presented token keeps its first successor.
    const rows = await tokenRows(login.user_info.user_id);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.replaced_by).toBe(rows[1]!.id);
    // Both lines go on rotating.
    expect((await refresh(first.refresh_token)).statusCode).toBe(200);
    expect((await refresh(branch.refresh_token)).statusCode).toBe(200);
    pastLeeway();
  });

  it('is counted from the first rotation, to the millisecond, and never extended by a branch', async () => {
    const login = await signInTestUser(t.app);
    const other = await signInTestUser(t.app);
    await refresh(login.refresh_token);
    await refresh(other.refresh_token);
    now += 8_000;
    expect((await refresh(login.refresh_token)).statusCode).toBe(200);
    now += IDENTITY_DEFAULTS.refreshReuseLeeway * 1000 - 8_000;
    // Exactly the leeway after the rotation: still honoured.
    expect((await refresh(login.refresh_token)).statusCode).toBe(200);
    now += 1;
    expect((await refresh(login.refresh_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
  });

  it('after it, a late reuse (the theft case) ends the session of the one who holds the live token too', async () => {
    const victim = await signInTestUser(t.app);
    const stolen = victim.refresh_token;
    const first = body<{ data: TokenPair }>(await refresh(victim.refresh_token)).data;
    const second = body<{ data: TokenPair }>(await refresh(first.refresh_token)).data;
    pastLeeway();
    expect((await refresh(stolen)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await valid(second.refresh_token)).statusCode).toBe(401);
    // The victim's access token stops at once.
    expect((await userinfo(second.access_token)).statusCode).toBe(401);
    const rows = await tokenRows(victim.user_info.user_id);
    expect(rows.every((r) => r.revoked_at !== null)).toBe(true);
  });

  it('a revoked token within it is still refused, and revokes its family', async () => {
    // After a logout: the family is revoked, the rotated token stays refused.
    const login = await signInTestUser(t.app);
    const rotated = body<{ data: TokenPair }>(await refresh(login.refresh_token)).data;
    expect((await logout(rotated.refresh_token)).statusCode).toBe(200);
    expect((await refresh(login.refresh_token)).statusCode).toBe(401);
    expect((await valid(login.refresh_token)).statusCode).toBe(401);
    expect(await tokenRows(login.user_info.user_id)).toHaveLength(2);
    // A token revoked on its own (its family otherwise live) revokes the family when presented.
    const second = await signInTestUser(t.app);
    const live = body<{ data: TokenPair }>(await refresh(second.refresh_token)).data;
    await t.app.db.kysely
      .updateTable('refresh_token')
      .set({ revoked_at: now })
      .where('replaced_by', 'is not', null)
      .where('user_id', '=', second.user_info.user_id)
      .execute();
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await refresh(live.refresh_token)).statusCode).toBe(401);
    expect((await userinfo(live.access_token)).statusCode).toBe(401);
  });

  it('GET user/valid answers the user of a just-rotated token, rotating and revoking nothing', async () => {
    const login = await signInTestUser(t.app);
    const rotated = body<{ data: TokenPair }>(await refresh(login.refresh_token)).data;
    const res = await valid(login.refresh_token);
    expect(res.statusCode).toBe(200);
    expect(body<{ data: { info: UserInfo } }>(res).data.info).toEqual(login.user_info);
    expect(await tokenRows(login.user_info.user_id)).toHaveLength(2);
    // Then the reload's refresh with the same token.
    expect((await refresh(login.refresh_token)).statusCode).toBe(200);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(200);
    pastLeeway();
    expect((await valid(login.refresh_token)).statusCode).toBe(401);
  });

  it('logout after a branch revokes every token of the family, the branch included', async () => {
    for (const logoutWith of ['original', 'first', 'branch'] as const) {
      const login = await signInTestUser(t.app);
      const first = body<{ data: TokenPair }>(await refresh(login.refresh_token)).data;
      const branch = body<{ data: TokenPair }>(await refresh(login.refresh_token)).data;
      const token = { original: login, first, branch }[logoutWith].refresh_token;
      expect((await logout(token)).statusCode).toBe(200);
      for (const pair of [first, branch]) {
        expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
        expect((await valid(pair.refresh_token)).statusCode).toBe(401);
        expect((await userinfo(pair.access_token)).statusCode).toBe(401);
      }
      const rows = await tokenRows(login.user_info.user_id);
      expect(rows.map((r) => r.revoked_at !== null)).toEqual([true, true, true]);
    }
  });

  it('does not serve a disabled account, nor a rotated token that has expired', async () => {
    const login = await signInTestUser(t.app);
    await refresh(login.refresh_token);
    await t.app.db.kysely
      .updateTable('user_account')
      .set({ staff_status: 0 })
      .where('id', '=', login.user_info.user_id)
      .execute();
    expect((await refresh(login.refresh_token)).statusCode).toBe(401);
    expect((await valid(login.refresh_token)).statusCode).toBe(401);
    expect(await tokenRows(login.user_info.user_id)).toHaveLength(2);
    // Expired since its rotation: no leeway; as any rotated token outside it, the family is revoked.
    const other = await signInTestUser(t.app);
    const rotated = body<{ data: TokenPair }>(await refresh(other.refresh_token)).data;
    await t.app.db.kysely
      .updateTable('refresh_token')
      .set({ expires_at: now })
      .where('replaced_by', 'is not', null)
      .where('user_id', '=', other.user_info.user_id)
      .execute();
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
  });
});

describe('with REFRESH_REUSE_LEEWAY 0', () => {
  let z: TestApp;
  beforeAll(async () => {
    z = await createTestApp(
      { importCatalogueOnEmpty: false, jwtSecret: SECRET, refreshReuseLeeway: 0 },
      { clock: () => now },
    );
  });
  afterAll(async () => {
    await z?.close();
  });
  const call = (method: 'POST' | 'GET', url: string, token: string) =>
    z.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

  it('an immediate reuse revokes the family (GET user/valid too)', async () => {
    for (const reuse of ['refresh', 'valid'] as const) {
      const login = await signInTestUser(z.app);
      const rotated = body<{ data: TokenPair }>(
        await call('POST', '/api/uc/user/refresh_token', login.refresh_token),
      ).data;
      const answer =
        reuse === 'refresh'
          ? await call('POST', '/api/uc/user/refresh_token', login.refresh_token)
          : await call('GET', '/api/uc/user/valid', login.refresh_token);
      expect(answer.statusCode).toBe(401);
      expect((await call('POST', '/api/uc/user/refresh_token', rotated.refresh_token)).statusCode).toBe(401);
      expect((await call('GET', '/api/uc/user/userinfo', rotated.access_token)).statusCode).toBe(401);
    }
  });

  it('two concurrent refreshes with one token: exactly one succeeds, never two successors', async () => {
    for (let round = 0; round < 3; round++) {
      const login = await signInTestUser(z.app);
      const results = await Promise.all([
        call('POST', '/api/uc/user/refresh_token', login.refresh_token),
        call('POST', '/api/uc/user/refresh_token', login.refresh_token),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      const rows = await z.app.db.kysely
        .selectFrom('refresh_token')
        .select(['replaced_by'])
        .where('user_id', '=', login.user_info.user_id)
        .execute();
      expect(rows).toHaveLength(2);
    }
  });

  it('many concurrent refreshes with one token: exactly one succeeds', async () => {
    const login = await signInTestUser(z.app);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/api/uc/user/refresh_token', login.refresh_token)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(7);
  });
});

describe('access tokens', () => {
  const key = new TextEncoder().encode(SECRET);

  async function token(
    claims: Record<string, unknown>,
    options: { key?: Uint8Array; aud?: string; iss?: string; exp?: number; alg?: string } = {},
  ) {
    const iat = Math.floor(now / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: options.alg ?? 'HS256' })
      .setSubject(String(claims.sub ?? 1))
      .setAudience(options.aud ?? 'plugin-center')
      .setIssuer(options.iss ?? 'plugin-center')
      .setIssuedAt(iat)
      .setExpirationTime(options.exp ?? iat + 600)
      .sign(options.key ?? key);
  }

  async function expect401(accessToken: string) {
    const res = await userinfo(accessToken);
    expect(res.statusCode).toBe(401);
    expect(body<ErrorEnvelope>(res)).toMatchObject({ code: 401, error: 'UNAUTHORIZED', data: null });
    return body<ErrorEnvelope>(res).message;
  }

  let login: LoginResult;
  beforeAll(async () => {
    login = await signInTestUser(t.app);
  });

  /** The session (`sid`) of the signed-in user's access token. */
  const sidOf = (accessToken: string) =>
    (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

  it('a token we sign by hand with the server key works (the tests below are meaningful)', async () => {
    const good = await token({
      sub: String(login.user_info.user_id),
      role: 0,
      sid: sidOf(login.access_token),
    });
    expect((await userinfo(good)).statusCode).toBe(200);
  });

  it('a well-signed token without a session, or of a session that does not exist → 401', async () => {
    const user = String(login.user_info.user_id);
    expect(await expect401(await token({ sub: user, role: 0 }))).toBe('the access token is invalid');
    expect(await expect401(await token({ sub: user, role: 0, sid: 'made-up-session' }))).toMatch(
      /session has ended/,
    );
    // Another user's session does not sign this user in.
    const other = await signInTestUser(t.app);
    expect(await expect401(await token({ sub: user, role: 0, sid: sidOf(other.access_token) }))).toMatch(
      /session has ended/,
    );
  });

  it('a forged signature → 401', async () => {
    const forged = await token(
      { sub: String(login.user_info.user_id), role: 1, sid: sidOf(login.access_token) },
      { key: new TextEncoder().encode('another secret of at least thirty-two chars') },
    );
    expect(await expect401(forged)).toBe('the access token is invalid');
    // Tampered payload with the original signature.
    const [h, , s] = login.access_token.split('.');
    const payload = Buffer.from(
      JSON.stringify({
        sub: String(login.user_info.user_id),
        role: 1,
        aud: 'plugin-center',
        iss: 'plugin-center',
        iat: 1,
        exp: 9e9,
      }),
    ).toString('base64url');
    await expect401(`${h}.${payload}.${s}`);
  });

  it('alg none → 401', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const iat = Math.floor(now / 1000);
    const payload = Buffer.from(
      JSON.stringify({
        sub: String(login.user_info.user_id),
        role: 1,
        aud: 'plugin-center',
        iss: 'plugin-center',
        iat,
        exp: iat + 600,
      }),
    ).toString('base64url');
    await expect401(`${header}.${payload}.`);
  });

  it('another HMAC algorithm with the same key → 401', async () => {
    await expect401(
      await token(
        { sub: String(login.user_info.user_id), role: 0, sid: sidOf(login.access_token) },
        { alg: 'HS512' },
      ),
    );
  });

  it('expired → 401 naming the expiry', async () => {
    const res = await userinfo(login.access_token);
    expect(res.statusCode).toBe(200);
    now += 901_000;
    try {
      expect(await expect401(login.access_token)).toBe('the access token has expired');
    } finally {
      now -= 901_000;
    }
  });

  it('wrong audience or issuer → 401', async () => {
    await expect401(
      await token(
        { sub: String(login.user_info.user_id), role: 0, sid: sidOf(login.access_token) },
        { aud: 'another-service' },
      ),
    );
    await expect401(
      await token(
        { sub: String(login.user_info.user_id), role: 0, sid: sidOf(login.access_token) },
        { iss: 'someone-else' },
      ),
    );
  });

  it('malformed claims → 401', async () => {
    await expect401(await token({ sub: 'admin', role: 0 }));
    await expect401(
      await token({ sub: String(login.user_info.user_id), role: 7, sid: sidOf(login.access_token) }),
    );
    await expect401('not.a.jwt');
  });

  it('no token → 401 asking to sign in; an invalid token is ignored on public routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/uc/user/userinfo' });
    expect(res.statusCode).toBe(401);
    expect(body<ErrorEnvelope>(res).message).toMatch(/^sign in first/);
    const pub = await t.app.inject({
      method: 'GET',
      url: '/api/pix/spaces/setting',
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expect(pub.statusCode).toBe(200);
  });
});

describe('the signing key', () => {
  it('without JWT_SECRET is generated once, stored sealed, and shared by every app on the database', async () => {
    const a = await createTestApp({ importCatalogueOnEmpty: false });
    try {
      const b = await createTestApp({
        importCatalogueOnEmpty: false,
        databaseUrl: a.config.databaseUrl,
        dataDir: a.config.dataDir,
      });
      try {
        const rows = await a.app.db.kysely
          .selectFrom('server_secret')
          .selectAll()
          .where('name', 'in', ['jwt_signing_key', 'jwt_signing_keys'])
          .execute();
        // One row, sealed with the secrets key (`v1.<key id>.<nonce>.<ciphertext>`), none in clear.
        expect(rows.map((r) => r.name)).toEqual(['jwt_signing_keys']);
        expect(rows[0]!.value).toMatch(/^v1\.[0-9a-f]{16}\.[\w-]+\.[\w-]+$/);
        const login = await signInTestUser(a.app);
        const res = await b.app.inject({
          method: 'GET',
          url: '/api/uc/user/userinfo',
          headers: { authorization: `Bearer ${login.access_token}` },
        });
        expect(res.statusCode).toBe(200);
        // And it is not the key of this file's app.
        expect((await userinfo(login.access_token)).statusCode).toBe(401);
      } finally {
        await b.app.close();
      }
    } finally {
      await a.close();
    }
  });
});
