import type { ErrorEnvelope, LoginResult, TokenPair, UserInfo } from '@plugin-center/contract/schemas';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('reuse of a rotated token revokes the whole family, the rotated-in token included', async () => {
    const login = await signInTestUser(t.app);
    const rotated = body<{ data: TokenPair }>(await refresh(login.refresh_token)).data;
    const reuse = await refresh(login.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(body<ErrorEnvelope>(reuse)).toMatchObject({ code: 401, error: 'UNAUTHORIZED' });
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    expect((await valid(rotated.refresh_token)).statusCode).toBe(401);
    // Other sessions of the same user are untouched.
    const other = await t.app.identity.startSession(login.user_info.user_id);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('reuse detected by GET user/valid revokes the family too', async () => {
    const login = await signInTestUser(t.app);
    const rotated = body<{ data: TokenPair }>(await refresh(login.refresh_token)).data;
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

  it('two concurrent refreshes with one token: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const login = await signInTestUser(t.app);
      const results = await Promise.all([refresh(login.refresh_token), refresh(login.refresh_token)]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 401]);
      const rows = await t.app.db.kysely
        .selectFrom('refresh_token')
        .select(['replaced_by'])
        .where('user_id', '=', login.user_info.user_id)
        .execute();
      // One rotation happened: the original and one successor, never two successors.
      expect(rows).toHaveLength(2);
    }
  });

  it('many concurrent refreshes with one token: exactly one succeeds', async () => {
    const login = await signInTestUser(t.app);
    const results = await Promise.all(Array.from({ length: 8 }, () => refresh(login.refresh_token)));
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
