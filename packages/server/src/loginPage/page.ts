/**
 * The HTML of the login pages (SPEC §2): `/user/login/` (sign-in, `page=sign_up` sign-up,
 * `bind_other=bind` bind-other, docs-provider login with `app_name`) and `/user/login/bind` (query
 * `id`, `mainUrl`, `txDocFolderId`). A pure function of the request's query and locale: every
 * query value is HTML-escaped, attribute values are double-quoted, and the page has no inline script,
 * inline style or event handler attribute (its script and stylesheet are files of this server).
 */
import {
  BIND_PAGE_PATH,
  LOCALE_ALIASES,
  LOGIN_PAGE_PATH,
  type Locale,
  USER_API,
  USER_API_BASE,
} from '@plugin-center/contract/schemas';
import { escapeHtml } from '../shared/html';
import type { LoginPageAssets } from './assets';
import type { LoginTexts } from './texts';

/** URL of the login pages' stylesheet (served by `loginPageRoutes`). */
export const LOGIN_CSS_PATH = `${LOGIN_PAGE_PATH}login.css`;
/** URL of the login pages' script (served by `loginPageRoutes`). */
export const LOGIN_SCRIPT_PATH = `${LOGIN_PAGE_PATH}login.js`;
/** Where sign-in continues when the query gives no `redirect_uri` (or the bind page no usable `mainUrl`). */
export const DEFAULT_REDIRECT = '/plugins/';

/** Endpoint of the sign-in form: `POST /api/uc/user/login` (wire `SignInBody` → `SignInResult`). */
export const SIGN_IN_ENDPOINT = `${USER_API_BASE}${USER_API.SIGN_IN}`;
/** Endpoint of the sign-up form: `POST /api/uc/user/sign_up` (wire `SignUpBody` → `SignInResult`). */
export const SIGN_UP_ENDPOINT = `${USER_API_BASE}${USER_API.SIGN_UP}`;

/**
 * Query parameters of SPEC §2 kept as hidden context on the page (besides `redirect_uri`, which the
 * form posts, and `page`, which picks the form). All query parameters — these and any other — are
 * carried unchanged in the page's links.
 */
export const LOGIN_CONTEXT_PARAMS = [
  'response_type',
  'from',
  'channel',
  'product',
  'ux_mode',
  'ux_from',
  'login_source_id',
  'app_name',
  'bind_other',
] as const;
/** Query parameters of the bind page (SPEC §2), kept as hidden context besides {@link LOGIN_CONTEXT_PARAMS}. */
export const BIND_CONTEXT_PARAMS = ['id', 'mainUrl', 'txDocFolderId'] as const;

/** `template` with each `{name}` replaced by the HTML-escaped value; the template itself is trusted. */
function fillEscaped(template: string, values: Record<string, string>): string {
  return escapeHtml(template).replace(/\{(\w+)\}/g, (all, name: string) =>
    Object.hasOwn(values, name) ? escapeHtml(values[name] ?? '') : all,
  );
}

/**
 * `value` when it is a same-origin relative path (`/…`, not `//…`, no backslash, no control
 * character or whitespace), else `undefined`. Used for the bind page's `mainUrl`: an absolute
 * address is never followed (no open redirect).
 */
export function safeRelativePath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\\\u0000-\u0020\u007f]/.test(value)) return undefined;
  try {
    const base = 'http://same-origin.invalid';
    const url = new URL(value, base);
    return url.origin === base ? value : undefined;
  } catch {
    return undefined;
  }
}

/** `path` with the query `query` changed by `changes` (`null` deletes a parameter). */
function linkTo(path: string, query: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(query);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const search = next.toString();
  return search ? `${path}?${search}` : path;
}

/** What to render: which page, which form, the request's query and the locale's texts. */
export interface LoginPageInput {
  /** `login`: `/user/login/`; `bind`: `/user/login/bind`. */
  kind: 'login' | 'bind';
  /** The request's query, as received (order and unknown parameters kept). */
  query: URLSearchParams;
  /** `<html lang>` of the page. */
  locale: Locale;
  /**
   * The site's locales (`SiteConfig.locales`), in order: the language picker offers exactly these
   * when there are two or more (none otherwise).
   */
  locales: readonly Locale[];
  /** Texts of that locale. */
  texts: LoginTexts;
  /** Content versions of the stylesheet and script, put in their URLs (`?v=`); see `assets.ts`. */
  versions: Pick<LoginPageAssets, 'cssVersion' | 'scriptVersion'>;
}

