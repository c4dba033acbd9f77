/**
 * The notification e-mails in the six interface locales (SPEC §1): the texts of each
 * (`textsByLocale/`) and the e-mail of one notification in one of them ({@link composeMail}).
 */
import type { Locale, NotificationKind } from '@plugin-center/contract';
import type { NotificationPayload } from '@plugin-center/contract/schemas';
import type { NotificationMailTexts } from './mailTexts';
import { enUS } from './textsByLocale/en-US';
import { esES } from './textsByLocale/es-ES';
import { jaJP } from './textsByLocale/ja-JP';
import { koKR } from './textsByLocale/ko-KR';
import { ruRU } from './textsByLocale/ru-RU';
import { zhCN } from './textsByLocale/zh-CN';

export type { NotificationMailTexts } from './mailTexts';

/** The texts of every interface locale: all six complete, none falls back to another. */
export const NOTIFICATION_MAIL_TEXTS: Readonly<Record<Locale, NotificationMailTexts>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'ja-JP': jaJP,
  'ko-KR': koKR,
  'ru-RU': ruRU,
  'es-ES': esES,
};

/** `text` with each `{name}` replaced by `values[name]` (unknown names left as they are). */
export function fillText(
  text: string,
  values: Readonly<Record<string, string | number | undefined>>,
): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** The subject and plain-text body of one notification's e-mail. */
export interface ComposedMail {
  subject: string;
  text: string;
}

/**
 * The e-mail telling of a notification of `kind` in `locale`: the subject, then the lead, the
 * reason (a rejection) or the stars and title (a review), the notifications page's link, why the
 * e-mail came and the kind's unsubscribe link. Plain text (no HTML: nothing of the payload is
 * markup). Line breaks in the payload's texts are kept; nothing else is added to them.
 */
export function composeMail(
  locale: Locale,
  kind: NotificationKind,
  payload: NotificationPayload,
  links: { notifications: string; unsubscribe: string },
): ComposedMail {
  const t = NOTIFICATION_MAIL_TEXTS[locale];
  const values = {
    plugin: payload.plugin_name,
    version: payload.version ?? '',
    reason: payload.reason ?? '',
    rating: payload.rating,
    title: payload.title ?? '',
  };
  // A subject is one line: no line break of a plugin name reaches the header.
  const subject = fillText(t.subject[kind], values).replace(/[\r\n]+/g, ' ');
  const lines = [fillText(t.lead[kind], values)];
  if (kind === 'submission_rejected' && payload.reason) lines.push('', fillText(t.reason, values));
  if (kind === 'review_posted') {
    lines.push('');
    if (payload.rating !== undefined) lines.push(fillText(t.rating, values));
    if (payload.title) lines.push(fillText(t.reviewTitle, values));
  }
  lines.push('', fillText(t.open, { url: links.notifications }), '', '--', t.footer);
  lines.push(fillText(t.unsubscribe, { url: links.unsubscribe }));
  return { subject, text: `${lines.join('\n')}\n` };
}
