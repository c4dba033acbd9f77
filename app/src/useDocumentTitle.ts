import { useEffect } from 'react';
import { useTranslation } from './i18n/i18n';

/** The titles of the mounted components that set one, in mount order; the last one shows. */
const titles: { text: string }[] = [];
let scheduled = false;

/** Shows the newest mounted title (after the current commit, so an unmount and a mount make one change). */
function show(fallback: string): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    const text = titles.at(-1)?.text ?? fallback;
    if (document.title !== text) document.title = text;
  });
}

/**
 * Sets `document.title` to `<title> · <product name>` (just the product name without a title) while
 * the calling component is mounted; when it unmounts (a dialog closes, the route changes) the title of
 * the component mounted before it shows again, so the title always names the page on screen. The title
 * is applied in a microtask after the commit, once per change. In the desktop client the window's
 * title follows `document.title` (SPEC §2 "window title set to the page title": the desktop header's
 * `useBridgeSync` sends each change through the bridge's `setTitle`).
 */
export function useDocumentTitle(title?: string): void {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    const entry = { text: title ? `${title} · ${app}` : app };
    titles.push(entry);
    show(app);
    return () => {
      titles.splice(titles.indexOf(entry), 1);
      show(app);
    };
  }, [title, app]);
}
