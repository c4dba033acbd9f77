/**
 * The unsubscribe links' tokens: a JWS (HS256, jose) naming the account (`sub`), the kind of e-mail
 * and the locale it was written in, valid {@link UNSUBSCRIBE_TOKEN_TTL_S}, for the audience
 * {@link UNSUBSCRIBE_AUDIENCE} only (no other token of the server is one). The key is generated once
 * and shared by every process through `server_secret` (as the view counter's visitor key): it can
 * turn off e-mail and nothing else.
 */
import { randomBytes } from 'node:crypto';
import { LOCALES, type Locale, NOTIFICATION_KINDS, type NotificationKind } from '@plugin-center/contract';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/database';
import { serverSecret } from '../shared/serverSecrets';

/** Name of the tokens' key in `server_secret`. */
export const UNSUBSCRIBE_KEY = 'notification_unsubscribe_key';
/** The tokens' audience. */
export const UNSUBSCRIBE_AUDIENCE = 'plugin-center/notification-unsubscribe';
/** How long an e-mail's unsubscribe link works, seconds (60 days). */
export const UNSUBSCRIBE_TOKEN_TTL_S = 60 * 24 * 3600;

/** What a valid token says. */
export interface UnsubscribeClaims {
  userId: number;
  kind: NotificationKind;
  locale: Locale;
}

/** Signs and reads unsubscribe tokens with the server's key. */
export class UnsubscribeTokens {
  private key: Promise<Uint8Array> | undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: () => number,
  ) {}

  private secret(): Promise<Uint8Array> {
    this.key ??= serverSecret(this.db.kysely, UNSUBSCRIBE_KEY, randomBytes(32).toString('base64url')).then(
      (value) => new Uint8Array(Buffer.from(value, 'base64url')),
    );
    return this.key;
  }

  /** A token for the account's e-mails of `kind`, written in `locale`. */
  async sign(claims: UnsubscribeClaims): Promise<string> {
    const now = Math.floor(this.clock() / 1000);
    return new SignJWT({ kind: claims.kind, lang: claims.locale })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setAudience(UNSUBSCRIBE_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + UNSUBSCRIBE_TOKEN_TTL_S)
      .sign(await this.secret());
  }

  /** The claims of a valid token, or undefined for anything else (malformed, forged, expired, another audience). */
  async verify(token: unknown): Promise<UnsubscribeClaims | undefined> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 2048) return undefined;
    try {
      const { payload } = await jwtVerify(token, await this.secret(), {
        algorithms: ['HS256'],
        audience: UNSUBSCRIBE_AUDIENCE,
        currentDate: new Date(this.clock()),
      });
      const userId = Number(payload.sub);
      const kind = payload.kind as NotificationKind;
      const locale = payload.lang as Locale;
      if (!Number.isSafeInteger(userId) || userId < 1) return undefined;
      if (!NOTIFICATION_KINDS.includes(kind) || !LOCALES.includes(locale)) return undefined;
      return { userId, kind, locale };
    } catch {
      return undefined;
    }
  }
}
