/**
 * A real OpenID Connect provider for tests (`oidc-provider` with its dev interactions) on
 * 127.0.0.1 at a random port, and a browser that walks its pages: follows redirects by hand,
 * keeps cookies, submits the login and consent forms (any password is accepted).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One client registered at the test provider. */
export interface TestOidcClient {
  client_id: string;
  /** Absent: a public client (`token_endpoint_auth_method: none`). */
  client_secret?: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
}

/** Options of {@link startTestOidcProvider}. */
export interface TestOidcProviderOptions {
  /**
   * Rotate every refresh token on use (default false: oidc-provider's default, which keeps a
   * confidential client's token); a rotated token presented again revokes its grant.
   */
  rotateRefreshTokens?: boolean;
}

/** A running test provider. */
export interface TestOidcProvider {
  issuer: string;
  /** While true, every request answers 503 with the text `the provider is down for maintenance`. */
  down: boolean;
  close(): Promise<void>;
}

/**
 * Starts a provider for `clients` whose people are `accounts` (claims by login name; the login
 * name is the subject; the record is read on every request, so deleting a person makes the
 * provider refuse their refresh tokens with `invalid_grant`). PKCE is required of every client;
 * RP-Initiated Logout is on; refresh tokens are issued for scope `offline_access` (asked with
 * `prompt=consent`). The claims `department`, `employee_id`, `groups` and `preferred_username`
 * come with scope `profile`.
 */
export async function startTestOidcProvider(
  clients: TestOidcClient[],
  accounts: Record<string, Record<string, unknown>>,
  options: TestOidcProviderOptions = {},
): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // @ts-expect-error oidc-provider ships no type declarations
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: c.client_secret ? 'client_secret_basic' : 'none',
    })),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'department', 'employee_id', 'groups'],
    },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts[sub];
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    rotateRefreshToken: options.rotateRefreshTokens === true,
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
  const handler = provider.callback();
  const running: TestOidcProvider = {
    issuer,
    down: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  server.on('request', (req, res) => {
    if (!running.down) return handler(req, res);
    res.statusCode = 503;
    res.setHeader('content-type', 'text/plain');
    res.end('the provider is down for maintenance');
  });
  return running;
}

/** A browser's cookies, by name. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }
}

/** Options of {@link walkProvider}. */
export interface WalkOptions {
  /** The login name typed into the provider's login form. */
  login: string;
  /** Cancel at the first interaction instead (the provider answers `access_denied`). */
  abort?: boolean;
  jar?: CookieJar;
}

/**
 * Walks the provider from `location` (its authorization URL) until it redirects to an address
 * starting with `stopAt` (the client's redirect URI), and answers that address.
 * @throws Error when the flow does not come back within 20 steps.
 */
export async function walkProvider(location: string, stopAt: string, options: WalkOptions): Promise<URL> {
  const jar = options.jar ?? new CookieJar();
  let next = location;
  for (let step = 0; step < 20; step++) {
    if (next.startsWith(stopAt)) return new URL(next);
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.remember(res);
    if (res.status >= 300 && res.status < 400) {
      next = new URL(res.headers.get('location')!, next).href;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html}`);
    if (options.abort) {
      next = new URL(`${new URL(next).pathname.replace(/\/$/, '')}/abort`, next).href;
      continue;
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form on the provider's page: ${html}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', options.login);
      form.set('password', 'any password');
    }
    const submitted = await fetch(new URL(action.replaceAll('&amp;', '&'), next), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    jar.remember(submitted);
    const target = submitted.headers.get('location');
    if (!target) throw new Error(`the provider did not redirect: ${await submitted.text()}`);
    next = new URL(target, next).href;
  }
  throw new Error('the authorization flow did not come back to the redirect URI');
}

/**
 * Confirms the provider's logout page (RP-Initiated Logout: GET the end-session URL, submit its
 * form) with the browser's cookies; answers where the provider then sends the browser.
 */
export async function confirmProviderLogout(endSessionUrl: string, jar: CookieJar): Promise<string> {
  const page = await fetch(endSessionUrl, { redirect: 'manual', headers: { cookie: jar.header() } });
  jar.remember(page);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`end_session_endpoint answered ${page.status}: ${html}`);
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !xsrf) throw new Error(`no logout form on the provider's page: ${html}`);
  const confirmed = await fetch(new URL(action.replaceAll('&amp;', '&'), endSessionUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
  });
  jar.remember(confirmed);
  const target = confirmed.headers.get('location');
  if (!target) throw new Error(`the provider did not redirect after logout: ${await confirmed.text()}`);
  return new URL(target, endSessionUrl).href;
}
