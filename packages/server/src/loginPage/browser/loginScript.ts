/**
 * The browser script of the login pages (SPEC §2 `/user/login/`, `/user/login/bind`), served as
 * `/user/login/login.js`. `assetBuild.ts` compiles it with esbuild to one ES2017 IIFE with no
 * imports, so it runs under the pages' `script-src 'self'` as a plain `<script defer>`.
 *
 * It reads everything from the page `page.ts` renders: the form's `action` (the JSON endpoint), its
 * fields, and its texts from `data-text-*` attributes, so the same file serves every locale.
 *
 * Every sign-in form of the page (`form.login-form`: the e-mail form `#login-form`, the directory
 * form `#login-ldap-form`) works alike. On submit it posts JSON to the form's `action`: the e-mail
 * form `{ email, password, redirect_uri }` (+ `nick_name` when given on sign-up) to
 * `/api/uc/user/login` or `/api/uc/user/sign_up`, the directory form (`data-kind="ldap"`)
 * `{ username, password, redirect_uri }` to `/api/uc/user/login/ldap`; it disables the submit button
 * while pending, and: on `{ code: 0 | 200, data: { redirect_to } }` calls
 * `location.assign(redirect_to)` (only an http(s) or relative address; anything else is reported as
 * an error); on a failed envelope shows the friendly text of the form for its `error`
 * (INVALID_CREDENTIALS, EMAIL_TAKEN, ACCOUNT_DISABLED, LOGIN_METHOD_DISABLED, RATE_LIMITED with the
 * Retry-After seconds, REDIRECT_NOT_ALLOWED; THIRD_PARTY_FAILED with the server's `message` in it,
 * SPEC §8; INVALID_PARAMETER and unknown identifiers show the server's `message`) in the form's
 * `.login-error` (`role="alert"`); when fetch rejects, the network text. It also reveals and drives
 * each form's password show/hide toggle.
 *
 * Validation bubbles: the form's own constraint validation (`required`, `type="email"`,
 * `minlength`) stays the browser's, but its messages are the page's language: on each field's
 * `invalid` event the script sets `setCustomValidity` to the `data-text-invalid-*` text of the
 * failed constraint (`valueMissing`, `typeMismatch`, `tooShort` with `{min}`), and clears it on the
 * next `input` or `change` so the browser validates the new value afresh.
 *
 * Language picker: `#login-lang` (rendered `hidden` when the site offers 2+ locales) is
 * revealed; a click on one of its `button[data-lang]` writes the `lang` cookie with that SPEC §9
 * value (`path=/`, a year, `SameSite=Lax`, `Secure` on https, as the marketplace writes it) and
 * reloads the page, which the server then renders in that language.
 *
 * Its behaviour is tested in `../script.test.ts` against the file the server serves.
 */

/** What the identity endpoints answer (the wire's envelope, read defensively). */
interface Envelope {
  code?: unknown;
  data?: { redirect_to?: unknown } | null;
  error?: unknown;
  message?: unknown;
}

/** Seconds to wait from a `Retry-After` value (delta-seconds or HTTP date, RFC 9110 §10.2.3). */
function retryAfterSeconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number.parseInt(value, 10);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * `template` with each `{name}` of `values` filled in; unknown placeholders stay as written.
 * (`Object.hasOwn` is ES2022; the script targets ES2017.)
 */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : all,
  );
}

/** `value` as an absolute http(s) address (relative ones resolved against the page), else null. */
function safeTarget(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value, location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** `lang` cookie values this script writes: the SPEC §9 values are short ASCII words (`zh-CN`, `jp`). */
const LANG_VALUE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;

/**
 * Reveals the language picker and makes each of its buttons set the `lang` cookie and reload.
 * A `data-lang` that is not a short language word is ignored (nothing is written).
 */
function startLanguagePicker(nav: HTMLElement): void {
  nav.hidden = false;
  nav.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const button =
      target && typeof target.closest === 'function' ? target.closest('button[data-lang]') : null;
    const value = button?.getAttribute('data-lang') ?? '';
    if (!LANG_VALUE.test(value)) return;
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
    document.cookie = `lang=${value}; path=/; max-age=31536000; SameSite=Lax${secure}`;
    location.reload();
  });
}

/**
 * Puts the page's texts into the browser's validation bubbles of `form`'s fields (see the module
 * comment); `text(key)` reads a `data-text-*` attribute of the form.
 */
