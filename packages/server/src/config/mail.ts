/**
 * E-mail of the authors' notifications (group `mail`): the SMTP server to send through, the sender,
 * and the address the links in an e-mail point to. Without `SMTP_URL` nothing is sent and the
 * notifications are only in the app (`notifications/`).
 */
import { Type } from 'typebox';
import { ConfigError, parseOriginList } from './values';
import { about, trim } from './variables';

/** The mail settings of `ServerConfig`, resolved. */
export interface MailConfig {
  /** `SMTP_URL`: nodemailer's connection URL (`smtp://user:pass@host:port`, `smtps://` for TLS). */
  smtpUrl: string;
  /** `MAIL_FROM`: the sender (`Plugin Center <notify@example.com>`). */
  from: string;
  /** `PUBLIC_URL`: the origin people reach this server at, for the e-mails' links. */
  publicUrl: string;
}

/** `MAIL_FROM` when unset. */
export const DEFAULT_MAIL_FROM = 'Plugin Center <no-reply@localhost>';

/** `PUBLIC_URL`: one http(s) origin. @throws ConfigError otherwise */
export function parsePublicUrl(variable: string, text: string): string {
  const origins = parseOriginList(variable, text);
  if (origins.length !== 1) throw new ConfigError(variable, 'expected one http(s) origin');
  return origins[0]!;
}

/** `SMTP_URL`, `MAIL_FROM`, `PUBLIC_URL`. */
export const MAIL_VARIABLES = {
  SMTP_URL: Type.Optional(
    Type.String({
      // smtp:// or smtps://, and no blank or control character.
      pattern: '^[Ss][Mm][Tt][Pp][Ss]?://[^\\s\\x00-\\x1f\\x7f]+$',
      ...about({
        group: 'mail',
        transform: trim,
        errorMessage: 'expected an smtp:// or smtps:// URL (unset it to send no e-mail)',
        defaultText: 'unset (no e-mail: notifications only in the app)',
        summary: 'smtp://user:pass@host:port sends notification e-mail',
        description:
          "`smtp://[user:password@]host:port` (STARTTLS when the server offers it) or `smtps://…` (TLS from the start): the SMTP server the authors' notifications are e-mailed through (nodemailer; query options such as `?pool=true` are nodemailer's). Each e-mail is sent after the change that caused it is saved, outside the request; a failed send is logged and tried again 3 times (after 1 s, 4 s and 16 s), never failing the change",
      }),
    }),
  ),
  MAIL_FROM: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 320,
      ...about({
        group: 'mail',
        transform: trim,
        defaultText: `\`${DEFAULT_MAIL_FROM}\``,
        summary: 'sender of notification e-mail',
        description: 'the `From` of the notification e-mails: an address, or `Name <address>`',
      }),
    }),
  ),
  PUBLIC_URL: Type.Optional(
    Type.String({
      ...about({
        group: 'mail',
        transform: trim,
        parse: parsePublicUrl,
        defaultText: '`http://localhost:<PORT>`',
        summary: 'origin people reach this server at, for e-mail links',
        description:
          "the `http(s)://host[:port]` origin people reach this server at (behind a proxy, the proxy's): the links in the notification e-mails (the notifications page, the unsubscribe link) start with it",
      }),
    }),
  ),
};
