/** The login pages in the site's locales: the overseas site, every locale, the picker, hostile headers. */
import { LOCALE_ALIASES } from '@plugin-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSiteConfig } from '../site';
import { createTestApp, type TestApp } from '../testing/testApp';
import { ALL_DIRECTORY_METHODS, createMethodsApp } from '../testing/testLoginMethods';
import { get, parse, useLoginPageApp, htmlWindow as window } from '../testing/testLoginPage';
import { renderLoginPage } from './page';
import { LOGIN_TEXTS, type LoginTexts } from './texts';

useLoginPageApp();

describe('site locales: the overseas site, every locale, the picker, hostile headers', () => {
  /** The overseas site: English, Japanese, Korean, Russian, Spanish (SPEC §1). */
  let overseas: TestApp;
  beforeAll(async () => {
    overseas = await createTestApp({
      importCatalogueOnEmpty: false,
      site: resolveSiteConfig({ variant: 'overseas' }),
    });
  });
  afterAll(async () => {
    await overseas?.close();
  });
  const getOverseas = (url: string, headers: Record<string, string> = {}) =>
    overseas.app.inject({ method: 'GET', url, headers });

  it('never shows Chinese on the overseas site: cookie in its locales, else Accept-Language, else en-US', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'en-US'],
      [{ cookie: 'lang=zh-CN' }, 'en-US'],
      [{ cookie: 'lang=zh-CN', 'accept-language': 'zh-CN,zh;q=0.9' }, 'en-US'],
      [{ cookie: 'lang=zh-CN', 'accept-language': 'zh-CN,ja;q=0.8' }, 'ja-JP'],
      [{ 'accept-language': 'zh-TW,zh;q=0.9,ko;q=0.2' }, 'ko-KR'],
      [{ cookie: 'lang=jp' }, 'ja-JP'],
      [{ cookie: 'lang=kr', 'accept-language': 'ru' }, 'ko-KR'],
      [{ cookie: 'lang=ru' }, 'ru-RU'],
      [{ cookie: 'lang=es' }, 'es-ES'],
      [{ cookie: 'lang=en', 'accept-language': 'ja' }, 'en-US'],
      [{ 'accept-language': 'ES-419' }, 'es-ES'],
      [{ 'accept-language': 'fr, ru;q=0.3, ja;q=0.2' }, 'ru-RU'],
    ];
    for (const [headers, locale] of cases) {
      const doc = parse(await getOverseas('/user/login/', headers));
      expect(doc.documentElement.getAttribute('lang'), JSON.stringify(headers)).toBe(locale);
      expect(doc.querySelector('h1')?.textContent).toBe(
        LOGIN_TEXTS[locale as keyof typeof LOGIN_TEXTS].signInTitle,
      );
    }
  });

  /** Every URL form of the pages, with query values that are not words of any language. */
  const VARIANTS = [
    '/user/login/',
    '/user/login/?page=sign_up',
    '/user/login/?bind_other=bind',
    '/user/login/?app_name=X1',
    '/user/login/bind?id=tx_1',
    '/user/login/bind',
    '/user/login/bind?page=sign_up&id=tx_1',
  ];
  /** Words that mark English text (none is a word of Spanish, the other Latin-script locale). */
  const ENGLISH =
    /\b(the|and|with|your|you|sign|account|password|email|please|try|again|create|bind|back|show|center|optional|nickname|characters|least|network|wrong|too|many|attempts|seconds|later|something|went|language|fill|field|enter|address|such)\b/i;
  /** Names that stay as they are in every language, and the placeholders the script fills. */
  const BRANDS = /JavaScript|HTTP|name@example\.com|LDAP|SAML|OpenID Connect|SSO|\{\w+\}/g;

  /** Every text a person or a screen reader meets on the page (the picker's own names aside). */
  function pageTexts(doc: ReturnType<typeof parse>): string[] {
    const out: string[] = [doc.title];
    for (const element of doc.querySelectorAll('body *')) {
      if (element.closest('.login-lang-list')) continue;
      for (const node of element.childNodes) {
        if (node.nodeType === 3 && node.textContent?.trim()) out.push(node.textContent.trim());
      }
      for (const name of element.getAttributeNames()) {
        if (name === 'aria-label' || name === 'title' || name.startsWith('data-text-')) {
          out.push(element.getAttribute(name) ?? '');
        }
      }
    }
    // <noscript> content is text to the parser
    return out;
  }

  it('renders every locale complete: no empty text, no English outside en-US, validation texts in the page language', async () => {
    const englishLeaves = leaves(LOGIN_TEXTS['en-US']);
    const english = new Set(englishLeaves);
    for (const [locale, texts] of Object.entries(LOGIN_TEXTS) as [keyof typeof LOGIN_TEXTS, LoginTexts][]) {
      // the texts themselves: all present, none empty, none left in English
      const own = leaves(texts);
      expect(own, locale).toHaveLength(englishLeaves.length);
      for (const text of own) {
        expect(text.trim(), locale).not.toBe('');
        if (locale !== 'en-US') expect(english.has(text), `${locale}: ${text}`).toBe(false);
      }
      // the rendered pages, through the site that offers the locale
      const fetchPage = locale === 'zh-CN' ? get : getOverseas;
      const cookie = `lang=${{ 'zh-CN': 'zh-CN', 'en-US': 'en', 'ja-JP': 'jp', 'ko-KR': 'kr', 'ru-RU': 'ru', 'es-ES': 'es' }[locale]}`;
      for (const url of VARIANTS) {
        const doc = parse(await fetchPage(url, { cookie }));
        expect(doc.documentElement.getAttribute('lang'), `${locale} ${url}`).toBe(locale);
        for (const selector of [
          'h1',
          '#login-lead',
          'label[for="login-email"]',
          'label[for="login-password"]',
          '#login-switch',
          'button[type="submit"]',
          '.login-back a',
        ]) {
          expect(
            doc.querySelector(selector)?.textContent?.trim(),
            `${locale} ${url} ${selector}`,
          ).toBeTruthy();
        }
        const form = doc.querySelector('#login-form')!;
        for (const name of form.getAttributeNames().filter((n) => n.startsWith('data-text-'))) {
          expect(form.getAttribute(name), `${locale} ${url} ${name}`).toBeTruthy();
        }
        expect(form.getAttribute('data-text-invalid-required')).toBe(texts.invalid.required);
        expect(form.getAttribute('data-text-invalid-email')).toBe(texts.invalid.email);
        expect(form.getAttribute('data-text-invalid-too-short')).toBe(texts.invalid.tooShort);
        if (locale === 'en-US') continue;
        for (const text of pageTexts(doc)) {
          expect(text.replace(BRANDS, ''), `${locale} ${url}`).not.toMatch(ENGLISH);
        }
      }
    }
    // the check itself catches English
    const english_page = parse(await get('/user/login/?page=sign_up', { cookie: 'lang=en' }));
    expect(pageTexts(english_page).some((text) => ENGLISH.test(text.replace(BRANDS, '')))).toBe(true);
    // a few texts by hand: the bubbles in Japanese and Russian, the lead in Korean
    const ja = parse(await getOverseas('/user/login/?page=sign_up', { cookie: 'lang=jp' }));
    expect(ja.querySelector('#login-form')?.getAttribute('data-text-invalid-required')).toBe(
      'この項目を入力してください。',
    );
    expect(ja.querySelector('#login-form')?.getAttribute('data-text-invalid-too-short')).toBe(
      '{min} 文字以上で入力してください。',
    );
    const ru = parse(await getOverseas('/user/login/', { cookie: 'lang=ru' }));
    expect(ru.querySelector('#login-form')?.getAttribute('data-text-invalid-email')).toBe(
      'Введите адрес эл. почты, например name@example.com.',
    );
    const ko = parse(await getOverseas('/user/login/bind?id=tx_9', { cookie: 'lang=kr' }));
    expect(ko.querySelector('#login-lead')?.textContent).toBe(
      '로그인하면 외부 계정 tx_9이(가) 플러그인 센터 계정에 연결됩니다.',
    );
  });

  it('renders the company sign-in methods and a failed company sign-in complete in every locale', async () => {
    const locales = ['zh-CN', 'en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES'] as const;
    const company = await createMethodsApp(ALL_DIRECTORY_METHODS, undefined, {
      site: resolveSiteConfig({ variant: 'private', locales: [...locales] }),
    });
    try {
      for (const locale of locales) {
        const texts = LOGIN_TEXTS[locale];
        const cookie = `lang=${LOCALE_ALIASES[locale].cookie}`;
        for (const code of ['SSO_REJECTED', 'THIRD_PARTY_FAILED', 'ACCOUNT_DISABLED', 'NOPE']) {
          const url = `/user/login/?sso_error=${code}&sso_detail=x1`;
          const doc = parse(await company.app.inject({ method: 'GET', url, headers: { cookie } }));
          expect(doc.documentElement.getAttribute('lang'), `${locale} ${url}`).toBe(locale);
          for (const selector of [
            '#login-ldap-title',
            'label[for="login-username"]',
            '#login-username-hint',
            'label[for="login-ldap-password"]',
            '#login-ldap-form button[type="submit"]',
            '#login-sso-oidc',
            '#login-sso-saml',
            '#login-sso-custom',
            '#login-email-title',
            '.login-or',
            '#login-sso-error p',
          ]) {
            expect(doc.querySelector(selector)?.textContent?.trim(), `${locale} ${selector}`).toBeTruthy();
          }
          expect(doc.querySelector('.login-sso-detail')?.textContent).toBe(
            texts.ssoDetail.replace('{detail}', 'x1'),
          );
          expect(doc.querySelector('#login-sso-saml')?.textContent).toBe(texts.sso.saml);
          const form = doc.querySelector('#login-ldap-form')!;
          for (const name of form.getAttributeNames().filter((n) => n.startsWith('data-text-'))) {
            expect(form.getAttribute(name), `${locale} ${name}`).toBeTruthy();
          }
          expect(form.getAttribute('data-text-error-invalid-credentials')).toBe(
            texts.errors.DIRECTORY_INVALID_CREDENTIALS,
          );
          if (locale === 'en-US') continue;
          for (const text of pageTexts(doc)) {
            expect(text.replace(BRANDS, ''), `${locale} ${url}`).not.toMatch(ENGLISH);
          }
        }
      }
    } finally {
      await company.close();
    }
  });

  it("offers exactly the site's locales in the language picker, each in its own language", async () => {
    const picker = (doc: ReturnType<typeof parse>) =>
      [...doc.querySelectorAll('#login-lang button')].map((b) => ({
        value: b.getAttribute('data-lang'),
        lang: b.getAttribute('lang'),
        name: b.textContent,
        current: b.getAttribute('aria-current'),
        type: b.getAttribute('type'),
      }));
    const zh = parse(await get('/user/login/'));
    const nav = zh.querySelector('#login-lang')!;
    expect(nav.tagName).toBe('NAV');
    expect(nav.getAttribute('aria-label')).toBe('语言');
    expect(nav.hasAttribute('hidden')).toBe(true); // revealed by the script
    expect(picker(zh)).toEqual([
      { value: 'zh-CN', lang: 'zh-CN', name: '简体中文', current: 'true', type: 'button' },
      { value: 'en', lang: 'en-US', name: 'English', current: null, type: 'button' },
    ]);
    const ko = parse(await getOverseas('/user/login/bind?id=1', { cookie: 'lang=kr' }));
    expect(ko.querySelector('#login-lang')?.getAttribute('aria-label')).toBe('언어');
    expect(picker(ko)).toEqual(
      (['en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES'] as const).map((locale) => ({
        value: { 'en-US': 'en', 'ja-JP': 'jp', 'ko-KR': 'kr', 'ru-RU': 'ru', 'es-ES': 'es' }[locale],
        lang: locale,
        name: LOCALE_ALIASES[locale].name,
        current: locale === 'ko-KR' ? 'true' : null,
        type: 'button',
      })),
    );
    // a private deployment with one locale has no picker; a repeated locale is offered once
    const render = (locales: Parameters<typeof renderLoginPage>[0]['locales']) =>
      new window.DOMParser().parseFromString(
        renderLoginPage({
          kind: 'login',
          query: new URLSearchParams(),
          locale: locales[0] ?? 'zh-CN',
          locales,
          texts: LOGIN_TEXTS[locales[0] ?? 'zh-CN'],
          versions: { cssVersion: '0', scriptVersion: '0' },
        }),
        'text/html',
      );
    expect(render(['ru-RU']).querySelector('#login-lang')).toBeNull();
    expect(render(['ru-RU', 'ru-RU']).querySelector('#login-lang')).toBeNull();
    expect(render(['es-ES', 'ru-RU', 'es-ES']).querySelectorAll('#login-lang button')).toHaveLength(2);
  });

  it('survives hostile cookies and Accept-Language (100k characters, NUL, *;q=abc): 200 in a site locale', async () => {
    const long = 'x'.repeat(100_000);
    const cases: Record<string, string>[] = [
      { cookie: `lang=${long}` },
      { cookie: `lang=jp${long}` },
      { cookie: 'lang=jp\u0000' },
      { cookie: 'lang=%00jp' },
      { cookie: 'lang=%E0%A4%A' },
      { cookie: `lang=jp; ${'a=b; '.repeat(20_000)}` },
      { 'accept-language': long },
      { 'accept-language': `${','.repeat(50_000)}ja` },
      { 'accept-language': `ja-${long}` },
      { 'accept-language': '*;q=abc' },
      { 'accept-language': 'ja;q=abc, ko;q=NaN, ru;q=-1, es;q=2' },
      { 'accept-language': 'ja\u0000, ko' },
      { 'accept-language': ';;;q=;=,' },
    ];
    for (const headers of cases) {
      for (const [fetchPage, locales] of [
        [get, ['zh-CN', 'en-US']],
        [getOverseas, ['en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES']],
      ] as const) {
        const response = await fetchPage('/user/login/', headers);
        const label = `${JSON.stringify(headers).slice(0, 60)} on ${locales[0]}`;
        expect(response.statusCode, label).toBe(200);
        const doc = parse(response);
        const locale = doc.documentElement.getAttribute('lang');
        expect(locales, label).toContain(locale);
        expect(doc.querySelector('h1')?.textContent, label).toBe(
          LOGIN_TEXTS[locale as keyof typeof LOGIN_TEXTS].signInTitle,
        );
        expect(response.body).not.toContain(long.slice(0, 1000));
      }
    }
  });
});

/** The string leaves of a texts object, in order. */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Object.values(value as Record<string, unknown>).flatMap(leaves);
}
