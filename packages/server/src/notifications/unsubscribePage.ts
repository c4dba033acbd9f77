/**
 * The small HTML pages of an e-mail's unsubscribe link: the question with one button (GET changes
 * nothing), the confirmation, and the page of a bad or expired link. No script, no style: the login
 * pages' policy (`LOGIN_PAGE_CSP`) applies; the form posts back to the same URL, token included.
 */
import type { Locale, NotificationKind } from '@plugin-center/contract';
import { escapeHtml } from '../shared/html';
import { fillText, NOTIFICATION_MAIL_TEXTS } from './texts';

/** A page to answer: its status and HTML. */
export interface UnsubscribePage {
  status: 200 | 400;
  html: string;
}

/** The page of `state` in `locale`; `kind` names the e-mails (not for `invalid`). */
export function unsubscribePage(
  locale: Locale,
  state: 'confirm' | 'done' | 'invalid',
  kind?: NotificationKind,
): UnsubscribePage {
  const t = NOTIFICATION_MAIL_TEXTS[locale];
  const kindName = kind ? t.kindName[kind] : '';
  let body: string;
  if (state === 'confirm') {
    body = `<p>${escapeHtml(fillText(t.page.confirm, { kind: kindName }))}</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t.page.button)}</button></form>`;
  } else if (state === 'done') {
    body = `<p role="status">${escapeHtml(fillText(t.page.done, { kind: kindName }))}</p>`;
  } else {
    body = `<p role="alert">${escapeHtml(t.page.invalid)}</p>`;
  }
  const html = `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t.page.title)}</title></head>
<body><main><h1>${escapeHtml(t.page.title)}</h1>
${body}
</main></body>
</html>
`;
  return { status: state === 'invalid' ? 400 : 200, html };
}
