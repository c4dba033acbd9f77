/**
 * The login page's browser script, run against the page the real server renders (happy-dom for the
 * document; `fetch` and `location` are stubs answering what the identity endpoints answer).
 */
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import {
  type HTMLButtonElement,
  type HTMLDivElement,
  type HTMLFormElement,
  type HTMLInputElement,
  Window,
} from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_STATUS, errorEnvelope } from '../errors';
import { createTestApp, type TestApp } from '../testing/testApp';
import { ALL_DIRECTORY_METHODS, setDirectoryMethods } from '../testing/testLoginMethods';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
});
afterAll(async () => {
  await t?.close();
});

type FetchStub = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<Response>;

/** Opens `url` as the browser would: the server's HTML, then the server's script file run on it. */
async function openPage(url: string, headers: Record<string, string> = {}) {
  const page = await t.app.inject({ method: 'GET', url, headers });
  expect(page.statusCode).toBe(200);
  const window = new Window({
    url: `http://localhost${url}`,
    settings: {
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      handleDisabledFileLoadingAsSuccess: true,
    },
  });
  const document = window.document;
  document.write(page.body);
  const src = document.querySelector('script')!.getAttribute('src')!;
  const script = await t.app.inject({ method: 'GET', url: src });
  expect(script.statusCode).toBe(200);

  const location = { href: window.location.href, protocol: 'http:', assign: vi.fn(), reload: vi.fn() };
  let answer: FetchStub = async () => {
    throw new Error('no answer set');
  };
  const fetch = vi.fn((u: string, init: Parameters<FetchStub>[1]) => answer(u, init));
  new Function('document', 'location', 'fetch', script.body)(document, location, fetch);

  const $ = <T>(selector: string) => document.querySelector(selector) as unknown as T;
  const form = $<HTMLFormElement>('#login-form');
  const submit = $<HTMLButtonElement>('#login-form button[type="submit"]');
  return {
    window,
    document,
    location,
    fetch,
    form,
    submit,
    $,
    errorText: () => document.querySelector('#login-error')?.textContent ?? '',
    answerWith(stub: FetchStub) {
      answer = stub;
    },
    fill(values: Record<string, string>) {
      for (const [name, value] of Object.entries(values)) {
        $<HTMLInputElement>(`#login-form [name="${name}"]`).value = value;
      }
    },
    submitForm() {
      form.dispatchEvent(new window.Event('submit', { cancelable: true }));
    },
    /** The JSON body of the n-th fetch call. */
    sent(n = 0) {
      const call = fetch.mock.calls[n];
      expect(call, `fetch call ${n}`).toBeDefined();
      return { url: call![0], init: call![1], body: JSON.parse(call![1].body) as Record<string, unknown> };
    },
  };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

function failure(entry: (typeof ApiErrorCode)[keyof typeof ApiErrorCode], message: string, headers = {}) {
  return json(ERROR_STATUS[entry.error], errorEnvelope(entry, message), headers);
}

describe('login page script', () => {
  it('posts the sign-in JSON, disables the button while pending, then goes to redirect_to', async () => {
    const p = await openPage('/user/login/?redirect_uri=%2Fplugins%2F%3Fx%3D1&from=header', {
      cookie: 'lang=en',
    });
    let release: (r: Response) => void = () => {};
    p.answerWith(() => new Promise<Response>((resolve) => (release = resolve)));
    p.fill({ email: '  someone@example.com ', password: ' secret pw ' });
    p.submitForm();

    expect(p.fetch).toHaveBeenCalledTimes(1);
    const { url, init, body } = p.sent();
    expect(url).toBe('/api/uc/user/login');
    expect(init.method).toBe('POST');
    expect(init.headers['content-type']).toBe('application/json');
    expect(body).toEqual({
      email: 'someone@example.com',
      password: ' secret pw ',
      redirect_uri: '/plugins/?x=1',
    });
    expect(p.submit.disabled).toBe(true);
    expect(p.submit.textContent).toBe('Signing in…');
    expect(p.form.getAttribute('aria-busy')).toBe('true');

    // a second submit while pending sends nothing
    p.submitForm();
    expect(p.fetch).toHaveBeenCalledTimes(1);

    release(json(200, { code: 0, data: { redirect_to: '/plugins/?x=1&code=abc' } }));
    await vi.waitFor(() => expect(p.location.assign).toHaveBeenCalledTimes(1));
    expect(p.location.assign).toHaveBeenCalledWith('http://localhost/plugins/?x=1&code=abc');
    expect(p.errorText()).toBe('');
  });

  it('shows "Wrong email or password" / "邮箱或密码错误" for INVALID_CREDENTIALS and re-enables the button', async () => {
    for (const [cookie, text] of [
      ['lang=en', 'Wrong email or password'],
      ['lang=zh-CN', '邮箱或密码错误'],
    ] as const) {
      const p = await openPage('/user/login/', { cookie });
      p.answerWith(async () => failure(ApiErrorCode.INVALID_CREDENTIALS, 'wrong email or password'));
      p.fill({ email: 'a@b.co', password: 'nope' });
      p.submitForm();
      await vi.waitFor(() => expect(p.errorText()).toBe(text));
      expect(p.$<HTMLDivElement>('#login-error').getAttribute('role')).toBe('alert');
      expect(p.submit.disabled).toBe(false);
      expect(p.submit.textContent).toBe(cookie === 'lang=en' ? 'Sign in' : '登录');
      expect(p.form.hasAttribute('aria-busy')).toBe(false);
      expect(p.document.activeElement?.getAttribute('name')).toBe('password');
      expect(p.location.assign).not.toHaveBeenCalled();
    }
  });

  it('shows RATE_LIMITED with the Retry-After seconds (or without), REDIRECT_NOT_ALLOWED, INVALID_PARAMETER', async () => {
    const p = await openPage('/user/login/?redirect_uri=https%3A%2F%2Fevil.example%2F', {
      cookie: 'lang=en',
    });
    p.fill({ email: 'a@b.co', password: 'x' });

    p.answerWith(async () => failure(ApiErrorCode.RATE_LIMITED, 'slow down', { 'retry-after': '42' }));
    p.submitForm();
    await vi.waitFor(() => expect(p.errorText()).toBe('Too many attempts. Try again in 42 seconds.'));

    p.answerWith(async () => failure(ApiErrorCode.RATE_LIMITED, 'slow down'));
    p.submitForm();
    await vi.waitFor(() => expect(p.errorText()).toBe('Too many attempts. Please try again later.'));

    p.answerWith(async () => failure(ApiErrorCode.REDIRECT_NOT_ALLOWED, 'redirect_uri not allowed'));
    p.submitForm();
    await vi.waitFor(() =>
      expect(p.errorText()).toMatch(/^This sign-in link leads to an address that is not allowed/),
    );
    expect(p.sent(2).body.redirect_uri).toBe('https://evil.example/');

    p.answerWith(async () => failure(ApiErrorCode.INVALID_PARAMETER, 'body.email: must be an email'));
    p.submitForm();
    await vi.waitFor(() => expect(p.errorText()).toBe('body.email: must be an email'));
    expect(p.fetch).toHaveBeenCalledTimes(4);
  });

  it('signs up with nick_name when given, and shows EMAIL_TAKEN (zh-CN)', async () => {
    const p = await openPage('/user/login/?page=sign_up&redirect_uri=%2Fapp');
    p.answerWith(async () => failure(ApiErrorCode.EMAIL_TAKEN, 'email taken'));
    p.fill({ email: 'new@b.co', nick_name: ' Lin ', password: 'longenough' });
    p.submitForm();
    expect(p.submit.textContent).toBe('正在注册…');
    await vi.waitFor(() => expect(p.errorText()).toBe('该邮箱已注册，请直接登录。'));
    expect(p.sent().url).toBe('/api/uc/user/sign_up');
    expect(p.sent().body).toEqual({
      email: 'new@b.co',
      password: 'longenough',
      nick_name: 'Lin',
      redirect_uri: '/app',
    });
    expect(p.document.activeElement?.getAttribute('name')).toBe('email');

    p.answerWith(async () => json(200, { code: 0, data: { redirect_to: 'https://app.example/cb?code=1' } }));
    p.fill({ nick_name: '   ' });
    p.submitForm();
    await vi.waitFor(() => expect(p.location.assign).toHaveBeenCalledWith('https://app.example/cb?code=1'));
    expect(p.sent(1).body).not.toHaveProperty('nick_name');
  });

  it('shows the network text when fetch rejects, and an error for a non-JSON answer', async () => {
    const p = await openPage('/user/login/', { cookie: 'lang=en' });
    p.fill({ email: 'a@b.co', password: 'x' });
    p.answerWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    p.submitForm();
    await vi.waitFor(() => expect(p.errorText()).toBe('Network error: check your connection and try again.'));
    expect(p.submit.disabled).toBe(false);

    p.answerWith(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    p.submitForm();
    await vi.waitFor(() => expect(p.errorText()).toBe('Something went wrong (HTTP 502). Please try again.'));
  });

  it('never navigates to a non-http(s) redirect_to', async () => {
    const p = await openPage('/user/login/', { cookie: 'lang=en' });
    p.fill({ email: 'a@b.co', password: 'x' });
    p.answerWith(async () => json(200, { code: 0, data: { redirect_to: 'javascript:alert(1)' } }));
    p.submitForm();
    await vi.waitFor(() => expect(p.errorText()).toBe('Something went wrong (HTTP 200). Please try again.'));
    expect(p.location.assign).not.toHaveBeenCalled();
  });

  it('reveals the password toggle and switches the field between hidden and shown', async () => {
    const p = await openPage('/user/login/');
    const toggle = p.$<HTMLButtonElement>('#login-password-toggle');
    const password = p.$<HTMLInputElement>('#login-password');
    expect(toggle.hidden).toBe(false);
    expect(toggle.getAttribute('aria-label')).toBe('显示密码');
    toggle.click();
    expect(password.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    toggle.click();
    expect(password.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('on the bind page posts the relative mainUrl as redirect_uri, never an absolute one', async () => {
    const ok = await openPage('/user/login/bind?id=tx1&mainUrl=%2Fdocs%2F1&txDocFolderId=9');
    ok.answerWith(async () => json(200, { code: 0, data: { redirect_to: '/docs/1?code=z' } }));
    ok.fill({ email: 'a@b.co', password: 'x' });
    ok.submitForm();
    await vi.waitFor(() => expect(ok.location.assign).toHaveBeenCalledWith('http://localhost/docs/1?code=z'));
    expect(ok.sent().body.redirect_uri).toBe('/docs/1');

    const evil = await openPage('/user/login/bind?id=tx1&mainUrl=https%3A%2F%2Fevil.example%2F');
    evil.answerWith(async () => json(200, { code: 0, data: { redirect_to: '/plugins/?code=z' } }));
    evil.fill({ email: 'a@b.co', password: 'x' });
    evil.submitForm();
    await vi.waitFor(() => expect(evil.fetch).toHaveBeenCalled());
    expect(evil.sent().body.redirect_uri).toBe('/plugins/');
  });

  it('puts the page language into the browser validation bubbles, cleared on input', async () => {
    const zh = await openPage('/user/login/');
    const email = zh.$<HTMLInputElement>('#login-email');
    const password = zh.$<HTMLInputElement>('#login-password');
    expect(email.checkValidity()).toBe(false);
    expect(email.validationMessage).toBe('请填写此字段。');
    expect(password.checkValidity()).toBe(false);
    expect(password.validationMessage).toBe('请填写此字段。');

    // typing clears the message, so the browser judges the new value afresh
    email.value = 'not-an-email';
    email.dispatchEvent(new zh.window.Event('input', { bubbles: true }));
    expect(email.validationMessage).not.toBe('请填写此字段。');
    expect(email.checkValidity()).toBe(false);
    expect(email.validationMessage).toBe('请输入有效的邮箱地址，例如 name@example.com。');
    email.value = 'someone@example.com';
    email.dispatchEvent(new zh.window.Event('input', { bubbles: true }));
    expect(email.checkValidity()).toBe(true);
    expect(email.validationMessage).toBe('');

    // sign-up's password minlength, in English, with the number filled in
    const en = await openPage('/user/login/?page=sign_up', { cookie: 'lang=en' });
    const newPassword = en.$<HTMLInputElement>('#login-password');
    newPassword.value = 'short';
    newPassword.dispatchEvent(new en.window.Event('input', { bubbles: true }));
    expect(newPassword.checkValidity()).toBe(false);
    expect(newPassword.validationMessage).toBe('Use at least 8 characters.');
    newPassword.value = 'long enough';
    newPassword.dispatchEvent(new en.window.Event('change', { bubbles: true }));
    expect(newPassword.checkValidity()).toBe(true);
    // the optional nickname never gets a message
    const nickname = en.$<HTMLInputElement>('#login-nickname');
    expect(nickname.checkValidity()).toBe(true);
    expect(nickname.validationMessage).toBe('');
  });

  it('reveals the language picker; a choice writes the lang cookie (SPEC §9 value) and reloads', async () => {
    const p = await openPage('/user/login/', { cookie: 'lang=zh-CN' });
    const nav = p.$<HTMLElement & { hidden: boolean }>('#login-lang');
    expect(nav.hidden).toBe(false);
    const buttons = [...p.document.querySelectorAll('#login-lang button')] as unknown as HTMLButtonElement[];
    expect(buttons.map((b) => b.textContent)).toEqual(['简体中文', 'English']);

    // a click beside the buttons does nothing
    p.$<HTMLElement & { click(): void }>('#login-lang').click();
    expect(p.location.reload).not.toHaveBeenCalled();
    expect(p.document.cookie).not.toContain('lang=');

    buttons[1]!.click();
    expect(p.document.cookie).toContain('lang=en');
    expect(p.location.reload).toHaveBeenCalledTimes(1);
    buttons[0]!.click();
    expect(p.document.cookie).toContain('lang=zh-CN');
    expect(p.location.reload).toHaveBeenCalledTimes(2);

    // a tampered value is never written
    buttons[1]!.setAttribute('data-lang', 'en; domain=evil.example');
    buttons[1]!.click();
    expect(p.location.reload).toHaveBeenCalledTimes(2);
    expect(p.document.cookie).not.toContain('evil');
  });
});

describe('login page script: the directory (LDAP) form beside the e-mail form', () => {
  beforeAll(() => {
    setDirectoryMethods(t.app, { ldap: ALL_DIRECTORY_METHODS.ldap, oidc: ALL_DIRECTORY_METHODS.oidc });
  });
  afterAll(() => {
    if (t) setDirectoryMethods(t.app, { ldap: undefined, oidc: undefined });
  });

  /** The page with its directory form's helpers. */
  async function openDirectory(url: string, headers: Record<string, string> = {}) {
    const p = await openPage(url, headers);
    const form = p.$<HTMLFormElement>('#login-ldap-form');
    return {
      ...p,
      ldap: form,
      ldapSubmit: p.$<HTMLButtonElement>('#login-ldap-form button[type="submit"]'),
      ldapError: () => p.document.querySelector('#login-ldap-error')?.textContent ?? '',
      fillLdap(values: Record<string, string>) {
        for (const [name, value] of Object.entries(values)) {
          p.$<HTMLInputElement>(`#login-ldap-form [name="${name}"]`).value = value;
        }
      },
      submitLdap() {
        form.dispatchEvent(new p.window.Event('submit', { cancelable: true }));
      },
    };
  }

  it('posts { username, password, redirect_uri } to the LDAP endpoint, pending while it waits, then goes to redirect_to', async () => {
    const p = await openDirectory('/user/login/?redirect_uri=%2Fapp%3Fx%3D1', { cookie: 'lang=en' });
    let release: (r: Response) => void = () => {};
    p.answerWith(() => new Promise<Response>((resolve) => (release = resolve)));
    p.fillLdap({ username: '  jdoe ', password: ' pw ' });
    p.submitLdap();
    const { url, body } = p.sent();
    expect(url).toBe('/api/uc/user/login/ldap');
    expect(body).toEqual({ username: 'jdoe', password: ' pw ', redirect_uri: '/app?x=1' });
    expect(p.ldapSubmit.disabled).toBe(true);
    expect(p.ldapSubmit.textContent).toBe('Signing in…');
    expect(p.ldap.getAttribute('aria-busy')).toBe('true');
    expect(p.submit.disabled).toBe(false); // the e-mail form is not involved
    p.submitLdap();
    expect(p.fetch).toHaveBeenCalledTimes(1);
    release(json(200, { code: 0, data: { redirect_to: '/app?x=1&code=c1' } }));
    await vi.waitFor(() =>
      expect(p.location.assign).toHaveBeenCalledWith('http://localhost/app?x=1&code=c1'),
    );
  });

  it('shows each error of the envelope as text in its own alert, focusing the password on INVALID_CREDENTIALS', async () => {
    const p = await openDirectory('/user/login/', { cookie: 'lang=en' });
    p.fillLdap({ username: 'jdoe', password: 'nope' });
    const cases: [Response, string][] = [
      [
        failure(ApiErrorCode.INVALID_CREDENTIALS, 'wrong user name or password'),
        'Wrong user name or password',
      ],
      [
        failure(ApiErrorCode.ACCOUNT_DISABLED, 'the directory disabled the account'),
        'Your account is disabled. Please contact your administrator.',
      ],
      [
        failure(ApiErrorCode.THIRD_PARTY_FAILED, 'ldap://dc1: connect ECONNREFUSED'),
        'The company sign-in service could not complete the sign-in: ldap://dc1: connect ECONNREFUSED',
      ],
      [failure(ApiErrorCode.THIRD_PARTY_FAILED, ''), 'Something went wrong (HTTP 502). Please try again.'],
      [
        failure(ApiErrorCode.LOGIN_METHOD_DISABLED, 'ldap is not enabled'),
        'This sign-in method is not enabled on this site.',
      ],
      [
        failure(ApiErrorCode.RATE_LIMITED, 'slow down', { 'retry-after': '7' }),
        'Too many attempts. Try again in 7 seconds.',
      ],
      [failure(ApiErrorCode.INVALID_PARAMETER, 'body.username: too long'), 'body.username: too long'],
    ];
    for (const [n, [answer, text]] of cases.entries()) {
      p.answerWith(async () => answer);
      p.submitLdap();
      await vi.waitFor(() => expect(p.ldapError()).toBe(text));
      expect(p.fetch).toHaveBeenCalledTimes(n + 1);
      expect(p.ldapSubmit.disabled).toBe(false);
      expect(p.ldapSubmit.textContent).toBe('Sign in with company account');
      expect(p.errorText()).toBe(''); // the e-mail form's alert stays empty
      if (n === 0) expect(p.document.activeElement?.id).toBe('login-ldap-password');
    }
    // a provider's long answer is cut
    p.answerWith(async () => failure(ApiErrorCode.THIRD_PARTY_FAILED, 'x'.repeat(5000)));
    p.submitLdap();
    await vi.waitFor(() => expect(p.ldapError()).toMatch(/x{500}$/));
    expect(p.ldapError()).not.toMatch(/x{501}/);
    expect(p.location.assign).not.toHaveBeenCalled();
  });

  it('speaks the page language (zh-CN), and its password toggle and validation work on their own', async () => {
    const p = await openDirectory('/user/login/');
    p.answerWith(async () => failure(ApiErrorCode.INVALID_CREDENTIALS, 'wrong'));
    p.fillLdap({ username: 'jdoe', password: 'nope' });
    p.submitLdap();
    await vi.waitFor(() => expect(p.ldapError()).toBe('用户名或密码错误'));
    const toggle = p.$<HTMLButtonElement>('#login-ldap-password-toggle');
    const password = p.$<HTMLInputElement>('#login-ldap-password');
    expect(toggle.hidden).toBe(false);
    toggle.click();
    expect(password.type).toBe('text');
    expect(p.$<HTMLInputElement>('#login-password').type).toBe('password');
    const username = p.$<HTMLInputElement>('#login-username');
    username.value = '';
    expect(username.checkValidity()).toBe(false);
    expect(username.validationMessage).toBe('请填写此字段。');
    // the e-mail form still posts its own body to its own endpoint
    p.answerWith(async () => failure(ApiErrorCode.INVALID_CREDENTIALS, 'wrong'));
    p.fill({ email: 'a@b.co', password: 'x' });
    p.submitForm();
    await vi.waitFor(() => expect(p.errorText()).toBe('邮箱或密码错误'));
    expect(p.sent(1)).toMatchObject({
      url: '/api/uc/user/login',
      body: { email: 'a@b.co', password: 'x', redirect_uri: '/plugins/' },
    });
  });
});
