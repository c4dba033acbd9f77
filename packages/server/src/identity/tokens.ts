/**
 * Access tokens: compact JWS (RFC 7519) signed with HS256 (RFC 7518 §3.2) via jose. Claims: `sub`
 * (the user_id as a decimal string), `role`, `sid` (the session: the refresh-token family the token
 * was issued with, OpenID Connect's session id claim, so sign-out can end it), `aud` and
 * `iss` 'plugin-center', `iat`, `exp`, `jti`.
 * Verification pins the algorithm to HS256 (so `alg: none` and any other algorithm are refused, RFC
 * 8725 §3.1), the audience and the issuer, and checks `exp` against the injected clock.
 *
 * The signing key is `JWT_SECRET` when configured, else a random 32-byte key created once and
 * stored in `server_secret` (`jwt_signing_key`) so every process on the database signs and verifies
 * with the same key.
 */
import { randomBytes } from 'node:crypto';
import { ApiErrorCode, type Role } from '@plugin-center/contract/schemas';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import type { AuthUser } from '../shared/auth';
import { serverSecret } from '../shared/serverSecrets';

/** `aud` and `iss` of every access token. */
export const TOKEN_AUDIENCE = 'plugin-center';
/** See {@link TOKEN_AUDIENCE}. */
export const TOKEN_ISSUER = 'plugin-center';
/** The only accepted signing algorithm. */
export const TOKEN_ALGORITHM = 'HS256';
/** Name of the generated key in `server_secret`. */
export const SIGNING_KEY_NAME = 'jwt_signing_key';

/**
 * The HS256 key: the configured secret's UTF-8 bytes, or the key stored in `server_secret`
 * (created by the first process that needs it; concurrent first starts agree on one row).
 */
export async function loadSigningKey(db: Database, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const value = await serverSecret(db.kysely, SIGNING_KEY_NAME, randomBytes(32).toString('base64url'));
  return new Uint8Array(Buffer.from(value, 'base64url'));
}

/** A signed access token and when it expires (ms since the epoch). */
export interface SignedAccessToken {
  token: string;
  expiresAt: number;
}

/** Signs and verifies access tokens with one key, lifetime and clock. */
export class AccessTokens {
  constructor(
    private readonly key: Uint8Array,
    /** Lifetime, seconds. */
    private readonly ttl: number,
    /** ms since the epoch. */
    private readonly clock: () => number,
  ) {}

  /** Issues an access token for `user` in session `user.sid`, valid for the configured lifetime. */
  async sign(user: AuthUser): Promise<SignedAccessToken> {
    const now = Math.floor(this.clock() / 1000);
    const exp = now + this.ttl;
    const token = await new SignJWT({ role: user.role, sid: user.sid })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(String(user.user_id))
      .setAudience(TOKEN_AUDIENCE)
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .setJti(randomBytes(12).toString('base64url'))
      .sign(this.key);
    return { token, expiresAt: exp * 1000 };
  }

  /**
   * The user an access token names.
   * @throws ApiError UNAUTHORIZED (401): expired, not yet valid, bad signature, another algorithm
   *   (including `none`), another audience or issuer, malformed, or claims of the wrong shape
   *   (including a missing `sid`).
   */
  async verify(token: string): Promise<AuthUser> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: [TOKEN_ALGORITHM],
        audience: TOKEN_AUDIENCE,
        issuer: TOKEN_ISSUER,
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: new Date(this.clock()),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new ApiError(ApiErrorCode.UNAUTHORIZED, 'the access token has expired');
      }
      if (error instanceof joseErrors.JOSEError) {
        throw new ApiError(ApiErrorCode.UNAUTHORIZED, 'the access token is invalid');
      }
      throw error;
    }
    const sub = payload.sub;
    const role = payload.role;
    const sid = payload.sid;
    if (
      typeof sub !== 'string' ||
      !/^[1-9]\d{0,15}$/.test(sub) ||
      (role !== 0 && role !== 1 && role !== 2) ||
      typeof sid !== 'string' ||
      !/^[A-Za-z0-9-]{1,64}$/.test(sid)
    ) {
      throw new ApiError(ApiErrorCode.UNAUTHORIZED, 'the access token is invalid');
    }
    return { user_id: Number(sub), role: role as Role, sid };
  }
}
