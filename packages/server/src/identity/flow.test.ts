import { LOGIN_METHOD_CLAIM } from '@plugin-center/contract';
import type {
  ErrorEnvelope,
  LoginCodeResult,
  LoginResult,
  SignInResult,
  UserInfo,
} from '@plugin-center/contract/schemas';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
/** The injected clock: tests move it forward to expire codes. */
let now = Date.now();

const SITE = 'http://localhost:3000';
const OTHER_SITE = 'https://docs.example.com';

beforeAll(async () => {
  t = await createTestApp(
    {
      importCatalogueOnEmpty: false,
      redirectAllowlist: [SITE, OTHER_SITE],
      loginCodeTtl: 60,
      rateLimits: { signIn: 1000, signUp: 1000, codeExchange: 1000 },
    },
    { clock: () => now },
  );
});
afterAll(async () => {
  await t?.close();
});

let emails = 0;
function newEmail(): string {
  emails += 1;
  return `Person${emails}@Example.COM`;
}

async function signUp(email: string, password = 'correct horse battery', redirect_uri = '/plugins/') {
  return t.app.inject({
    method: 'POST',
    url: '/api/uc/user/sign_up',
    payload: { email, password, nick_name: 'Someone', redirect_uri },
  });
}

async function signIn(email: string, password: string, redirect_uri = '/plugins/') {
  return t.app.inject({
    method: 'POST',
    url: '/api/uc/user/login',
    payload: { email, password, redirect_uri },
  });
}

function codeOf(redirectTo: string): string {
  const code = new URL(redirectTo, 'http://x.invalid').searchParams.get('code');
  expect(code).toBeTruthy();
  return code!;
}

/** The `login_method` claim of an access token. */
function loginMethodOf(accessToken: string): unknown {
  return (decodeJwt(accessToken) as Record<string, unknown>)[LOGIN_METHOD_CLAIM];
}

async function exchange(code: string, redirect_uri = '/plugins/') {
  return t.app.inject({
    method: 'GET',
    url: '/api/uc/user/login/code/user',
    query: { code, redirect_uri },
  });
}