const LOGO = `<svg class="login-logo" width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false"><rect class="logo-strong" x="2" y="2" width="11" height="11" rx="3"/><rect class="logo-soft" x="15" y="2" width="11" height="11" rx="3"/><rect class="logo-soft" x="2" y="15" width="11" height="11" rx="3"/><rect class="logo-strong" x="15" y="15" width="11" height="11" rx="5.5"/></svg>`;
/** The logo as the tab icon (a data: URL, allowed by the page's `img-src`): no `/favicon.ico` request. */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect x="2" y="2" width="11" height="11" rx="3" fill="#4f46e5"/><rect x="15" y="2" width="11" height="11" rx="3" fill="#c7d2fe"/><rect x="2" y="15" width="11" height="11" rx="3" fill="#c7d2fe"/><rect x="15" y="15" width="11" height="11" rx="5.5" fill="#4f46e5"/></svg>',
)}`;
const GLOBE = `<svg class="login-lang-icon" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="10"/><path d="M2 12h20"/><path d="M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z"/></svg>`;
const EYE = `<svg class="icon-show" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/></svg>`;
const EYE_OFF = `<svg class="icon-hide" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M3 3l18 18"/><path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7c1.9 0 3.6-.6 5-1.5"/><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2"/></svg>`;

/**
 * The whole HTML document of a login page.
 *
 * - Form: sign-up when `page=sign_up` (email, optional nickname, password of at least 8
 *   characters; posts to {@link SIGN_UP_ENDPOINT}), else sign-in (email, password; posts to
 *   {@link SIGN_IN_ENDPOINT}). The form's fields are exactly those of the wire bodies (`email`,
 *   `password`, `redirect_uri`, `nick_name`) so the no-JavaScript `application/x-www-form-urlencoded`
 *   post is accepted too.
 * - `redirect_uri`: on `/user/login/` the query's value unchanged (the identity endpoint checks it
 *   against its allowlist), {@link DEFAULT_REDIRECT} when missing or empty; on the bind page the
 *   query's `mainUrl` when {@link safeRelativePath} accepts it, else {@link DEFAULT_REDIRECT}.
 * - Heading: bind page → "Bind your account" with the third-party `id`; `bind_other=bind` → "Bind
 *   another account"; sign-up; sign-in ("Sign in to continue to {app_name}" under it when
 *   `app_name` is given).
 * - Links (switch sign-in ↔ sign-up; bind-other ↔ plain sign-in on `/user/login/`) carry the whole
 *   query unchanged except the parameter they switch (`page`, `bind_other`).
 * - Hidden context: {@link LOGIN_CONTEXT_PARAMS} (and {@link BIND_CONTEXT_PARAMS} on the bind page)
 *   present in the query, as hidden inputs of a separate never-submitted form `#login-context`.
 * - The texts the script needs (pending label, error texts, the validation bubbles' texts
 *   `invalid-required`, `invalid-email`, `invalid-too-short`) as `data-text-*` attributes of the form.
 * - Language picker: when `locales` has two or more entries, a `<nav>` named by
 *   `languageLabel` with one button per locale, in that order, each showing the locale's own name
 *   (with its `lang`) and carrying its SPEC §9 `lang` cookie value in `data-lang`; the current one has
 *   `aria-current="true"`. It is `hidden` until the script runs (which sets the cookie and reloads),
 *   like the password toggle, so no dead control shows without JavaScript.
 */
