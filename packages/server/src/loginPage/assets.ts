/**
 * The two static files of the login pages, kept as strings so they ship inside the server bundle
 * (tsup bundles TypeScript only) and can be served under a strict Content-Security-Policy
 * (`script-src 'self'; style-src 'self'`): the stylesheet and the small browser script.
 *
 * The script is plain ES2017 (no build step, no imports); it reads everything it needs from the
 * page: the form's `action` (the JSON endpoint), its fields, and its texts from `data-text-*`
 * attributes, so the same file serves every locale. Its behaviour is tested in `script.test.ts`.
 */
import { createHash } from 'node:crypto';

/** Stylesheet of the login pages: the marketplace's palette, fonts and radii (app/src/styles.css). */
export const LOGIN_PAGE_CSS = `/* Plugin Center login pages: same palette, fonts and radii as the marketplace. */
:root {
  --font-sans: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans",
    "Noto Sans CJK SC", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Source Han Sans SC",
    sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji";
  --bg: #f6f7fb;
  --surface: #ffffff;
  --surface-muted: #f1f3f8;
  --text: #1b1f2a;
  --text-muted: #5b6475;
  --border: #e3e6ee;
  --border-strong: #cfd4e0;
  --accent: #4f46e5;
  --accent-hover: #4338ca;
  --accent-soft: #eef0ff;
  --accent-soft-strong: #c7d2fe;
  --accent-text: #3730a3;
  --danger: #b42318;
  --danger-soft: #fef3f2;
  --danger-border: #fecdca;
  --focus: #2563eb;
  --radius: 12px;
  --radius-small: 8px;
  --shadow-card: 0 1px 2px rgb(16 24 40 / 0.06), 0 12px 32px rgb(16 24 40 / 0.08);
  color-scheme: light;
}
:lang(ja) {
  --font-sans: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK JP",
    "Hiragino Sans", "Yu Gothic", sans-serif;
}
:lang(ko) {
  --font-sans: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK KR",
    "Apple SD Gothic Neo", "Malgun Gothic", sans-serif;
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  min-height: 100vh;
  font-family: var(--font-sans);
  font-size: 15px;
  line-height: 1.55;
  color: var(--text);
  background:
    radial-gradient(60rem 28rem at 50% -8rem, var(--accent-soft) 0%, rgb(238 240 255 / 0) 70%),
    var(--bg);
  -webkit-font-smoothing: antialiased;
}
h1, p { margin: 0; }
a { color: var(--accent-text); }
a:hover { color: var(--accent); }
button, input { font: inherit; color: inherit; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
[hidden] { display: none !important; }

.login-main {
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 20px;
  min-height: 100vh;
  padding: 40px 16px;
}
.login-card {
  width: 100%;
  max-width: 420px;
  padding: 36px 36px 28px;
  border: 1px solid var(--border);
  border-radius: 16px;
  background: var(--surface);
  box-shadow: var(--shadow-card);
}
.login-brand {
  display: inline-flex;
  align-items: center;
  gap: 10px;
  margin-bottom: 24px;
  color: var(--text);
  font-weight: 700;
  font-size: 17px;
  text-decoration: none;
  border-radius: var(--radius-small);
}
.login-brand:hover { color: var(--text); }
.logo-strong { fill: var(--accent); }
.logo-soft { fill: var(--accent-soft-strong); }
.login-title { font-size: 24px; line-height: 1.3; font-weight: 700; letter-spacing: -0.01em; }
.login-lead { margin-top: 8px; color: var(--text-muted); overflow-wrap: anywhere; }
.login-form { display: grid; gap: 16px; margin-top: 24px; }
.field { display: grid; gap: 6px; }
.field label { font-weight: 600; font-size: 14px; }
.field-optional { margin-left: 4px; color: var(--text-muted); font-weight: 400; }
.field-hint { color: var(--text-muted); font-size: 13px; }
.input {
  width: 100%;
  min-height: 44px;
  padding: 9px 12px;
  border: 1px solid var(--border-strong);
  border-radius: var(--radius-small);
  background: var(--surface);
  transition: border-color 0.15s, box-shadow 0.15s;
}
.input:hover { border-color: #b7bdcc; }
.input:focus-visible {
  outline: none;
  border-color: var(--focus);
  box-shadow: 0 0 0 3px rgb(37 99 235 / 0.25);
}
.password-row { position: relative; }
.password-row .input { padding-right: 48px; }
.password-toggle {
  position: absolute;
  top: 50%;
  right: 6px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  margin-top: -18px;
  padding: 0;
  border: 0;
  border-radius: var(--radius-small);
  background: transparent;
  color: var(--text-muted);
  cursor: pointer;
}
.password-toggle:hover { background: var(--surface-muted); color: var(--text); }
.password-toggle .icon-hide { display: none; }
.password-toggle[aria-pressed="true"] .icon-show { display: none; }
.password-toggle[aria-pressed="true"] .icon-hide { display: block; }
.login-error {
  padding: 10px 12px;
  border: 1px solid var(--danger-border);
  border-radius: var(--radius-small);
  background: var(--danger-soft);
  color: var(--danger);
  font-size: 14px;
  overflow-wrap: anywhere;
}
.login-error:empty { display: none; }
.login-submit {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  min-height: 44px;
  margin-top: 4px;
  padding: 8px 16px;
  border: 1px solid var(--accent);
  border-radius: var(--radius-small);
  background: var(--accent);
  color: #fff;
  font-weight: 600;
  cursor: pointer;
  transition: background 0.15s;
}
.login-submit:hover { background: var(--accent-hover); }
.login-submit:disabled { opacity: 0.65; cursor: progress; }
.login-switch {
  margin-top: 20px;
  color: var(--text-muted);
  text-align: center;
}
.login-switch a { font-weight: 600; margin-left: 4px; }
.login-alt {
  margin-top: 16px;
  padding-top: 16px;
  border-top: 1px solid var(--border);
  text-align: center;
  font-size: 14px;
}
.login-noscript { margin-top: 16px; color: var(--text-muted); font-size: 13px; }
.login-back { font-size: 14px; }
.login-back a { color: var(--text-muted); }
@media (max-width: 480px) {
  .login-main { justify-content: flex-start; padding: 24px 12px; }
  .login-card { padding: 28px 20px 22px; border-radius: var(--radius); }
  .login-title { font-size: 22px; }
}
@media (prefers-reduced-motion: reduce) {
  * { transition: none !important; }
}
`;

