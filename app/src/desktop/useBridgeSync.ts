import { useSsoClient } from '@plugin-center/react';
import { useEffect } from 'react';
import { isTopicColorKey } from '../topicColors';
import { changeTheme, logOut, setTitle } from './bridge';

/**
 * Keeps the desktop client in step with the app (SPEC §1 bridge actions), while mounted:
 * - **set title**: the window's title follows the page title (SPEC §2): `document.title` (which
 *   `useDocumentTitle` sets on every page) is sent with `setTitle` at mount and whenever it changes (a
 *   `MutationObserver` on `<head>`), once per distinct title the client received;
 * - **log out**: whenever this tab goes from signed in to signed out (the user's sign-out in any
 *   header or the back office, a rejected refresh, another tab's sign-out: the SSO client's
 *   `onSignOut`), the bridge's `logOut()` is called so the client signs out too;
 * - **change theme**: the space's topic colour (`theme.ts` sets it as
 *   `<html data-topic-color="…">`, the default `indigo` without the attribute) is sent with
 *   `changeTheme` at mount and on every change of that attribute (a `MutationObserver`), once per
 *   distinct colour.
 *
 * Outside the desktop client every call is a no-op (see `bridge.ts`).
 */
export function useBridgeSync(root: HTMLElement | undefined = globalThis.document?.documentElement): void {
  const sso = useSsoClient();
  useEffect(() => sso.onSignOut(() => void logOut()), [sso]);

  useEffect(() => {
    const doc = root?.ownerDocument;
    if (!doc) return;
    let sent: string | undefined;
    const send = () => {
      const title = doc.title;
      if (title !== sent && setTitle(title)) sent = title;
    };
    send();
    if (typeof MutationObserver === 'undefined' || !doc.head) return;
    const observer = new MutationObserver(send);
    observer.observe(doc.head, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    if (!root) return;
    let sent: string | undefined;
    const send = () => {
      const key = root.dataset.topicColor;
      const topic = isTopicColorKey(key) ? key : 'indigo';
      if (topic === sent) return;
      sent = topic;
      changeTheme(topic);
    };
    send();
    if (typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(send);
    observer.observe(root, { attributes: true, attributeFilter: ['data-topic-color'] });
    return () => observer.disconnect();
  }, [root]);
}
