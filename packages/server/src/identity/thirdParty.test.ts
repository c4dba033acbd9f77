/**
 * Third-party sign-in against a real OpenID Connect provider (`oidc-provider`, dev interactions)
 * listening on 127.0.0.1 at a random port: the browser side of the authorization code flow is
 * driven with fetch and a cookie jar.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOGIN_METHOD_CLAIM } from '@plugin-center/contract';
import type { ErrorEnvelope, LoginResult, UserInfo } from '@plugin-center/contract/schemas';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';

const CLIENT_ID = 'plugin-center';
const CLIENT_SECRET = 'a client secret of the test provider';
const REDIRECT = 'http://localhost:3000/user/login/oauth2-callback';

let server: Server;
let issuer: string;
/** A provider whose token endpoint fails with a non-JSON body. */
let broken: Server;
let t: TestApp;

interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}
/** Accounts of the provider by login name (any password is accepted by dev interactions). */
const accounts: Record<string, TestAccount> = {
  alice: { email: 'Alice@Provider.example', email_verified: true, name: 'Alice A.' },
  bob: { email: 'bob@provider.example', email_verified: true, name: 'Bob' },
  carol: { email: 'carol@provider.example', email_verified: true, name: 'Carol' },
  mallory: { email: 'victim@provider.example', email_verified: false, name: 'Mallory' },
  nomail: { name: 'No Mail' },
  dave: { email: 'dave@provider.example', email_verified: true, name: 'Dave' },
  erin: { email: 'erin@provider.example', email_verified: false, name: 'Erin' },
};

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // @ts-expect-error oidc-provider ships no type declarations
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts[sub];
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => false },
    cookies: { keys: ['a cookie signing key for the test provider'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Grant: 600,
      Session: 600,
    },
  });
  server.on('request', provider.callback());
  broken = createServer((req, res) => {
    const self = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
    if (req.url === '/.well-known/openid-configuration') {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          issuer: self,
          authorization_endpoint: `${self}/auth`,
          token_endpoint: `${self}/token`,
          jwks_uri: `${self}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
      return;
    }
    res.statusCode = 500;
    res.setHeader('content-type', 'text/plain');
    res.end('the token service exploded');
  });
  await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
  // A port where nothing listens (taken, then released).
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  t = await createTestApp(
    {
      importCatalogueOnEmpty: false,
      oauthProviders: [
        {
          source: 'docs',
          issuer,
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uri: REDIRECT,
          allow_http: true,
        },
        {
          source: 'offline',
          issuer: `http://127.0.0.1:${closedPort}`,
          client_id: 'x',
          client_secret: 'y',
          allow_http: true,
        },
        {
          source: 'broken',
          issuer: `http://127.0.0.1:${(broken.address() as AddressInfo).port}`,
          client_id: 'x',
          client_secret: 'y',
          allow_http: true,
        },
      ],
    },
    {},
  );
});
afterAll(async () => {
  await t?.close();
  for (const s of [server, broken])
    await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
});

/** A browser: follows redirects by hand, keeps cookies, submits the provider's dev forms. */
async function authorize(login: string, state = 'xyz'): Promise<{ code: string; state: string | null }> {
  const start = await t.app.inject({
    method: 'GET',
    url: '/api/uc/3rd-party/oauth2/docs/authorize',
    query: { redirect_uri: REDIRECT, state },
  });
  expect(start.statusCode).toBe(302);
  let location = String(start.headers.location);
  expect(location.startsWith(`${issuer}/auth?`)).toBe(true);

  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };

  for (let step = 0; step < 20; step++) {
    if (location.startsWith(REDIRECT)) {
      const url = new URL(location);
      const error = url.searchParams.get('error');
      if (error) throw new Error(`provider error ${error}: ${url.searchParams.get('error_description')}`);
      return { code: url.searchParams.get('code')!, state: url.searchParams.get('state') };
    }
    const res = await fetch(new URL(location, issuer), {
      redirect: 'manual',
      headers: { cookie: cookieHeader() },
    });
    remember(res);
    if (res.status >= 300 && res.status < 400) {
      location = res.headers.get('location')!;
      continue;
    }
    const html = await res.text();
    expect(res.status, html).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    expect(action, html).toBeTruthy();
    const form = new URLSearchParams({ prompt: prompt! });
    if (prompt === 'login') {
      form.set('login', login);
      form.set('password', 'any password');
    }
    const submitted = await fetch(new URL(action!.replaceAll('&amp;', '&'), issuer), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    remember(submitted);
    expect(submitted.status, await submitted.clone().text()).toBeGreaterThanOrEqual(300);
    location = submitted.headers.get('location')!;
  }
  throw new Error('the authorization flow did not come back to the redirect_uri');
}

function auth(code: string, source = 'docs') {
  return t.app.inject({
    method: 'POST',
    url: `/api/uc/3rd-party/oauth2/${source}/auth`,
    payload: { code, redirect_uri: REDIRECT, state: 'xyz' },
  });
}