/**
 * The browser script of the login pages. On submit of `#login-form` it posts JSON
 * `{ email, password, redirect_uri }` (+ `nick_name` when given on sign-up) to the form's `action`
 * (`/api/uc/user/login` or `/api/uc/user/sign_up`), disables the submit button while pending, and:
 * on `{ code: 0 | 200, data: { redirect_to } }` calls `location.assign(redirect_to)` (only an http(s)
 * or relative address; anything else is reported as an error); on a failed envelope shows the
 * friendly text for its `error` (INVALID_CREDENTIALS, EMAIL_TAKEN, RATE_LIMITED with the
 * Retry-After seconds, REDIRECT_NOT_ALLOWED; INVALID_PARAMETER and unknown identifiers show the
 * server's `message`) in `#login-error` (`role="alert"`); when fetch rejects, the network text.
 * It also reveals and drives the password show/hide toggle.
 */
export const LOGIN_PAGE_SCRIPT = `/* Plugin Center login page: JSON sign-in/sign-up, errors, password toggle. */
(function () {
  'use strict';
  var form = document.getElementById('login-form');
  if (!form) return;
  var errorBox = document.getElementById('login-error');
  var submit = form.querySelector('button[type="submit"]');
  var password = form.querySelector('input[name="password"]');
  var toggle = document.getElementById('login-password-toggle');
  var pending = false;

  function text(key) {
    return form.getAttribute('data-text-' + key) || '';
  }
  function fill(template, values) {
    return template.replace(/\\{(\\w+)\\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  }
  function field(name) {
    var input = form.querySelector('[name="' + name + '"]');
    return input ? input.value : '';
  }

  if (toggle && password) {
    toggle.hidden = false;
    toggle.addEventListener('click', function () {
      var show = password.type === 'password';
      password.type = show ? 'text' : 'password';
      toggle.setAttribute('aria-pressed', show ? 'true' : 'false');
    });
  }

  var idleLabel = submit ? submit.textContent : '';
  function setPending(on) {
    pending = on;
    if (submit) {
      submit.disabled = on;
      submit.textContent = on ? text('pending') || idleLabel : idleLabel;
    }
    if (on) form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
  }
  function showError(message, focusName) {
    if (errorBox) errorBox.textContent = message;
    var target = focusName ? form.querySelector('[name="' + focusName + '"]') : submit;
    if (target && typeof target.focus === 'function') target.focus();
  }

  function retryAfterSeconds(value) {
    if (!value) return null;
    if (/^\\s*\\d+\\s*$/.test(value)) return parseInt(value, 10);
    var at = Date.parse(value);
    if (isNaN(at)) return null;
    return Math.max(0, Math.ceil((at - Date.now()) / 1000));
  }
  function describeFailure(status, body, retryAfter) {
    var error = body && typeof body.error === 'string' ? body.error : '';
    var message = body && typeof body.message === 'string' ? body.message : '';
    if (error === 'RATE_LIMITED') {
      var seconds = retryAfterSeconds(retryAfter);
      return seconds === null ? text('error-rate-limited-later') : fill(text('error-rate-limited'), { seconds: seconds });
    }
    if (error && error !== 'INVALID_PARAMETER') {
      var known = text('error-' + error.toLowerCase().replace(/_/g, '-'));
      if (known) return known;
    }
    return message || fill(text('error-unknown'), { status: status });
  }
  function safeTarget(value) {
    if (typeof value !== 'string' || !value) return null;
    try {
      var url = new URL(value, location.href);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch (e) {
      return null;
    }
  }

  form.addEventListener('submit', async function (event) {
    event.preventDefault();
    if (pending) return;
    if (errorBox) errorBox.textContent = '';
    var payload = {
      email: field('email').trim(),
      password: field('password'),
      redirect_uri: field('redirect_uri')
    };
    var nick = form.querySelector('[name="nick_name"]');
    if (nick && nick.value.trim()) payload.nick_name = nick.value.trim();
    setPending(true);
    var response;
    var body = null;
    try {
      response = await fetch(form.getAttribute('action'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
        credentials: 'same-origin',
        cache: 'no-store'
      });
      var raw = await response.text();
      try {
        body = JSON.parse(raw);
      } catch (e) {
        body = null;
      }
    } catch (e) {
      setPending(false);
      showError(text('error-network'));
      return;
    }
    var ok = response.ok && body && (body.code === 0 || body.code === 200) && body.data;
    if (ok) {
      var target = safeTarget(body.data.redirect_to);
      if (target) {
        location.assign(target);
        return;
      }
    }
    setPending(false);
    var error = body && body.error;
    showError(
      describeFailure(response.status, ok ? null : body, response.headers.get('retry-after')),
      error === 'INVALID_CREDENTIALS' ? 'password' : error === 'EMAIL_TAKEN' ? 'email' : null
    );
  });
})();
`;

/** A short content hash (16 hex digits of SHA-256): the version in the files' URLs and their ETag. */
export function contentVersion(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

/** Version of {@link LOGIN_PAGE_CSS} (`?v=` of its URL, ETag). */
export const LOGIN_PAGE_CSS_VERSION = contentVersion(LOGIN_PAGE_CSS);
/** Version of {@link LOGIN_PAGE_SCRIPT} (`?v=` of its URL, ETag). */
export const LOGIN_PAGE_SCRIPT_VERSION = contentVersion(LOGIN_PAGE_SCRIPT);
