/**
 * The session area of an example's header (product-site and editor-host): while the SSO client
 * starts, "Checking your session…"; signed out, "Sign in" and "Create account" (both go to Plugin
 * Center's login page); signed in, the user's name and "Sign out". Plain DOM, re-rendered from `sso.getSnapshot()` on every change.
 */
import type { SsoClient, SsoState } from '@plugin-center/sso';

/** A `<button type="button">` with `text` that runs `action` when clicked. */
function button(text: string, action: () => void, className = ''): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  if (className) b.className = className;
  b.addEventListener('click', action);
  return b;
}

/** Replaces the content of `root` with the session area for `state`. */
function render(root: HTMLElement, sso: SsoClient, state: SsoState, error: string): void {
  root.dataset.state = state.status;
  const parts: Node[] = [];
  if (state.status === 'initializing') {
    parts.push(document.createTextNode('Checking your session…'));
  } else if (state.user) {
    const name = document.createElement('span');
    name.className = 'session-name';
    name.textContent = state.user.nick_name || state.user.user_name;
    parts.push(
      document.createTextNode('Signed in as '),
      name,
      button('Sign out', () => void sso.signOut().catch(() => {})),
    );
  } else {
    parts.push(
      button('Sign in', () => void sso.signIn(), 'primary'),
      button('Create account', () => void sso.signIn({ page: 'sign_up' })),
    );
  }
  if (error) {
    const p = document.createElement('p');
    p.className = 'session-error';
    p.setAttribute('role', 'alert');
    p.textContent = error;
    parts.push(p);
  }
  root.replaceChildren(...parts);
}

/**
 * Shows the session of `sso` in `root` and keeps it up to date.
 *
 * @returns `fail(message)`, to show an error under the session area (e.g. a failed code exchange).
 */
export function mountSession(root: HTMLElement, sso: SsoClient): { fail(message: string): void } {
  let error = '';
  const update = () => render(root, sso, sso.getSnapshot(), error);
  sso.subscribe(update);
  update();
  return {
    fail(message) {
      error = message;
      update();
    },
  };
}
