/**
 * The sign-in forms of the login page (`page.ts`): e-mail and password (sign-in or sign-up) and the
 * company directory (LDAP). Each posts the fields of its wire body, so the no-JavaScript
 * `application/x-www-form-urlencoded` post is accepted too, and carries the texts its script shows
 * as `data-text-*` attributes. Every text is HTML-escaped.
 */
import { USER_API, USER_API_BASE } from '@plugin-center/contract/schemas';
import { LDAP_SIGN_IN_ENDPOINT } from '../identity/loginMethods';
import { escapeHtml } from '../shared/html';
import type { LoginTexts } from './texts';

/** Endpoint of the sign-in form: `POST /api/uc/user/login` (wire `SignInBody` → `SignInResult`). */
export const SIGN_IN_ENDPOINT = `${USER_API_BASE}${USER_API.SIGN_IN}`;
/** Endpoint of the sign-up form: `POST /api/uc/user/sign_up` (wire `SignUpBody` → `SignInResult`). */
export const SIGN_UP_ENDPOINT = `${USER_API_BASE}${USER_API.SIGN_UP}`;

const EYE = `<svg class="icon-show" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/></svg>`;
const EYE_OFF = `<svg class="icon-hide" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M3 3l18 18"/><path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7c1.9 0 3.6-.6 5-1.5"/><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2"/></svg>`;

/** `data-text-*` attributes of a form, values escaped. */
function dataAttributes(texts: Record<string, string>): string {
  return Object.entries(texts)
    .map(([key, value]) => ` data-text-${key}="${escapeHtml(value)}"`)
    .join('');
}

/** The e-mail sign-in or sign-up form `#login-form` (see `page.ts` renderLoginPage). */
export function emailForm(
  t: LoginTexts,
  options: { signUp: boolean; redirectUri: string; titled: boolean },
  autofocus: () => string,
): string {
  const { signUp, redirectUri, titled } = options;
  const attributes = dataAttributes({
    pending: signUp ? t.pendingSignUp : t.pendingSignIn,
    'error-invalid-credentials': t.errors.INVALID_CREDENTIALS,
    'error-email-taken': t.errors.EMAIL_TAKEN,
    'error-login-method-disabled': t.errors.LOGIN_METHOD_DISABLED,
    'error-rate-limited': t.errors.RATE_LIMITED,
    'error-rate-limited-later': t.errors.RATE_LIMITED_LATER,
    'error-redirect-not-allowed': t.errors.REDIRECT_NOT_ALLOWED,
    'error-network': t.errors.NETWORK,
    'error-unknown': t.errors.UNKNOWN,
    'invalid-required': t.invalid.required,
    'invalid-email': t.invalid.email,
    'invalid-too-short': t.invalid.tooShort,
  });
  const heading = titled
    ? `
        <h2 class="login-method-title" id="login-email-title">${escapeHtml(t.emailTitle)}</h2>`
    : '';
  const nickname = signUp
    ? `
        <div class="field">
          <label for="login-nickname">${escapeHtml(t.nickname)}<span class="field-optional">${escapeHtml(t.optional)}</span></label>
          <input class="input" id="login-nickname" name="nick_name" type="text" autocomplete="nickname" maxlength="64">
        </div>`
    : '';
  const passwordHint = signUp
    ? `
          <p class="field-hint" id="login-password-hint">${escapeHtml(t.passwordHint)}</p>`
    : '';
  const passwordAttributes = signUp
    ? 'autocomplete="new-password" minlength="8" maxlength="1024" aria-describedby="login-password-hint"'
    : 'autocomplete="current-password" maxlength="1024"';
  return `
      <form class="login-form" id="login-form" method="post" action="${signUp ? SIGN_UP_ENDPOINT : SIGN_IN_ENDPOINT}" aria-labelledby="${titled ? 'login-email-title' : 'login-title'}" data-kind="email"${attributes}>${heading}
        <input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
        <div class="field">
          <label for="login-email">${escapeHtml(t.email)}</label>
          <input class="input" id="login-email" name="email" type="email" inputmode="email" autocomplete="${signUp ? 'email' : 'username'}" autocapitalize="none" spellcheck="false" maxlength="254" required${autofocus()}>
        </div>${nickname}
        <div class="field">
          <label for="login-password">${escapeHtml(t.password)}</label>
          <div class="password-row">
            <input class="input" id="login-password" name="password" type="password" ${passwordAttributes} required>
            <button class="password-toggle" id="login-password-toggle" type="button" aria-controls="login-password" aria-pressed="false" aria-label="${escapeHtml(t.showPassword)}" title="${escapeHtml(t.showPassword)}" hidden>${EYE}${EYE_OFF}</button>
          </div>${passwordHint}
        </div>
        <div class="login-error" id="login-error" role="alert"></div>
        <button class="login-submit" type="submit">${escapeHtml(signUp ? t.submitSignUp : t.submitSignIn)}</button>
      </form>`;
}

/** The directory (LDAP) sign-in form `#login-ldap-form` (see `page.ts` renderLoginPage). */
export function ldapForm(t: LoginTexts, redirectUri: string, autofocus: () => string): string {
  const attributes = dataAttributes({
    pending: t.pendingSignIn,
    'error-invalid-credentials': t.errors.DIRECTORY_INVALID_CREDENTIALS,
    'error-account-disabled': t.errors.ACCOUNT_DISABLED,
    'error-login-method-disabled': t.errors.LOGIN_METHOD_DISABLED,
    'error-third-party-failed': t.errors.THIRD_PARTY_FAILED,
    'error-rate-limited': t.errors.RATE_LIMITED,
    'error-rate-limited-later': t.errors.RATE_LIMITED_LATER,
    'error-redirect-not-allowed': t.errors.REDIRECT_NOT_ALLOWED,
    'error-network': t.errors.NETWORK,
    'error-unknown': t.errors.UNKNOWN,
    'invalid-required': t.invalid.required,
  });
  return `
      <form class="login-form" id="login-ldap-form" method="post" action="${LDAP_SIGN_IN_ENDPOINT}" aria-labelledby="login-ldap-title" data-kind="ldap"${attributes}>
        <h2 class="login-method-title" id="login-ldap-title">${escapeHtml(t.ldapTitle)}</h2>
        <input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
        <div class="field">
          <label for="login-username">${escapeHtml(t.username)}</label>
          <input class="input" id="login-username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" maxlength="256" aria-describedby="login-username-hint" required${autofocus()}>
          <p class="field-hint" id="login-username-hint">${escapeHtml(t.usernameHint)}</p>
        </div>
        <div class="field">
          <label for="login-ldap-password">${escapeHtml(t.password)}</label>
          <div class="password-row">
            <input class="input" id="login-ldap-password" name="password" type="password" autocomplete="current-password" maxlength="1024" required>
            <button class="password-toggle" id="login-ldap-password-toggle" type="button" aria-controls="login-ldap-password" aria-pressed="false" aria-label="${escapeHtml(t.showPassword)}" title="${escapeHtml(t.showPassword)}" hidden>${EYE}${EYE_OFF}</button>
          </div>
        </div>
        <div class="login-error" id="login-ldap-error" role="alert"></div>
        <button class="login-submit" type="submit">${escapeHtml(t.submitLdap)}</button>
      </form>`;
}
