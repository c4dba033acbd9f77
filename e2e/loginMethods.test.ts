/**
 * Browser test of the login page of a private deployment with company sign-in (LDAP, OpenID
 * Connect, SAML) beside e-mail sign-in, in real Chromium, in zh-CN and en-US: the methods are
 * shown in order (company first), named for screen readers, reachable and usable with the keyboard
 * alone (the first field focused on load; Tab through the directory form, the SSO button-links and
 * the e-mail form; Enter on a button-link goes to its login endpoint with the page's redirect_uri;
 * Enter in the directory form posts it and its alert reads the answer), no serious axe-core
 * finding, and no sideways scrolling on a phone.
 *
 * The methods are configured by their `IdentityConfig` fields only (set on the running server's
 * identity settings, which the page reads on every request): the button-links' targets and the
 * directory endpoint belong to the methods' own modules, so the directory form's answer is given by
 * the test (an INVALID_CREDENTIALS envelope, as the endpoint answers a wrong password).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, type E2eEnvironment, prepareAxe, startE2eEnvironment } from './support';

let env: E2eEnvironment;
const pageErrors: string[] = [];

const LANGUAGES = [
  {
    name: 'zh-CN',
    cookie: 'zh-CN',
    ldapTitle: '企业目录账号（LDAP）',
    username: '用户名',
    password: '密码',
    submitLdap: '使用企业账号登录',
    oidc: '使用企业单点登录（OpenID Connect）',
    saml: '使用企业单点登录（SAML）',
    email: '邮箱',
    wrong: '用户名或密码错误',
  },
  {
    name: 'en-US',
    cookie: 'en',
    ldapTitle: 'Company directory account (LDAP)',
    username: 'User name',
    password: 'Password',
    submitLdap: 'Sign in with company account',
    oidc: 'Sign in with company SSO (OpenID Connect)',
    saml: 'Sign in with company SSO (SAML)',
    email: 'Email',
    wrong: 'Wrong user name or password',
  },
] as const;

beforeAll(async () => {
  env = await startE2eEnvironment({ SITE_VARIANT: 'private', SITE_LOCALES: 'zh-CN,en-US' });
  Object.assign(env.server.identity.settings, {
    ldap: { url: 'ldap://127.0.0.1:1' },
    oidc: { issuer: 'http://127.0.0.1:1/oidc' },
    saml: { idpEntryPoint: 'http://127.0.0.1:1/saml' },
  });
}, 120_000);

afterAll(async () => {
  await env?.close();
  expect(pageErrors).toEqual([]);
});

/** A new page in `language` (its `lang` cookie), on the login page coming back to `/plugins/?from=e2e`. */
async function openLoginPage(
  language: (typeof LANGUAGES)[number],
  viewport?: { width: number; height: number },
) {
  const { context, page } = await env.newPage(viewport ? { viewport } : {});
  await context.addCookies([{ name: 'lang', value: language.cookie, url: env.origin }]);
  page.on('pageerror', (error) => pageErrors.push(`${language.name}: ${error.message}`));
  await page.goto(`${env.origin}/user/login/?redirect_uri=${encodeURIComponent('/plugins/?from=e2e')}`);
  // the script has run once the password toggles show
  await page.locator('#login-ldap-password-toggle').waitFor({ state: 'visible' });
  return { context, page };
}

/** The id of the focused element (or its tag when it has none). */
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName || '');

