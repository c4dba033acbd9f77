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
} from '@plugin-center/contract/schemas';
import {
  type BrowserSsoMethod,
  type OfferedLoginMethods,
  SSO_LOGIN_ENDPOINTS,
} from '../identity/loginMethods';
import { escapeHtml } from '../shared/html';
import type { LoginPageAssets } from './assets';
import { emailForm, ldapForm } from './forms';
import type { LoginTexts } from './texts';

/** URL of the login pages' stylesheet (served by `loginPageRoutes`). */
export const LOGIN_CSS_PATH = `${LOGIN_PAGE_PATH}login.css`;
/** URL of the login pages' script (served by `loginPageRoutes`). */
export const LOGIN_SCRIPT_PATH = `${LOGIN_PAGE_PATH}login.js`;
/** Where sign-in continues when the query gives no `redirect_uri` (or the bind page no usable `mainUrl`). */
export const DEFAULT_REDIRECT = '/plugins/';

export { SIGN_IN_ENDPOINT, SIGN_UP_ENDPOINT } from './forms';

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
  /** The sign-in methods the deployment offers (`offeredLoginMethods`); default e-mail only. */
  methods?: OfferedLoginMethods | undefined;
  /** Whether this server's sign-up is open (`signUpOpen`); default when e-mail sign-in is offered. */
  signUp?: boolean | undefined;
  /** Show the company (directory) methods before the e-mail form: a private deployment. Default false. */
  directoryFirst?: boolean | undefined;
}

/** The e-mail-only offer of a deployment without directory methods. */
const EMAIL_ONLY: OfferedLoginMethods = {
  ldap: false,
  oidc: false,
  saml: false,
  custom_sso: false,
  password: true,
};

/** The browser sign-in methods, in the order of their buttons, with their element ids. */
const SSO_BUTTONS: readonly [BrowserSsoMethod, string][] = [
  ['oidc', 'login-sso-oidc'],
  ['saml', 'login-sso-saml'],
  ['custom_sso', 'login-sso-custom'],
];

/** Longest `sso_detail` shown, in characters (the callbacks send at most 300). */
export const SSO_DETAIL_MAX = 300;

/**
 * The text of a failed browser sign-in (`sso_error` of the callbacks' redirect, SPEC §8 codes) in
 * the page's language: SSO_REJECTED, THIRD_PARTY_FAILED, INVALID_PARAMETER ({@link LoginTexts.ssoErrors}),
 * ACCOUNT_DISABLED, LOGIN_METHOD_DISABLED, REDIRECT_NOT_ALLOWED ({@link LoginTexts.errors}); any other
 * value the generic text (the value itself is never shown).
 */
export function ssoErrorText(code: string, t: LoginTexts): string {
  switch (code) {
    case 'SSO_REJECTED':
    case 'THIRD_PARTY_FAILED':
    case 'INVALID_PARAMETER':
      return t.ssoErrors[code];
    case 'ACCOUNT_DISABLED':
    case 'LOGIN_METHOD_DISABLED':
    case 'REDIRECT_NOT_ALLOWED':
      return t.errors[code];
    default:
      return t.ssoErrors.UNKNOWN;
  }
}

/**
 * `sso_detail` made fit to show: control characters (NUL, line breaks…) as spaces, runs of
 * white space as one, trimmed, at most {@link SSO_DETAIL_MAX} characters (code points; an ellipsis marks a cut).
 * The page escapes the result.
 */
export function cleanSsoDetail(value: string): string {
  const text = value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const points = [...text];
  return points.length > SSO_DETAIL_MAX ? `${points.slice(0, SSO_DETAIL_MAX - 1).join('')}…` : text;
}

const LOGO = `<svg class="login-logo" width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false"><rect class="logo-strong" x="2" y="2" width="11" height="11" rx="3"/><rect class="logo-soft" x="15" y="2" width="11" height="11" rx="3"/><rect class="logo-soft" x="2" y="15" width="11" height="11" rx="3"/><rect class="logo-strong" x="15" y="15" width="11" height="11" rx="5.5"/></svg>`;
/** The logo as the tab icon (a data: URL, allowed by the page's `img-src`): no `/favicon.ico` request. */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect x="2" y="2" width="11" height="11" rx="3" fill="#4f46e5"/><rect x="15" y="2" width="11" height="11" rx="3" fill="#c7d2fe"/><rect x="2" y="15" width="11" height="11" rx="3" fill="#c7d2fe"/><rect x="15" y="15" width="11" height="11" rx="5.5" fill="#4f46e5"/></svg>',
)}`;
const GLOBE = `<svg class="login-lang-icon" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="10"/><path d="M2 12h20"/><path d="M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z"/></svg>`;

/**
 * The whole HTML document of a login page.
 *
 * - Methods: exactly those of `methods` (default e-mail only), company methods first when
 *   `directoryFirst` (a private deployment), else after the e-mail form, an "or" line between them:
 *   - `ldap`: the directory form `#login-ldap-form` (user name, password; posts
 *     `{ username, password, redirect_uri }` to `/api/uc/user/login/ldap`, `data-kind="ldap"`);
 *   - `oidc`, `saml`, `custom_sso`: one button-link each (`#login-sso-oidc`, `#login-sso-saml`,
 *     `#login-sso-custom`) to `/api/uc/<method>/login?redirect_uri=<the page's redirect_uri>`;
 *   - `password`: the e-mail form `#login-form` — sign-up when `page=sign_up` and `signUp` (email,
 *     optional nickname, password of at least 8 characters; posts to {@link SIGN_UP_ENDPOINT}), else
 *     sign-in (email, password; posts to {@link SIGN_IN_ENDPOINT}). The form's fields are exactly
 *     those of the wire bodies (`email`, `password`, `redirect_uri`, `nick_name`) so the
 *     no-JavaScript `application/x-www-form-urlencoded` post is accepted too. Without `password`
 *     there is no e-mail form and no sign-up link, and `page=sign_up` shows sign-in.
 *   - none: the `noMethods` text.
 *   The first field (or, with no form first, the first button-link) has `autofocus`.
 * - `sso_error` (and `sso_detail`) in the query, sent back by a failed browser sign-in: a
 *   `role="alert"` box `#login-sso-error` above the methods with {@link ssoErrorText} and
 *   "Details: …" ({@link cleanSsoDetail}, escaped).
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
 *   `invalid-required`, `invalid-email`, `invalid-too-short`) as `data-text-*` attributes of each form.
 * - Language picker: when `locales` has two or more entries, a `<nav>` named by
 *   `languageLabel` with one button per locale, in that order, each showing the locale's own name
 *   (with its `lang`) and carrying its SPEC §9 `lang` cookie value in `data-lang`; the current one has
 *   `aria-current="true"`. It is `hidden` until the script runs (which sets the cookie and reloads),
 *   like the password toggle, so no dead control shows without JavaScript.
 */