export function renderLoginPage(input: LoginPageInput): string {
  const { kind, query, locale, locales, texts: t, versions } = input;
  const path = kind === 'bind' ? BIND_PAGE_PATH : LOGIN_PAGE_PATH;
  const signUp = query.get('page') === 'sign_up';
  const bindOther = kind === 'login' && query.get('bind_other') === 'bind';
  const appName = query.get('app_name') ?? '';
  const thirdPartyId = query.get('id') ?? '';
  const redirectUri =
    kind === 'bind'
      ? (safeRelativePath(query.get('mainUrl')) ?? DEFAULT_REDIRECT)
      : query.get('redirect_uri') || DEFAULT_REDIRECT;

  let title: string;
  let lead: string;
  if (kind === 'bind') {
    title = escapeHtml(t.bindTitle);
    lead = thirdPartyId ? fillEscaped(t.bindLeadWithId, { id: thirdPartyId }) : escapeHtml(t.bindLead);
  } else if (bindOther) {
    title = escapeHtml(t.bindOtherTitle);
    lead = escapeHtml(t.bindOtherLead);
  } else if (signUp) {
    title = escapeHtml(t.signUpTitle);
    lead = escapeHtml(t.signUpLead);
  } else {
    title = escapeHtml(t.signInTitle);
    lead = appName ? fillEscaped(t.continueTo, { app_name: appName }) : escapeHtml(t.signInLead);
  }

  const dataTexts: Record<string, string> = {
    pending: signUp ? t.pendingSignUp : t.pendingSignIn,
    'error-invalid-credentials': t.errors.INVALID_CREDENTIALS,
    'error-email-taken': t.errors.EMAIL_TAKEN,
    'error-rate-limited': t.errors.RATE_LIMITED,
    'error-rate-limited-later': t.errors.RATE_LIMITED_LATER,
    'error-redirect-not-allowed': t.errors.REDIRECT_NOT_ALLOWED,
    'error-network': t.errors.NETWORK,
    'error-unknown': t.errors.UNKNOWN,
    'invalid-required': t.invalid.required,
    'invalid-email': t.invalid.email,
    'invalid-too-short': t.invalid.tooShort,
  };
  const dataAttributes = Object.entries(dataTexts)
    .map(([key, value]) => ` data-text-${key}="${escapeHtml(value)}"`)
    .join('');

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

  const switchLink = signUp
    ? `${escapeHtml(t.toSignIn)}<a id="login-switch" href="${escapeHtml(linkTo(path, query, { page: null }))}">${escapeHtml(t.linkSignIn)}</a>`
    : `${escapeHtml(t.toSignUp)}<a id="login-switch" href="${escapeHtml(linkTo(path, query, { page: 'sign_up' }))}">${escapeHtml(t.linkSignUp)}</a>`;
  const bindOtherLink =
    kind === 'login' && !signUp
      ? `
      <p class="login-alt">${
        bindOther
          ? `<a id="login-bind-other" href="${escapeHtml(linkTo(path, query, { bind_other: null }))}">${escapeHtml(t.plainSignInLink)}</a>`
          : `<a id="login-bind-other" href="${escapeHtml(linkTo(path, query, { bind_other: 'bind' }))}">${escapeHtml(t.bindOtherLink)}</a>`
      }</p>`
      : '';

  const offered = [...new Set(locales)];
  const picker =
    offered.length >= 2
      ? `
    <nav class="login-lang" id="login-lang" aria-label="${escapeHtml(t.languageLabel)}" hidden>${GLOBE}
      <ul class="login-lang-list">${offered
        .map(
          (option) => `
        <li><button type="button" class="login-lang-option" data-lang="${escapeHtml(LOCALE_ALIASES[option].cookie)}" lang="${escapeHtml(option)}"${option === locale ? ' aria-current="true"' : ''}>${escapeHtml(LOCALE_ALIASES[option].name)}</button></li>`,
        )
        .join('')}
      </ul>
    </nav>`
      : '';

  const contextNames =
    kind === 'bind' ? [...LOGIN_CONTEXT_PARAMS, ...BIND_CONTEXT_PARAMS] : LOGIN_CONTEXT_PARAMS;
  const contextInputs = contextNames
    .filter((name) => query.has(name))
    .map(
      (name) =>
        `
        <input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(query.get(name) ?? '')}">`,
    )
    .join('');

  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <meta name="referrer" content="no-referrer">
  <title>${title} · ${escapeHtml(t.productName)}</title>
  <link rel="icon" href="${escapeHtml(FAVICON)}">
  <link rel="stylesheet" href="${LOGIN_CSS_PATH}?v=${versions.cssVersion}">
  <script src="${LOGIN_SCRIPT_PATH}?v=${versions.scriptVersion}" defer></script>
</head>
<body>
  <main class="login-main">
    <section class="login-card" aria-labelledby="login-title" data-page="${kind}" data-mode="${signUp ? 'sign-up' : 'sign-in'}">
      <a class="login-brand" href="${DEFAULT_REDIRECT}">${LOGO}<span>${escapeHtml(t.productName)}</span></a>
      <h1 class="login-title" id="login-title">${title}</h1>
      <p class="login-lead" id="login-lead">${lead}</p>
      <form class="login-form" id="login-form" method="post" action="${signUp ? SIGN_UP_ENDPOINT : SIGN_IN_ENDPOINT}" aria-labelledby="login-title"${dataAttributes}>
        <input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
        <div class="field">
          <label for="login-email">${escapeHtml(t.email)}</label>
          <input class="input" id="login-email" name="email" type="email" inputmode="email" autocomplete="${signUp ? 'email' : 'username'}" autocapitalize="none" spellcheck="false" maxlength="254" required autofocus>
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
      </form>
      <p class="login-switch">${switchLink}</p>${bindOtherLink}
      <noscript><p class="login-noscript">${escapeHtml(t.noScript)}</p></noscript>
      <form id="login-context" hidden aria-hidden="true">${contextInputs}
      </form>
    </section>
    <p class="login-back"><a href="${DEFAULT_REDIRECT}">${escapeHtml(t.backHome)}</a></p>${picker}
  </main>
</body>
</html>
`;
}
