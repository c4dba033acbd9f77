import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSiteConfig } from '../site';
import type { TestApp } from '../testing/testApp';
import { ALL_DIRECTORY_METHODS, createMethodsApp, setDirectoryMethods } from '../testing/testLoginMethods';
import {
  formValue,
  get,
  hiddenContext,
  linkQuery,
  parse,
  SPEC_PARAMS,
  useLoginPageApp,
} from '../testing/testLoginPage';
import { contentVersion, loadLoginPageAssets } from './assets';
import { SSO_DETAIL_MAX, safeRelativePath } from './page';
import { LOGIN_TEXTS, pickLoginLocale } from './texts';

useLoginPageApp();

describe('GET /user/login/', () => {
  it('renders sign-in in zh-CN by default', async () => {
    const response = await get('/user/login/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const doc = parse(response);
    expect(doc.documentElement.getAttribute('lang')).toBe('zh-CN');
    expect(doc.querySelector('h1')?.textContent).toBe('登录插件中心');
    expect(doc.querySelector('.login-brand')?.textContent).toBe('插件中心');
    const form = doc.querySelector('#login-form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/api/uc/user/login');
    expect(form.getAttribute('data-text-error-invalid-credentials')).toBe('邮箱或密码错误');
    expect(doc.querySelector('#login-email')?.hasAttribute('autofocus')).toBe(true);
    expect(doc.querySelector('label[for="login-email"]')?.textContent).toBe('邮箱');
    expect(doc.querySelector('label[for="login-password"]')?.textContent).toBe('密码');
    expect(doc.querySelector('#login-password')?.getAttribute('type')).toBe('password');
    expect(doc.querySelector('#login-password-toggle')?.getAttribute('aria-controls')).toBe('login-password');
    expect(doc.querySelector('#login-error')?.getAttribute('role')).toBe('alert');
    expect(doc.querySelector('#login-form button[type="submit"]')?.textContent).toBe('登录');
    expect(doc.querySelector('[name="nick_name"]')).toBeNull();
    const toSignUp = linkQuery(doc, '#login-switch');
    expect(toSignUp.path).toBe('/user/login/');
    expect(toSignUp.query.get('page')).toBe('sign_up');
  });

  it('renders en-US for the lang cookie "en" and for an English Accept-Language', async () => {
    for (const headers of [
      { cookie: 'theme=dark; lang=en' } as Record<string, string>,
      { 'accept-language': 'en-GB,en;q=0.9,zh-CN;q=0.5' },
    ]) {
      const doc = parse(await get('/user/login/', headers));
      expect(doc.documentElement.getAttribute('lang'), JSON.stringify(headers)).toBe('en-US');
      expect(doc.querySelector('h1')?.textContent).toBe('Sign in to Plugin Center');
      expect(doc.querySelector('.login-brand')?.textContent).toBe('Plugin Center');
      expect(doc.querySelector('label[for="login-email"]')?.textContent).toBe('Email');
      expect(doc.querySelector('#login-form')?.getAttribute('data-text-error-invalid-credentials')).toBe(
        'Wrong email or password',
      );
    }
    // the cookie wins over Accept-Language
    const zh = parse(await get('/user/login/', { cookie: 'lang=zh-CN', 'accept-language': 'en-US' }));
    expect(zh.documentElement.getAttribute('lang')).toBe('zh-CN');
  });

  it("picks the locale among the domestic site's (zh-CN, en-US): cookie, then Accept-Language q-values, then en-US for other languages, else zh-CN", async () => {
    // Through the route: the headers as browsers send them, parsed by @fastify/cookie and @fastify/accepts.
    const cases: [Record<string, string>, string][] = [
      [{}, 'zh-CN'],
      [{ cookie: 'lang=en' }, 'en-US'],
      [{ cookie: 'lang=zh-CN', 'accept-language': 'en' }, 'zh-CN'],
      [{ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }, 'zh-CN'],
      [{ 'accept-language': 'zh;q=0.4,en;q=0.8' }, 'en-US'],
      // asking only for languages the site does not offer: the fallback en-US (SPEC §1), not zh-CN
      [{ 'accept-language': 'fr-FR,de;q=0.9' }, 'en-US'],
      // a cookie naming a locale the domestic site does not offer is ignored (never Japanese here)
      [{ cookie: 'lang=jp' }, 'zh-CN'],
      [{ cookie: 'lang=jp', 'accept-language': 'ja,en;q=0.5' }, 'en-US'],
      [{ cookie: 'lang=unknown', 'accept-language': 'en' }, 'en-US'],
      // case-insensitive, URL-encoded cookie values; q=0 means "not this one"; a wildcard is no language
      [{ cookie: 'a=1; lang=EN%2DUS; b=2' }, 'en-US'],
      [{ 'accept-language': 'en;q=0, zh;q=0.1' }, 'zh-CN'],
      [{ 'accept-language': '*, en;q=0.5' }, 'en-US'],
      [{ 'accept-language': 'de-DE, ES;q=0.9' }, 'en-US'],
      [{ 'accept-language': '*' }, 'zh-CN'],
    ];
    for (const [headers, locale] of cases) {
      const doc = parse(await get('/user/login/', headers));
      expect(doc.documentElement.getAttribute('lang'), JSON.stringify(headers)).toBe(locale);
    }
    const jp = parse(await get('/user/login/', { cookie: 'lang=jp' }));
    expect(jp.querySelector('h1')?.textContent).toBe('登录插件中心');
  });

  it('pickLoginLocale: the same rule on what the plugins hand over, for any list of site locales', () => {
    const domestic = ['zh-CN', 'en-US'] as const;
    const overseas = ['en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES'] as const;
    expect(pickLoginLocale({}, domestic).locale).toBe('zh-CN');
    expect(pickLoginLocale({ lang: 'en' }, domestic).locale).toBe('en-US');
    expect(pickLoginLocale({ lang: 'zh-CN', languages: ['en'] }, domestic).locale).toBe('zh-CN');
    expect(pickLoginLocale({ languages: ['en', 'zh'] }, domestic).locale).toBe('en-US');
    expect(pickLoginLocale({ lang: 'kr' }, domestic).locale).toBe('zh-CN');
    expect(pickLoginLocale({ lang: 'kr', languages: ['ko'] }, domestic).locale).toBe('en-US');
    expect(pickLoginLocale({}, overseas).locale).toBe('en-US');
    expect(pickLoginLocale({ lang: 'zh-CN', languages: ['zh-CN', 'zh'] }, overseas).locale).toBe('en-US');
    expect(pickLoginLocale({ lang: 'zh-CN', languages: ['zh', 'ko-KR'] }, overseas).locale).toBe('ko-KR');
    for (const [cookie, locale] of [
      ['en', 'en-US'],
      ['jp', 'ja-JP'],
      ['kr', 'ko-KR'],
      ['ru', 'ru-RU'],
      ['es', 'es-ES'],
      ['JA-jp', 'ja-JP'],
    ] as const) {
      const picked = pickLoginLocale({ lang: cookie, languages: ['es'] }, overseas);
      expect(picked.locale, cookie).toBe(locale);
      expect(picked.texts).toBe(LOGIN_TEXTS[locale]);
    }
    // a private deployment with one locale, and one with no usable list
    expect(pickLoginLocale({ lang: 'en', languages: ['en'] }, ['ru-RU']).locale).toBe('ru-RU');
    expect(pickLoginLocale({ lang: 'en' }, []).locale).toBe('zh-CN');
    // only other languages asked: en-US where offered, else the site's first
    expect(pickLoginLocale({ languages: ['fr'] }, domestic).locale).toBe('en-US');
    expect(pickLoginLocale({ lang: 'kr', languages: ['de-DE', 'ko'] }, domestic).locale).toBe('en-US');
    expect(pickLoginLocale({ languages: ['fr'] }, ['ru-RU', 'ja-JP']).locale).toBe('ru-RU');
    // wrong types and oversized values match nothing
    const hostile = { lang: 42, languages: 'en' } as unknown as Parameters<typeof pickLoginLocale>[0];
    expect(pickLoginLocale(hostile, overseas).locale).toBe('en-US');
    expect(pickLoginLocale({ lang: `jp${' '.repeat(100_000)}` }, overseas).locale).toBe('en-US');
  });

  it('renders the sign-up form for page=sign_up', async () => {
    const doc = parse(
      await get('/user/login/?page=sign_up&redirect_uri=%2Fplugins%2Fx', { cookie: 'lang=en' }),
    );
    expect(doc.querySelector('.login-card')?.getAttribute('data-mode')).toBe('sign-up');
    expect(doc.querySelector('h1')?.textContent).toBe('Create your account');
    const form = doc.querySelector('#login-form')!;
    expect(form.getAttribute('action')).toBe('/api/uc/user/sign_up');
    expect(doc.querySelector('#login-nickname')?.getAttribute('name')).toBe('nick_name');
    expect(doc.querySelector('#login-nickname')?.hasAttribute('required')).toBe(false);
    const password = doc.querySelector('#login-password')!;
    expect(password.getAttribute('minlength')).toBe('8');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(doc.querySelector('#login-password-hint')?.textContent).toBe('At least 8 characters.');
    expect(formValue(doc, 'redirect_uri')).toBe('/plugins/x');
    expect(doc.querySelector('#login-form button[type="submit"]')?.textContent).toBe('Create account');
    const back = linkQuery(doc, '#login-switch');
    expect(back.path).toBe('/user/login/');
    expect(back.query.has('page')).toBe(false);
    expect(back.query.get('redirect_uri')).toBe('/plugins/x');
    expect(doc.querySelector('#login-switch')?.textContent).toBe('Sign in');
  });

  it('carries every SPEC §2 query parameter unchanged in the links and the hidden fields', async () => {
    const query = new URLSearchParams(SPEC_PARAMS);
    const signIn = parse(await get(`/user/login/?${query}`));
    expect(formValue(signIn, 'redirect_uri')).toBe('https://docs.example.com/callback?x=1&y=two words');

    const toSignUp = linkQuery(signIn, '#login-switch').query;
    const toBindOther = linkQuery(signIn, '#login-bind-other').query;
    for (const [name, value] of SPEC_PARAMS) {
      expect(toSignUp.get(name), `sign-up link ${name}`).toBe(value);
      expect(toBindOther.get(name), `bind-other link ${name}`).toBe(value);
    }
    expect(toSignUp.get('page')).toBe('sign_up');
    expect(toBindOther.get('bind_other')).toBe('bind');
    expect([...toSignUp.keys()]).toHaveLength(SPEC_PARAMS.length + 1);

    const context = hiddenContext(signIn);
    for (const [name, value] of SPEC_PARAMS.filter(([n]) => n !== 'redirect_uri')) {
      expect(context[name], `hidden ${name}`).toBe(value);
    }
    // the hidden context is a separate form: the posted form has only the wire body's fields
    const posted = [...signIn.querySelectorAll('#login-form [name]')].map((e) => e.getAttribute('name'));
    expect(posted.sort()).toEqual(['email', 'password', 'redirect_uri']);

    // and back from sign-up (with page=sign_up and bind_other=bind in the query)
    query.set('page', 'sign_up');
    query.set('bind_other', 'bind');
    const signUp = parse(await get(`/user/login/?${query}`));
    const back = linkQuery(signUp, '#login-switch').query;
    for (const [name, value] of SPEC_PARAMS) expect(back.get(name), `sign-in link ${name}`).toBe(value);
    expect(back.get('bind_other')).toBe('bind');
    expect(back.has('page')).toBe(false);
    expect(hiddenContext(signUp).bind_other).toBe('bind');
  });

  it('shows "Sign in to continue to {app_name}" for the docs-provider login', async () => {
    const en = parse(
      await get('/user/login/?ux_from=tx_docs&login_source_id=7&app_name=Docs%20Pro', { cookie: 'lang=en' }),
    );
    expect(en.querySelector('#login-lead')?.textContent).toBe('Sign in to continue to Docs Pro');
    const zh = parse(await get('/user/login/?app_name=Docs%20Pro'));
    expect(zh.querySelector('#login-lead')?.textContent).toBe('登录以继续使用 Docs Pro');
  });

  it('shows the bind-other variant for bind_other=bind, with a link back that drops only bind_other', async () => {
    const doc = parse(
      await get('/user/login/?bind_other=bind&redirect_uri=%2Fapp&from=x', { cookie: 'lang=en' }),
    );
    expect(doc.querySelector('h1')?.textContent).toBe('Bind another account');
    expect(doc.querySelector('#login-form')?.getAttribute('action')).toBe('/api/uc/user/login');
    const plain = linkQuery(doc, '#login-bind-other');
    expect(plain.query.has('bind_other')).toBe(false);
    expect(plain.query.get('redirect_uri')).toBe('/app');
    expect(plain.query.get('from')).toBe('x');
    expect(linkQuery(doc, '#login-switch').query.get('bind_other')).toBe('bind');
  });

  it('posts redirect_uri /plugins/ when the query has none or an empty one', async () => {
    for (const url of ['/user/login/', '/user/login/?redirect_uri=', '/user/login/?page=sign_up&from=a']) {
      expect(formValue(parse(await get(url)), 'redirect_uri'), url).toBe('/plugins/');
    }
  });

  it('redirects /user/login to /user/login/ keeping the query byte for byte', async () => {
    const query = '?redirect_uri=https%3A%2F%2Fa.example%2F%3Fq%3D1&page=sign_up&app_name=%E6%96%87%E6%A1%A3';
    const response = await get(`/user/login${query}`);
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe(`/user/login/${query}`);
    const bare = await get('/user/login');
    expect(bare.statusCode).toBe(308);
    expect(bare.headers.location).toBe('/user/login/');
  });
});

describe('GET /user/login/bind', () => {
  it('explains the binding of the third-party id and continues to a relative mainUrl', async () => {
    const response = await get(
      '/user/login/bind?id=tx_123&mainUrl=%2Fdocs%2Ffolder%3Fa%3D1&txDocFolderId=F9',
      {
        cookie: 'lang=en',
      },
    );
    expect(response.statusCode).toBe(200);
    const doc = parse(response);
    expect(doc.querySelector('.login-card')?.getAttribute('data-page')).toBe('bind');
    expect(doc.querySelector('h1')?.textContent).toBe('Bind your account');
    expect(doc.querySelector('#login-lead')?.textContent).toBe(
      'Sign in and the third-party account tx_123 will be bound to your Plugin Center account.',
    );
    expect(doc.querySelector('#login-form')?.getAttribute('action')).toBe('/api/uc/user/login');
    expect(formValue(doc, 'redirect_uri')).toBe('/docs/folder?a=1');
    expect(hiddenContext(doc)).toEqual({ id: 'tx_123', mainUrl: '/docs/folder?a=1', txDocFolderId: 'F9' });
    const toSignUp = linkQuery(doc, '#login-switch');
    expect(toSignUp.path).toBe('/user/login/bind');
    expect(Object.fromEntries(toSignUp.query)).toEqual({
      id: 'tx_123',
      mainUrl: '/docs/folder?a=1',
      txDocFolderId: 'F9',
      page: 'sign_up',
    });
    expect(doc.querySelector('#login-bind-other')).toBeNull();

    const signUp = parse(await get(`/user/login/bind?${toSignUp.query}`));
    expect(signUp.querySelector('#login-form')?.getAttribute('action')).toBe('/api/uc/user/sign_up');
    expect(formValue(signUp, 'redirect_uri')).toBe('/docs/folder?a=1');
    expect(signUp.querySelector('#login-lead')?.textContent).toBe(
      '登录后，第三方账号 tx_123 将绑定到你的插件中心账号。',
    );
  });

  it('never continues to an absolute or protocol-relative mainUrl (no open redirect)', async () => {
    const hostile = [
      'https://evil.example/steal',
      '//evil.example/x',
      '/\\evil.example/x',
      '/%5Cevil.example',
      'javascript:alert(1)',
      ' /plugins/',
      '/\tx',
      'plugins/',
    ];
    for (const mainUrl of hostile) {
      const doc = parse(await get(`/user/login/bind?id=1&mainUrl=${encodeURIComponent(mainUrl)}`));
      expect(formValue(doc, 'redirect_uri'), mainUrl).toBe(
        mainUrl === '/%5Cevil.example' ? mainUrl : '/plugins/',
      );
      // still carried as context, untouched
      expect(hiddenContext(doc).mainUrl).toBe(mainUrl);
    }
    expect(parse(await get('/user/login/bind')).querySelector('#login-lead')?.textContent).toBe(
      '登录后，你的第三方账号将绑定到插件中心账号。',
    );
    expect(safeRelativePath('/plugins/?tab=1#x')).toBe('/plugins/?tab=1#x');
    expect(safeRelativePath('//evil.example')).toBeUndefined();
    expect(safeRelativePath('/\\evil.example')).toBeUndefined();
  });

  it('redirects /user/login/bind/ to /user/login/bind keeping the query', async () => {
    const response = await get('/user/login/bind/?id=1&mainUrl=%2Fa');
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('/user/login/bind?id=1&mainUrl=%2Fa');
  });
});

describe('hostile query text', () => {
  const payloads = [
    '"><script>alert(1)</script>',
    "' autofocus onfocus='alert(1)",
    '</textarea><img src=x onerror=alert(1)>',
    '&lt;b&gt;',
  ];

  it('comes out inert everywhere: text, attributes, links', async () => {
    for (const payload of payloads) {
      const names = [...SPEC_PARAMS.map(([n]) => n), 'id', 'mainUrl', 'txDocFolderId', payload];
      const query = new URLSearchParams(names.map((n) => [n, payload]));
      for (const path of ['/user/login/', '/user/login/bind']) {
        const response = await get(`${path}?${query}`);
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain('<script>alert');
        expect(response.body).not.toContain('<img src=x');
        const doc = parse(response);
        // the only script is the page's own file; no element gained an attribute
        const scripts = [...doc.querySelectorAll('script')].map((s) => s.getAttribute('src'));
        expect(scripts).toHaveLength(1);
        expect(scripts[0]).toMatch(/^\/user\/login\/login\.js\?v=[0-9a-f]{16}$/);
        expect(doc.querySelectorAll('img')).toHaveLength(0);
        for (const element of doc.querySelectorAll('*')) {
          for (const attribute of element.getAttributeNames()) {
            expect(attribute, `${path} ${payload}`).not.toMatch(/^on/);
          }
        }
        // and the values come back exactly as sent
        const context = hiddenContext(doc);
        expect(context.app_name).toBe(payload);
        expect(context.from).toBe(payload);
        if (path === '/user/login/') {
          expect(formValue(doc, 'redirect_uri')).toBe(payload);
          expect(doc.querySelector('#login-lead')?.textContent).toBe(`登录以继续使用 ${payload}`);
          expect(linkQuery(doc, '#login-switch').query.get(payload)).toBe(payload);
        } else {
          expect(formValue(doc, 'redirect_uri')).toBe('/plugins/');
          expect(context.id).toBe(payload);
          expect(doc.querySelector('#login-lead')?.textContent).toContain(payload);
        }
      }
    }
  });
});

describe('security headers and static files', () => {
  it('sends a strict CSP, no framing, no referrer; the page has no inline script, style or handler', async () => {
    for (const url of ['/user/login/', '/user/login/?page=sign_up', '/user/login/bind?id=1']) {
      const response = await get(url);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
      const doc = parse(response);
      for (const script of doc.querySelectorAll('script')) {
        expect(script.getAttribute('src')).toBeTruthy();
        expect(script.textContent).toBe('');
      }
      expect(doc.querySelectorAll('style, [style]')).toHaveLength(0);
      expect(doc.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toMatch(
        /^\/user\/login\/login\.css\?v=[0-9a-f]{16}$/,
      );
    }
  });

  it('serves the script as JavaScript and the stylesheet as CSS, cached by version, 304 on a matching ETag', async () => {
    const doc = parse(await get('/user/login/'));
    const scriptUrl = doc.querySelector('script')!.getAttribute('src')!;
    const script = await get(scriptUrl);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const assets = await loadLoginPageAssets();
    expect(script.body).toBe(assets.script);
    expect(scriptUrl).toBe(`/user/login/login.js?v=${contentVersion(script.body)}`);
    expect(script.body).toContain('addEventListener("submit"');

    const unversioned = await get('/user/login/login.js');
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.headers['cache-control']).toBe('no-cache');
    const etag = String(unversioned.headers.etag);
    const again = await get('/user/login/login.js', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const css = await get(doc.querySelector('link[rel="stylesheet"]')!.getAttribute('href')!);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toBe(assets.css);
    expect(css.headers.etag).toBe(`"${contentVersion(css.body)}"`);
    expect(css.body).toContain('Noto Sans CJK SC');
  });

  it("takes its design tokens from the marketplace's app/src/tokens.css, declaring none of its own", async () => {
    const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
    /** `--name: value` declarations of a stylesheet, whitespace collapsed, in order. */
    const declarations = (css: string) =>
      [...css.matchAll(/(--[\w-]+)\s*:\s*([^;}]+)/g)].map(
        (m) => `${m[1]}:${m[2]!.replace(/\s+/g, '').trim()}`,
      );
    const tokens = declarations(read('../../../../app/src/tokens.css'));
    expect(tokens.length).toBeGreaterThan(20);
    expect(declarations(read('./browser/login.css'))).toEqual([]);
    const served = await get('/user/login/login.css');
    expect(declarations(served.body)).toEqual(tokens);
    expect(served.body).toContain(':lang(ja)');
    expect(served.body).toContain(':lang(ko)');
  });
});

describe('the sign-in methods of the deployment', () => {
  /** A private deployment with every company method and e-mail sign-in. */
  let all: TestApp;
  /** A private deployment with LDAP and OIDC only (PRIVATE_LOGIN_CONFIG password enable: false). */
  let directoryOnly: TestApp;
  beforeAll(async () => {
    all = await createMethodsApp(ALL_DIRECTORY_METHODS, undefined, {
      site: resolveSiteConfig({ variant: 'private' }),
    });
    directoryOnly = await createMethodsApp(
      { ldap: ALL_DIRECTORY_METHODS.ldap, oidc: ALL_DIRECTORY_METHODS.oidc },
      { password: { enable: false, logout_mode: 'default', logout_url: null } },
      { site: resolveSiteConfig({ variant: 'private' }) },
    );
  });
  afterAll(async () => {
    await all?.close();
    await directoryOnly?.close();
  });
  const open = async (t: TestApp, url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, url).toBe(200);
    return parse(response);
  };
  /** The methods in page order: form ids and button-link ids. */
  const methodOrder = (doc: ReturnType<typeof parse>) =>
    [...doc.querySelectorAll('form.login-form, a.login-sso')].map((e) => e.id);

  it('shows company methods first on a private deployment: the LDAP form, one button-link per SSO, then e-mail', async () => {
    const doc = await open(all, '/user/login/?redirect_uri=%2Fapp%3Fa%3D1&from=header', {
      cookie: 'lang=en',
    });
    expect(methodOrder(doc)).toEqual([
      'login-ldap-form',
      'login-sso-oidc',
      'login-sso-saml',
      'login-sso-custom',
      'login-form',
    ]);
    const ldap = doc.querySelector('#login-ldap-form')!;
    expect(ldap.getAttribute('action')).toBe('/api/uc/user/login/ldap');
    expect(ldap.getAttribute('method')).toBe('post');
    expect(ldap.getAttribute('data-kind')).toBe('ldap');
    expect(ldap.getAttribute('aria-labelledby')).toBe('login-ldap-title');
    expect(doc.querySelector('#login-ldap-title')?.textContent).toBe('Company directory account (LDAP)');
    expect(doc.querySelector('label[for="login-username"]')?.textContent).toBe('User name');
    expect(doc.querySelector('label[for="login-ldap-password"]')?.textContent).toBe('Password');
    expect(doc.querySelector('#login-username')?.getAttribute('aria-describedby')).toBe(
      'login-username-hint',
    );
    expect(doc.querySelector('#login-ldap-error')?.getAttribute('role')).toBe('alert');
    expect([...ldap.querySelectorAll('input')].map((i) => i.getAttribute('name'))).toEqual([
      'redirect_uri',
      'username',
      'password',
    ]);
    expect(ldap.querySelector('[name="redirect_uri"]')?.getAttribute('value')).toBe('/app?a=1');
    expect(ldap.getAttribute('data-text-error-invalid-credentials')).toBe('Wrong user name or password');
    expect(ldap.getAttribute('data-text-error-third-party-failed')).toContain('{message}');
    // focus starts on the first field of the first method, and only there
    expect([...doc.querySelectorAll('[autofocus]')].map((e) => e.id)).toEqual(['login-username']);
    // the button-links, named by protocol, each to its login endpoint with the page's redirect_uri
    const links = [...doc.querySelectorAll('a.login-sso')].map((a) => ({
      text: a.textContent,
      href: a.getAttribute('href'),
    }));
    expect(links).toEqual([
      {
        text: 'Sign in with company SSO (OpenID Connect)',
        href: '/api/uc/oidc/login?redirect_uri=%2Fapp%3Fa%3D1',
      },
      { text: 'Sign in with company SSO (SAML)', href: '/api/uc/saml/login?redirect_uri=%2Fapp%3Fa%3D1' },
      {
        text: 'Sign in with company single sign-on',
        href: '/api/uc/custom-sso/login?redirect_uri=%2Fapp%3Fa%3D1',
      },
    ]);
    // the e-mail form is titled beside the others, "or" between the methods, sign-up offered
    expect(doc.querySelector('#login-form')?.getAttribute('aria-labelledby')).toBe('login-email-title');
    expect(doc.querySelector('#login-email-title')?.textContent).toBe('E-mail account');
    expect(doc.querySelectorAll('.login-or')).toHaveLength(2); // between the three blocks
    expect(linkQuery(doc, '#login-switch').query.get('page')).toBe('sign_up');
    // no redirect_uri: the default one
    const plain = await open(all, '/user/login/');
    expect(linkQuery(plain, '#login-sso-saml').query.get('redirect_uri')).toBe('/plugins/');
  });

  it('puts e-mail first elsewhere (domestic site) and focuses the email field', async () => {
    const domestic = await createMethodsApp({
      ldap: ALL_DIRECTORY_METHODS.ldap,
      saml: ALL_DIRECTORY_METHODS.saml,
    });
    try {
      const doc = await open(domestic, '/user/login/');
      expect(methodOrder(doc)).toEqual(['login-form', 'login-ldap-form', 'login-sso-saml']);
      expect([...doc.querySelectorAll('[autofocus]')].map((e) => e.id)).toEqual(['login-email']);
      expect(doc.querySelector('#login-sso-saml')?.textContent).toBe('使用企业单点登录（SAML）');
    } finally {
      await domestic.close();
    }
  });

  it('carries any redirect_uri escaped into the button-links and the forms', async () => {
    const hostile = 'https://docs.example.com/cb?x=1&y="><script>alert(1)</script>#frag';
    const response = await all.app.inject({
      method: 'GET',
      url: `/user/login/?redirect_uri=${encodeURIComponent(hostile)}`,
    });
    expect(response.body).not.toContain('<script>alert');
    const doc = parse(response);
    for (const id of ['#login-sso-oidc', '#login-sso-saml', '#login-sso-custom']) {
      const { query } = linkQuery(doc, id);
      expect([...query.keys()], id).toEqual(['redirect_uri']);
      expect(query.get('redirect_uri'), id).toBe(hostile);
    }
    expect(doc.querySelector('#login-ldap-form [name="redirect_uri"]')?.getAttribute('value')).toBe(hostile);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
  });

  it('shows exactly the offered methods: a method switched off or not configured is not shown', async () => {
    const off = { enable: false, logout_mode: 'default', logout_url: null } as const;
    const partly = await createMethodsApp(
      { oidc: ALL_DIRECTORY_METHODS.oidc, saml: ALL_DIRECTORY_METHODS.saml },
      { saml: off, custom_sso: { enable: true, logout_mode: 'default', logout_url: null } },
      { site: resolveSiteConfig({ variant: 'private' }) },
    );
    try {
      expect(methodOrder(await open(partly, '/user/login/'))).toEqual(['login-sso-oidc', 'login-form']);
      setDirectoryMethods(partly.app, { oidc: undefined });
      const doc = await open(partly, '/user/login/');
      expect(methodOrder(doc)).toEqual(['login-form']);
      expect(doc.querySelectorAll('.login-or')).toHaveLength(0);
      expect(doc.querySelector('#login-email-title')).toBeNull();
      expect(doc.querySelector('#login-form')?.getAttribute('aria-labelledby')).toBe('login-title');
    } finally {
      await partly.close();
    }
  });

  it('directory-only: no e-mail form and no sign-up link anywhere; page=sign_up shows the sign-in methods', async () => {
    for (const url of [
      '/user/login/',
      '/user/login/?page=sign_up',
      '/user/login/?bind_other=bind',
      '/user/login/?page=sign_up&bind_other=bind',
      '/user/login/bind?id=tx_1&mainUrl=%2Fdocs%2F1',
      '/user/login/bind?id=tx_1&page=sign_up',
    ]) {
      const doc = await open(directoryOnly, url, { cookie: 'lang=en' });
      expect(methodOrder(doc), url).toEqual(['login-ldap-form', 'login-sso-oidc']);
      expect(doc.querySelector('#login-form'), url).toBeNull();
      expect(doc.querySelector('#login-email'), url).toBeNull();
      expect(doc.querySelector('[name="nick_name"]'), url).toBeNull();
      expect(doc.querySelector('#login-switch'), url).toBeNull();
      expect(doc.querySelector('.login-card')?.getAttribute('data-mode'), url).toBe('sign-in');
      for (const a of doc.querySelectorAll('a')) {
        expect(a.getAttribute('href'), url).not.toContain('sign_up');
      }
      expect(doc.body.textContent, url).not.toMatch(/Sign up|Create account/);
    }
    // the bind page posts and links its relative mainUrl
    const bind = await open(directoryOnly, '/user/login/bind?id=tx_1&mainUrl=%2Fdocs%2F1');
    expect(bind.querySelector('#login-ldap-form [name="redirect_uri"]')?.getAttribute('value')).toBe(
      '/docs/1',
    );
    expect(linkQuery(bind, '#login-sso-oidc').query.get('redirect_uri')).toBe('/docs/1');
    // and the endpoints behind the missing forms refuse
    for (const url of ['/api/uc/user/sign_up', '/api/uc/user/login']) {
      const res = await directoryOnly.app.inject({
        method: 'POST',
        url,
        payload: { email: 'a@b.co', password: 'long enough password', redirect_uri: '/plugins/' },
      });
      expect(res.statusCode, url).toBe(404);
      expect(JSON.parse(res.body).error, url).toBe('LOGIN_METHOD_DISABLED');
    }
  });

  it('says so when the deployment offers no method at all', async () => {
    const none = await createMethodsApp(
      {},
      { password: { enable: false, logout_mode: 'default', logout_url: null } },
    );
    try {
      const doc = await open(none, '/user/login/', { cookie: 'lang=en' });
      expect(methodOrder(doc)).toEqual([]);
      expect(doc.querySelector('#login-none')?.textContent).toBe(
        'No sign-in method is enabled on this site. Please contact your administrator.',
      );
      expect(doc.querySelector('#login-switch')).toBeNull();
      expect(doc.querySelector('#login-bind-other')).toBeNull();
    } finally {
      await none.close();
    }
  });

  it('shows sso_error translated with the sso_detail escaped, for every code', async () => {
    const en = LOGIN_TEXTS['en-US'];
    const zh = LOGIN_TEXTS['zh-CN'];
    const cases: [string, string, string][] = [
      ['SSO_REJECTED', en.ssoErrors.SSO_REJECTED, zh.ssoErrors.SSO_REJECTED],
      ['ACCOUNT_DISABLED', en.errors.ACCOUNT_DISABLED, zh.errors.ACCOUNT_DISABLED],
      ['THIRD_PARTY_FAILED', en.ssoErrors.THIRD_PARTY_FAILED, zh.ssoErrors.THIRD_PARTY_FAILED],
      ['LOGIN_METHOD_DISABLED', en.errors.LOGIN_METHOD_DISABLED, zh.errors.LOGIN_METHOD_DISABLED],
      ['REDIRECT_NOT_ALLOWED', en.errors.REDIRECT_NOT_ALLOWED, zh.errors.REDIRECT_NOT_ALLOWED],
      ['INVALID_PARAMETER', en.ssoErrors.INVALID_PARAMETER, zh.ssoErrors.INVALID_PARAMETER],
      ['SOMETHING_ELSE', en.ssoErrors.UNKNOWN, zh.ssoErrors.UNKNOWN],
      ['<b>x</b>', en.ssoErrors.UNKNOWN, zh.ssoErrors.UNKNOWN],
      ['', en.ssoErrors.UNKNOWN, zh.ssoErrors.UNKNOWN],
    ];
    for (const [code, english, chinese] of cases) {
      const query = new URLSearchParams({
        redirect_uri: '/plugins/',
        sso_error: code,
        sso_detail: 'audience mismatch',
      });
      for (const [cookie, text, detail] of [
        ['lang=en', english, 'Details: audience mismatch'],
        ['lang=zh-CN', chinese, '详细信息：audience mismatch'],
      ] as const) {
        const doc = await open(all, `/user/login/?${query}`, { cookie });
        const box = doc.querySelector('#login-sso-error')!;
        expect(box.getAttribute('role'), code).toBe('alert');
        const lines = [...box.querySelectorAll('p')].map((p) => p.textContent);
        expect(lines, `${code} ${cookie}`).toEqual([text, detail]);
        expect(box.textContent, code).not.toContain('<b>');
      }
    }
    // the methods stay usable under the message
    const doc = await open(all, '/user/login/?sso_error=SSO_REJECTED');
    expect(methodOrder(doc)).toHaveLength(5);
    expect(doc.querySelector('.login-sso-detail')).toBeNull(); // no detail, no line
    expect((await open(all, '/user/login/')).querySelector('#login-sso-error')).toBeNull();
  });

  it('keeps a hostile sso_detail inert: escaped, control characters out, at most 300 characters', async () => {
    const hostile = `<script>alert(1)</script>\u0000"><img src=x onerror=alert(2)>\r\nline\u2028two`;
    const response = await all.app.inject({
      method: 'GET',
      url: `/user/login/?${new URLSearchParams({ sso_error: 'SSO_REJECTED', sso_detail: hostile })}`,
      headers: { cookie: 'lang=en' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert');
    expect(response.body).not.toContain('<img');
    expect(response.body).not.toContain('\u0000');
    const doc = parse(response);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(doc.querySelector('.login-sso-detail')?.textContent).toBe(
      'Details: <script>alert(1)</script> "><img src=x onerror=alert(2)> line two',
    );
    const long = await open(all, `/user/login/?sso_error=X&sso_detail=${'é'.repeat(5000)}`, {
      cookie: 'lang=en',
    });
    const shown = long.querySelector('.login-sso-detail')?.textContent ?? '';
    expect([...shown.replace('Details: ', '')]).toHaveLength(SSO_DETAIL_MAX);
    expect(shown.endsWith('…')).toBe(true);
  });
});