describe('sign-up → sign-in → code exchange → userinfo', () => {
  it('creates a general user, signs it in and answers the user with real tokens', async () => {
    const email = newEmail();
    const up = await signUp(email);
    expect(up.statusCode).toBe(200);
    const upData = body<{ code: number; data: SignInResult }>(up);
    expect(upData.code).toBe(0);
    expect(upData.data.redirect_to).toMatch(/^\/plugins\/\?code=[A-Za-z0-9_-]{43}$/);

    const res = await signIn(email.toUpperCase(), 'correct horse battery', `${SITE}/plugins/?tab=1#top`);
    expect(res.statusCode).toBe(200);
    const { redirect_to } = body<{ data: SignInResult }>(res).data;
    expect(redirect_to.startsWith(`${SITE}/plugins/?tab=1&code=`)).toBe(true);
    expect(redirect_to.endsWith('#top')).toBe(true);

    const ex = await exchange(codeOf(redirect_to), `${SITE}/plugins/?tab=1#top`);
    expect(ex.statusCode).toBe(200);
    const login = body<{ code: number; data: LoginResult }>(ex).data;
    expect(login.user_info).toMatchObject({
      email: email.toLowerCase(),
      nick_name: 'Someone',
      role: 0,
      is_administrator: false,
      is_owner: false,
      staff_status: 1,
      avatar_url: null,
    });
    expect(login.access_token.split('.')).toHaveLength(3);
    expect(login.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(login.access_token_expire_time).toBe(Math.floor(now / 1000) * 1000 + 900_000);
    expect(login.refresh_token_expire_time).toBe(now + 30 * 24 * 3600 * 1000);

    const info = await t.app.inject({
      method: 'GET',
      url: '/api/uc/user/userinfo',
      headers: { authorization: `Bearer ${login.access_token}` },
    });
    expect(info.statusCode).toBe(200);
    const user = body<{ data: UserInfo }>(info).data;
    expect(user).toEqual(login.user_info);
    expect(user.account_id).toMatch(/^[0-9a-f-]{36}$/);

    // The stored password is a scrypt hash, never the password.
    const row = await t.app.db.kysely
      .selectFrom('user_account')
      .select('password_hash')
      .where('id', '=', user.user_id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
  });

  it('names the sign-in method in the access tokens (login_method), through refresh and reset_token', async () => {
    const up = body<{ data: SignInResult }>(await signUp(newEmail())).data;
    const login = body<{ data: LoginResult }>(await exchange(codeOf(up.redirect_to))).data;
    expect(loginMethodOf(login.access_token)).toBe('password');
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/refresh_token',
      headers: { authorization: `Bearer ${login.refresh_token}` },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(loginMethodOf(body<{ data: LoginResult }>(refreshed).data.access_token)).toBe('password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/reset_token',
      headers: { authorization: `Bearer ${login.access_token}` },
      payload: { e_id: 'E-42' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(loginMethodOf(body<{ data: LoginResult }>(reset).data.access_token)).toBe('password');
  });

  it('accepts the sign-in form as application/x-www-form-urlencoded', async () => {
    const email = newEmail();
    await signUp(email, 'form password 1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email,
        password: 'form password 1',
        redirect_uri: '/plugins/',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(body<{ data: SignInResult }>(res).data.redirect_to).toMatch(/^\/plugins\/\?code=/);
  });

  it('answers 409 EMAIL_TAKEN for an email that has an account, whatever its case', async () => {
    const email = newEmail();
    expect((await signUp(email)).statusCode).toBe(200);
    const again = await signUp(email.toLowerCase());
    expect(again.statusCode).toBe(409);
    expect(body<ErrorEnvelope>(again)).toMatchObject({ code: 40900, error: 'EMAIL_TAKEN', data: null });
  });

  it('validates the sign-up body (password length, email shape)', async () => {
    const short = await signUp(newEmail(), 'short');
    expect(short.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(short).error).toBe('INVALID_PARAMETER');
    const notEmail = await signUp('not-an-email', 'long enough password');
    expect(notEmail.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(notEmail).message).toContain('email');
  });
});

describe('sign-in errors do not reveal whether an email has an account', () => {
  it('answers the same 401 INVALID_CREDENTIALS for an unknown email and for a wrong password', async () => {
    const email = newEmail();
    await signUp(email, 'the right password');
    const wrong = await signIn(email, 'the wrong password');
    const unknown = await signIn(`nobody-${Date.now()}@example.com`, 'the right password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(body(wrong)).toEqual(body(unknown));
    expect(body<ErrorEnvelope>(wrong)).toEqual({
      code: 40101,
      error: 'INVALID_CREDENTIALS',
      message: 'wrong email or password',
      data: null,
    });
  });
});

describe('login codes', () => {
  async function freshCode(redirect = '/plugins/'): Promise<string> {
    const email = newEmail();
    const res = await signUp(email, 'code password 1', redirect);
    expect(res.statusCode).toBe(200);
    return codeOf(body<{ data: SignInResult }>(res).data.redirect_to);
  }

  it('are single use', async () => {
    const code = await freshCode();
    expect((await exchange(code)).statusCode).toBe(200);
    const again = await exchange(code);
    expect(again.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(again)).toMatchObject({ code: 40003, error: 'INVALID_CODE' });
  });

  it('expire after LOGIN_CODE_TTL seconds', async () => {
    const code = await freshCode();
    const later = await freshCode();
    now += 59_000;
    expect((await exchange(later)).statusCode).toBe(200);
    now += 1_000;
    const res = await exchange(code);
    expect(res.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(res).error).toBe('INVALID_CODE');
  });

  it('are bound to the redirect_uri they were issued for (and spent by a wrong one)', async () => {
    const code = await freshCode(`${SITE}/plugins/`);
    const wrong = await exchange(code, `${OTHER_SITE}/plugins/`);
    expect(wrong.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(wrong).error).toBe('INVALID_CODE');
    expect((await exchange(code, `${SITE}/plugins/`)).statusCode).toBe(400);
  });

  it('match a redirect_uri that differs only in URL serialisation', async () => {
    const code = await freshCode('http://LOCALHOST:3000/plugins/');
    expect((await exchange(code, 'http://localhost:3000/plugins/')).statusCode).toBe(200);
  });

  it('refuse an unknown code', async () => {
    const res = await exchange('A'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(res).error).toBe('INVALID_CODE');
  });

  it('hand a signed-in user to another allowed site (GET user/login/code)', async () => {
    const login = body<{ data: LoginResult }>(await exchange(await freshCode())).data;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/uc/user/login/code',
      query: { redirect_uri: `${OTHER_SITE}/app` },
      headers: { authorization: `Bearer ${login.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    const { code, expire_time } = body<{ data: LoginCodeResult }>(res).data;
    expect(expire_time).toBe(now + 60_000);
    const other = await exchange(code, `${OTHER_SITE}/app`);
    expect(other.statusCode).toBe(200);
    const handed = body<{ data: LoginResult }>(other).data;
    expect(handed.user_info.user_id).toBe(login.user_info.user_id);
    // The session on the other site keeps the sign-in method of the one that handed it over.
    expect(loginMethodOf(handed.access_token)).toBe('password');

    const evil = await t.app.inject({
      method: 'GET',
      url: '/api/uc/user/login/code',
      query: { redirect_uri: 'https://evil.example/app' },
      headers: { authorization: `Bearer ${login.access_token}` },
    });
    expect(evil.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(evil).error).toBe('REDIRECT_NOT_ALLOWED');

    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/uc/user/login/code',
      query: { redirect_uri: `${OTHER_SITE}/app` },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('no open redirect', () => {
  const attempts = [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example/plugins/',
    'http://localhost:3001/',
    'https://localhost:3000/',
    'http://localhost@evil.example/',
    'http://localhost:3000@evil.example/',
    'http://user:pass@localhost:3000/',
    '//evil.example/',
    '/\\evil.example/',
    '/\\/evil.example/',
    '\\\\evil.example',
    'http://localhost:3000\\@evil.example/',
    '/\t/evil.example/',
    '/\n/evil.example',
    ' /plugins/',
    'plugins/',
    'ftp://localhost:3000/',
    'http:/evil.example',
    'http://evil.example#@localhost:3000/',
  ];

  it.each(attempts)('refuses %j with 400 REDIRECT_NOT_ALLOWED on sign-in', async (redirect) => {
    const email = newEmail();
    await signUp(email, 'redirect password');
    const res = await signIn(email, 'redirect password', redirect);
    expect(res.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(res)).toMatchObject({
      code: 40004,
      error: 'REDIRECT_NOT_ALLOWED',
      data: null,
    });
  });

  it('refuses them on sign-up too, before creating the account', async () => {
    const email = newEmail();
    const res = await signUp(email, 'redirect password', 'https://evil.example/');
    expect(res.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(res).error).toBe('REDIRECT_NOT_ALLOWED');
    expect((await signUp(email, 'redirect password')).statusCode).toBe(200);
  });
});

describe('reset_token', () => {
  it("sets e_id, starts a new session and revokes the user's earlier refresh tokens", async () => {
    const up = await signUp(newEmail(), 'reset password');
    const first = body<{ data: LoginResult }>(
      await exchange(codeOf(body<{ data: SignInResult }>(up).data.redirect_to)),
    ).data;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/reset_token',
      headers: { authorization: `Bearer ${first.access_token}` },
      payload: { e_id: 'enterprise-42' },
    });
    expect(res.statusCode).toBe(200);
    const second = body<{ data: LoginResult }>(res).data;
    expect(second.user_info.e_id).toBe('enterprise-42');
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/uc/user/valid',
      headers: { authorization: `Bearer ${first.refresh_token}` },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/uc/user/valid',
      headers: { authorization: `Bearer ${second.refresh_token}` },
    });
    expect(fresh.statusCode).toBe(200);
    expect(body<{ data: { info: UserInfo } }>(fresh).data.info.e_id).toBe('enterprise-42');
  });
});

describe('settings', () => {
  it('answers the private login config for any product', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/uc/config/private/standard/pixso' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      code: 0,
      data: { password: { enable: true, logout_mode: 'default', logout_url: null } },
    });
  });

  it('answers the space setting with the login storage', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pix/spaces/setting?space_id=2' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      code: 0,
      data: {
        ext: {
          brand: { enable: false, brand_key: '' },
          template: { topic_color_key: 'indigo' },
          login_storage: 0,
        },
        update_time: null,
      },
    });
  });

  it('lists the user API in the OpenAPI document', async () => {
    const doc = body<{ paths: Record<string, unknown> }>(
      await t.app.inject({ method: 'GET', url: '/api/openapi.json' }),
    );
    for (const path of [
      '/api/uc/user/login',
      '/api/uc/user/sign_up',
      '/api/uc/user/login/code/user',
      '/api/uc/user/refresh_token',
      '/api/uc/user/valid',
      '/api/uc/user/logout',
      '/api/uc/user/userinfo',
      '/api/cmt/manager/verify',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
  });
});

describe("the account's language, recorded at the code exchange", () => {
  it("takes the lang cookie, else Accept-Language, among the site's locales, and shrugs off hostile values", async () => {
    // The test app's site is the domestic one: zh-CN and en-US.
    const cases: [Record<string, string>, string][] = [
      [{ cookie: 'lang=en', 'accept-language': 'zh-CN' }, 'en-US'],
      [{ 'accept-language': 'zh-CN,zh;q=0.9' }, 'zh-CN'],
      [{ cookie: 'lang=jp', 'accept-language': 'zh-CN' }, 'zh-CN'],
      [{ cookie: `lang=${'x'.repeat(5000)}`, 'accept-language': 'en-US' }, 'en-US'],
      // a header that names no language counts as none: the site's first
      [{ cookie: 'lang=%00zh', 'accept-language': `${'q'.repeat(8000)};q=abc,,;;` }, 'zh-CN'],
      [{ cookie: 'lang="unterminated' }, 'zh-CN'],
    ];
    for (const [headers, want] of cases) {
      const up = body<{ data: SignInResult }>(await signUp(newEmail())).data;
      const code = codeOf(up.redirect_to);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/uc/user/login/code/user',
        query: { code, redirect_uri: '/plugins/' },
        headers,
      });
      expect(res.statusCode, JSON.stringify(headers).slice(0, 80)).toBe(200);
      const id = body<{ data: LoginResult }>(res).data.user_info.user_id;
      const row = await t.app.db.kysely
        .selectFrom('user_account')
        .select('locale')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.locale, JSON.stringify(headers).slice(0, 80)).toBe(want);
    }
  });
});