function startValidation(form: HTMLFormElement, text: (key: string) => string): void {
  const fields = form.querySelectorAll<HTMLInputElement>('input:not([type="hidden"])');
  for (const input of Array.from(fields)) {
    input.addEventListener('invalid', () => {
      const validity = input.validity;
      let message = '';
      if (validity.valueMissing) message = text('invalid-required');
      else if (validity.typeMismatch && input.type === 'email') message = text('invalid-email');
      else if (validity.tooShort) message = fill(text('invalid-too-short'), { min: input.minLength });
      if (message) input.setCustomValidity(message);
    });
    const clear = () => input.setCustomValidity('');
    input.addEventListener('input', clear);
    input.addEventListener('change', clear);
  }
}

/** Longest server message shown in an error text (a provider's body can be long). */
const MESSAGE_MAX = 500;

function start(form: HTMLFormElement): void {
  const errorBox = form.querySelector<HTMLElement>('.login-error');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const password = form.querySelector<HTMLInputElement>('input[name="password"]');
  const toggle = form.querySelector<HTMLElement>('.password-toggle');
  const directory = form.getAttribute('data-kind') === 'ldap';
  let pending = false;

  const text = (key: string) => form.getAttribute(`data-text-${key}`) || '';
  const field = (name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value ?? '';

  startValidation(form, text);

  if (toggle && password) {
    toggle.hidden = false;
    toggle.addEventListener('click', () => {
      const show = password.type === 'password';
      password.type = show ? 'text' : 'password';
      toggle.setAttribute('aria-pressed', show ? 'true' : 'false');
    });
  }

  const idleLabel = submit ? submit.textContent : '';
  function setPending(on: boolean) {
    pending = on;
    if (submit) {
      submit.disabled = on;
      submit.textContent = on ? text('pending') || idleLabel : idleLabel;
    }
    if (on) form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
  }
  function showError(message: string, focusName: string | null) {
    if (errorBox) errorBox.textContent = message;
    const target = focusName ? form.querySelector<HTMLElement>(`[name="${focusName}"]`) : submit;
    if (target && typeof target.focus === 'function') target.focus();
  }
  function describeFailure(status: number, body: Envelope | null, retryAfter: string | null): string {
    const error = body && typeof body.error === 'string' ? body.error : '';
    const message = body && typeof body.message === 'string' ? body.message.slice(0, MESSAGE_MAX) : '';
    if (error === 'RATE_LIMITED') {
      const seconds = retryAfterSeconds(retryAfter);
      return seconds === null
        ? text('error-rate-limited-later')
        : fill(text('error-rate-limited'), { seconds });
    }
    if (error && error !== 'INVALID_PARAMETER') {
      const known = text(`error-${error.toLowerCase().replace(/_/g, '-')}`);
      // A text with {message} (THIRD_PARTY_FAILED) needs the server's message to say anything.
      if (known && !known.includes('{message}')) return known;
      if (known && message) return fill(known, { message });
    }
    return message || fill(text('error-unknown'), { status });
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (pending) return;
    if (errorBox) errorBox.textContent = '';
    const payload: Record<string, string> = directory
      ? {
          username: field('username').trim(),
          password: field('password'),
          redirect_uri: field('redirect_uri'),
        }
      : { email: field('email').trim(), password: field('password'), redirect_uri: field('redirect_uri') };
    const nick = form.querySelector<HTMLInputElement>('[name="nick_name"]');
    if (nick?.value.trim()) payload.nick_name = nick.value.trim();
    setPending(true);
    let response: Response;
    let body: Envelope | null = null;
    try {
      response = await fetch(form.getAttribute('action') ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
        credentials: 'same-origin',
        cache: 'no-store',
      });
      const raw = await response.text();
      try {
        body = JSON.parse(raw) as Envelope;
      } catch {
        body = null;
      }
    } catch {
      setPending(false);
      showError(text('error-network'), null);
      return;
    }
    const ok = response.ok && body && (body.code === 0 || body.code === 200) && body.data;
    if (ok && body?.data) {
      const target = safeTarget(body.data.redirect_to);
      if (target) {
        location.assign(target);
        return;
      }
    }
    setPending(false);
    const error = body?.error;
    showError(
      describeFailure(response.status, ok ? null : body, response.headers.get('retry-after')),
      error === 'INVALID_CREDENTIALS' ? 'password' : error === 'EMAIL_TAKEN' ? 'email' : null,
    );
  });
}

const loginForms = document.querySelectorAll<HTMLFormElement>('form.login-form');
for (const loginForm of Array.from(loginForms)) start(loginForm);
const languagePicker = document.getElementById('login-lang');
if (languagePicker) startLanguagePicker(languagePicker);

// A module (no globals of its own in the type-check); esbuild wraps it in an IIFE.
export {};