export function renderLoginPage(input: LoginPageInput): string {
  const { kind, query, locale, locales, texts: t, versions } = input;
  const methods = input.methods ?? EMAIL_ONLY;
  const signUpAllowed = methods.password && (input.signUp ?? true);
  const path = kind === 'bind' ? BIND_PAGE_PATH : LOGIN_PAGE_PATH;
  const signUp = signUpAllowed && query.get('page') === 'sign_up';
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

  const ssoButtons = SSO_BUTTONS.filter(([method]) => methods[method]);
  const shown = (methods.ldap ? 1 : 0) + ssoButtons.length + (methods.password ? 1 : 0);
  /** Each shown method's HTML, given `autofocus()` (the attribute for the first caller only). */
  type Block = (autofocus: () => string) => string;
  const directory: Block[] = [];
  if (methods.ldap) directory.push((autofocus) => ldapForm(t, redirectUri, autofocus));
  if (ssoButtons.length > 0) {
    const target = `?${new URLSearchParams({ redirect_uri: redirectUri })}`;
    directory.push(
      (autofocus) => `
      <ul class="login-sso-list">${ssoButtons
        .map(
          ([method, id]) => `
        <li><a class="login-sso" id="${id}" href="${escapeHtml(SSO_LOGIN_ENDPOINTS[method] + target)}"${autofocus()}>${escapeHtml(t.sso[method])}</a></li>`,
        )
        .join('')}
      </ul>`,
    );
  }
  const email: Block[] = methods.password
    ? [(autofocus) => emailForm(t, { signUp, redirectUri, titled: shown > 1 }, autofocus)]
    : [];
  let focus = ' autofocus';
  const takeFocus = () => {
    const value = focus;
    focus = '';
    return value;
  };
  const blocks = (input.directoryFirst === true ? [...directory, ...email] : [...email, ...directory]).map(
    (block) => block(takeFocus),
  );
  const methodsHtml =
    blocks.length === 0
      ? `
      <p class="login-none" id="login-none">${escapeHtml(t.noMethods)}</p>`
      : blocks.join(`
      <p class="login-or" aria-hidden="true"><span>${escapeHtml(t.or)}</span></p>`);

  const ssoError = query.get('sso_error');
  const ssoDetail = cleanSsoDetail(query.get('sso_detail') ?? '');
  const ssoErrorBox =
    ssoError !== null
      ? `
      <div class="login-error login-sso-error" id="login-sso-error" role="alert"><p>${escapeHtml(ssoErrorText(ssoError, t))}</p>${
        ssoDetail ? `<p class="login-sso-detail">${fillEscaped(t.ssoDetail, { detail: ssoDetail })}</p>` : ''
      }</div>`
      : '';

  let switchLink = '';
  if (signUp) {
    switchLink = `
      <p class="login-switch">${escapeHtml(t.toSignIn)}<a id="login-switch" href="${escapeHtml(linkTo(path, query, { page: null }))}">${escapeHtml(t.linkSignIn)}</a></p>`;
  } else if (signUpAllowed) {
    switchLink = `
      <p class="login-switch">${escapeHtml(t.toSignUp)}<a id="login-switch" href="${escapeHtml(linkTo(path, query, { page: 'sign_up' }))}">${escapeHtml(t.linkSignUp)}</a></p>`;
  }
  // Where sign-up is closed, `page=sign_up` means nothing: links drop it.
  const keepPage: Record<string, null> = signUpAllowed ? {} : { page: null };
  const bindOtherLink =
    kind === 'login' && !signUp && shown > 0
      ? `
      <p class="login-alt">${
        bindOther
          ? `<a id="login-bind-other" href="${escapeHtml(linkTo(path, query, { ...keepPage, bind_other: null }))}">${escapeHtml(t.plainSignInLink)}</a>`
          : `<a id="login-bind-other" href="${escapeHtml(linkTo(path, query, { ...keepPage, bind_other: 'bind' }))}">${escapeHtml(t.bindOtherLink)}</a>`
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
      <p class="login-lead" id="login-lead">${lead}</p>${ssoErrorBox}${methodsHtml}${switchLink}${bindOtherLink}
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
