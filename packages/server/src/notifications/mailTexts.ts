/**
 * The shape of the notification e-mails' texts and of the unsubscribe pages' texts, one object per
 * interface locale (`textsByLocale/`). Placeholders in braces: `{plugin}` the plugin's name,
 * `{version}`, `{reason}`, `{rating}` (1–5), `{title}`, `{url}`, `{kind}` (a {@link kindName}).
 */
import type { NotificationKind } from '@plugin-center/contract';

/** The texts of one locale. */
export interface NotificationMailTexts {
  /** The e-mail's subject per kind. */
  subject: Readonly<Record<NotificationKind, string>>;
  /** The first line of the e-mail per kind. */
  lead: Readonly<Record<NotificationKind, string>>;
  /** The rejection's reason line. */
  reason: string;
  /** The review's stars line. */
  rating: string;
  /** The review's title line (left out without a title). */
  reviewTitle: string;
  /** The link to the notifications page. */
  open: string;
  /** Why the e-mail came. */
  footer: string;
  /** The unsubscribe link of the kind. */
  unsubscribe: string;
  /** The kind's e-mails named for the unsubscribe page ("e-mails about …"). */
  kindName: Readonly<Record<NotificationKind, string>>;
  /** The unsubscribe page. */
  page: {
    /** The page's title. */
    title: string;
    /** The question above the button. */
    confirm: string;
    /** The button. */
    button: string;
    /** After turning it off. */
    done: string;
    /** A bad or expired link. */
    invalid: string;
  };
}