describe.each(LANGUAGES)('login page with LDAP, OpenID Connect and SAML ($name)', (language) => {
  it('shows the company methods first, each named for screen readers, then the e-mail form', async () => {
    const { context, page } = await openLoginPage(language);
    try {
      expect(await page.locator('html').getAttribute('lang')).toBe(language.name);
      const ldapForm = page.getByRole('form', { name: language.ldapTitle });
      await expect.poll(() => ldapForm.isVisible()).toBe(true);
      await expect
        .poll(() => ldapForm.getByRole('textbox', { name: language.username, exact: true }).isVisible())
        .toBe(true);
      expect(await ldapForm.getByLabel(language.password, { exact: true }).isVisible()).toBe(true);
      const oidc = page.getByRole('link', { name: language.oidc, exact: true });
      const saml = page.getByRole('link', { name: language.saml, exact: true });
      expect(await oidc.isVisible()).toBe(true);
      expect(await saml.isVisible()).toBe(true);
      expect(await page.locator('a.login-sso').count()).toBe(2); // custom SSO is not configured
      expect(await page.getByRole('textbox', { name: language.email, exact: true }).isVisible()).toBe(true);
      // order on screen: directory form, OIDC, SAML, e-mail form
      const tops = await Promise.all(
        ['#login-ldap-form', '#login-sso-oidc', '#login-sso-saml', '#login-form'].map(
          async (selector) => (await page.locator(selector).boundingBox())?.y ?? -1,
        ),
      );
      expect(tops).toEqual([...tops].sort((a, b) => a - b));
      expect(new Set(tops).size).toBe(4);
      await page.screenshot({
        path: join(ARTIFACTS_DIR, `login-methods-${language.name}.png`),
        fullPage: true,
      });

      // axe-core: no serious or critical finding
      await prepareAxe(page);
      const findings = await page.evaluate(async () => {
        const { axe } = window as unknown as {
          axe: {
            run: (d: Document) => Promise<{ violations: { id: string; impact: string | null }[] }>;
          };
        };
        const result = await axe.run(document);
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => v.id);
      });
      expect(findings).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('works with the keyboard alone: the directory form posts and reads its error, a button-link goes to its endpoint', async () => {
    const { context, page } = await openLoginPage(language);
    try {
      const posted: unknown[] = [];
      await page.route('**/api/uc/user/login/ldap', async (route) => {
        posted.push(route.request().postDataJSON());
        await route.fulfill({
          status: 401,
          contentType: 'application/json; charset=utf-8',
          body: JSON.stringify({
            code: 40101,
            error: 'INVALID_CREDENTIALS',
            message: 'wrong user name or password',
            data: null,
          }),
        });
      });
      // focus starts in the first field; type, Tab to the password, Enter submits
      expect(await focused(page)).toBe('login-username');
      await page.keyboard.type('jdoe');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('login-ldap-password');
      await page.keyboard.type('not the password');
      await page.keyboard.press('Enter');
      const alert = page.locator('#login-ldap-error');
      await expect.poll(() => alert.textContent()).toBe(language.wrong);
      expect(await alert.getAttribute('role')).toBe('alert');
      expect(posted).toEqual([
        { username: 'jdoe', password: 'not the password', redirect_uri: '/plugins/?from=e2e' },
      ]);
      expect(await focused(page)).toBe('login-ldap-password');

      // Tab on through the page: toggle, submit, the two button-links, then the e-mail form
      const order: string[] = [];
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        order.push(await focused(page));
      }
      expect(order).toEqual([
        'login-ldap-password-toggle',
        'BUTTON', // the directory form's submit
        'login-sso-oidc',
        'login-sso-saml',
        'login-email',
        'login-password',
      ]);
      // back to the OIDC button-link, Enter follows it with the page's redirect_uri
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toBe('login-sso-oidc');
      const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/uc/oidc/login');
      await page.keyboard.press('Enter');
      const target = new URL((await request).url());
      expect(target.origin).toBe(env.origin);
      expect(target.searchParams.get('redirect_uri')).toBe('/plugins/?from=e2e');
    } finally {
      await context.close();
    }
  });

  it('fits a phone: no sideways scrolling, every method inside the screen', async () => {
    const { context, page } = await openLoginPage(language, { width: 360, height: 740 });
    try {
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
      await page.screenshot({
        path: join(ARTIFACTS_DIR, `login-methods-phone-${language.name}.png`),
        fullPage: true,
      });
      for (const selector of ['#login-ldap-form', '#login-sso-oidc', '#login-sso-saml', '#login-form']) {
        const box = await page.locator(selector).boundingBox();
        expect(box, selector).not.toBeNull();
        expect(box!.x, selector).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, selector).toBeLessThanOrEqual(360);
      }
    } finally {
      await context.close();
    }
  });
});