describe('third-party sign-in (OpenID Connect)', () => {
  it('creates the account on first sign-in from the provider email and name, then finds it again', async () => {
    const { code, state } = await authorize('alice');
    expect(state).toBe('xyz');
    const res = await auth(code);
    expect(res.statusCode, res.body).toBe(200);
    const login = body<{ data: LoginResult }>(res).data;
    expect(login.user_info).toMatchObject({
      email: 'alice@provider.example',
      nick_name: 'Alice A.',
      user_name: 'alice',
      role: 0,
    });
    expect(decodeJwt(login.access_token)[LOGIN_METHOD_CLAIM]).toBe('oauth2');
    // The tokens are ours and work.
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/uc/user/userinfo',
      headers: { authorization: `Bearer ${login.access_token}` },
    });
    expect(body<{ data: UserInfo }>(info).data.user_id).toBe(login.user_info.user_id);
    // The account has no password: password sign-in is refused like any wrong password.
    const pw = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/login',
      payload: { email: 'alice@provider.example', password: 'any password', redirect_uri: '/' },
    });
    expect(body<ErrorEnvelope>(pw).error).toBe('INVALID_CREDENTIALS');

    const again = await auth((await authorize('alice')).code);
    expect(body<{ data: LoginResult }>(again).data.user_info.user_id).toBe(login.user_info.user_id);
    const rows = await t.app.db.kysely
      .selectFrom('third_party_account')
      .selectAll()
      .where('subject', '=', 'alice')
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({ source: 'docs', subject: 'alice', user_id: login.user_info.user_id }),
    ]);
  });

  it('signs in with POST user/oauth2/login (app = source), redirect_uri from the provider config', async () => {
    const { code } = await authorize('nomail');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/oauth2/login',
      payload: { app: 'docs', code },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: LoginResult }>(res).data.user_info).toMatchObject({
      email: null,
      nick_name: 'No Mail',
    });
  });

  it('two concurrent first sign-ins of one provider account create one account', async () => {
    const codes = [(await authorize('erin')).code, (await authorize('erin')).code];
    const results = await Promise.all(codes.map((code) => auth(code)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const ids = results.map((r) => body<{ data: LoginResult }>(r).data.user_info.user_id);
    expect(ids[0]).toBe(ids[1]);
    // The same race at the service, where both calls surely overlap.
    for (let round = 0; round < 3; round++) {
      const profile = {
        source: 'docs',
        subject: `racer-${round}`,
        email: `racer-${round}@provider.example`,
        email_verified: false,
        name: null,
        picture: null,
      };
      const users = await Promise.all(
        Array.from({ length: 4 }, () => t.app.identity.thirdPartyAccount(profile)),
      );
      expect(new Set(users).size).toBe(1);
      const rows = await t.app.db.kysely
        .selectFrom('user_account')
        .select('id')
        .where('email', '=', profile.email)
        .execute();
      expect(rows).toEqual([{ id: users[0] }]);
    }
  });

  it('links a verified provider email to the existing account, but never an unverified one', async () => {
    const carol = await t.app.identity.createAccount({
      email: 'carol@provider.example',
      password: 'carol password',
    });
    const linked = body<{ data: LoginResult }>(await auth((await authorize('carol')).code)).data;
    expect(linked.user_info.user_id).toBe(carol.id);

    const victim = await t.app.identity.createAccount({
      email: 'victim@provider.example',
      password: 'victim password',
    });
    const mallory = body<{ data: LoginResult }>(await auth((await authorize('mallory')).code)).data;
    expect(mallory.user_info.user_id).not.toBe(victim.id);
    expect(mallory.user_info.email).toBeNull();
  });

  it('binds a provider account to the signed-in user (3rd-party/bind), and refuses binding it twice', async () => {
    const user = await signInTestUser(t.app);
    const { code } = await authorize('bob');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uc/3rd-party/bind',
      headers: { authorization: `Bearer ${user.access_token}` },
      payload: { source: 'docs', code, redirect_uri: REDIRECT },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: UserInfo }>(res).data.user_id).toBe(user.user_info.user_id);
    const bob = body<{ data: LoginResult }>(await auth((await authorize('bob')).code)).data;
    expect(bob.user_info.user_id).toBe(user.user_info.user_id);

    const other = await signInTestUser(t.app);
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/uc/3rd-party/bind',
      headers: { authorization: `Bearer ${other.access_token}` },
      payload: { source: 'docs', code: (await authorize('bob')).code, redirect_uri: REDIRECT },
    });
    expect(twice.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(twice).message).toContain('bound to another user');

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/uc/3rd-party/bind',
      payload: { source: 'docs', code: 'c', redirect_uri: REDIRECT },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 502 THIRD_PARTY_FAILED with the provider's response body when it refuses the code", async () => {
    const { code } = await authorize('dave');
    expect((await auth(code)).statusCode).toBe(200);
    const reused = await auth(code);
    expect(reused.statusCode).toBe(502);
    const error = body<ErrorEnvelope>(reused);
    expect(error).toMatchObject({ code: 50200, error: 'THIRD_PARTY_FAILED', data: null });
    expect(JSON.parse(error.message)).toMatchObject({ error: 'invalid_grant' });

    const wrongRedirect = await t.app.inject({
      method: 'POST',
      url: '/api/uc/3rd-party/oauth2/docs/auth',
      payload: { code: (await authorize('dave')).code, redirect_uri: 'http://localhost:3000/other' },
    });
    expect(wrongRedirect.statusCode).toBe(502);
    expect(body<ErrorEnvelope>(wrongRedirect).message).toContain('invalid_grant');
  });

  it('answers 502 when the provider cannot be reached or fails (with its body), 400 for an unknown source', async () => {
    const offline = await auth('code', 'offline');
    expect(offline.statusCode).toBe(502);
    expect(body<ErrorEnvelope>(offline)).toMatchObject({ error: 'THIRD_PARTY_FAILED' });
    expect(body<ErrorEnvelope>(offline).message).toContain('offline');
    const exploded = await auth('code', 'broken');
    expect(exploded.statusCode).toBe(502);
    expect(body<ErrorEnvelope>(exploded).message).toBe('the token service exploded');
    const unknown = await auth('code', 'nope');
    expect(unknown.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(unknown).message).toContain('no third-party provider named "nope"');
  });
});
