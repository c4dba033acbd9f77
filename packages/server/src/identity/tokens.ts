/**
 * Access tokens: compact JWS (RFC 7519) signed with HS256 (RFC 7518 §3.2) via jose. Header: `alg`
 * HS256, `typ` JWT, `kid` the id of the signing key (RFC 7515 §4.1.4). Claims: `sub` (the user_id
 * as a decimal string), `role`, `sid` (the session: the refresh-token family the token was issued
 * with, OpenID Connect's session id claim, so sign-out can end it), `login_method` (how the
 * session was signed in, when known: `LOGIN_METHOD_CLAIM`), `aud` and `iss` 'plugin-center',
 * `iat`, `exp`, `jti`.
 * Verification picks the key by `kid` (a token without `kid`, issued by an earlier version, is
 * checked against the legacy keys only; an unknown `kid` is refused), pins the algorithm to HS256
 * (so `alg: none` and any other algorithm are refused, RFC 8725 §3.1), the audience and the
 * issuer, and checks `exp` against the injected clock.
 *
 * The keys are `JWT_SECRET` (and `JWT_SECRET_PREVIOUS`) when configured, else random keys kept in
 * the database sealed with the secrets key, shared by every process and rotatable
 * (`signingKeys.ts`).
 */
import { randomBytes } from 'node:crypto';
import { LOGIN_METHOD_CLAIM } from '@plugin-center/contract';
import { ApiErrorCode, type Role } from '@plugin-center/contract/schemas';
import { decodeProtectedHeader, type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ApiError } from '../errors';
import type { AuthUser } from '../shared/auth';
import type { SigningKey, SigningKeyRing } from './signingKeys';

/** `aud` and `iss` of every access token. */
export const TOKEN_AUDIENCE = 'plugin-center';
/** See {@link TOKEN_AUDIENCE}. */
export const TOKEN_ISSUER = 'plugin-center';
/** The only accepted signing algorithm. */
export const TOKEN_ALGORITHM = 'HS256';

/** A signed access token and when it expires (ms since the epoch). */
export interface SignedAccessToken {
  token: string;
  expiresAt: number;
}

/** Signs and verifies access tokens with one key ring, lifetime and clock. */
export class AccessTokens {
  constructor(
    private readonly keys: SigningKeyRing,
    /** Lifetime, seconds. */
    private readonly ttl: number,
    /** ms since the epoch. */
    private readonly clock: () => number,
  ) {}

  /**
   * Issues an access token for `user` in session `user.sid`, signed in with `method` (the
   * `login_method` claim; omitted when null or undefined), valid for the configured lifetime,
   * signed with the ring's signing key and naming it in `kid`.
   */
  async sign(user: AuthUser, method?: string | null): Promise<SignedAccessToken> {
    const key = await this.keys.signing();
    const now = Math.floor(this.clock() / 1000);
    const exp = now + this.ttl;
    const claims = { role: user.role, sid: user.sid, ...(method ? { [LOGIN_METHOD_CLAIM]: method } : {}) };
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT', kid: key.kid })
      .setSubject(String(user.user_id))
      .setAudience(TOKEN_AUDIENCE)
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .setJti(randomBytes(12).toString('base64url'))
      .sign(key.key);
    return { token, expiresAt: exp * 1000 };
  }

  /**
   * The user an access token names.
   * @throws ApiError UNAUTHORIZED (401): expired, not yet valid, bad signature, a `kid` naming no
   *   key of the ring, another algorithm (including `none`), another audience or issuer, malformed,
   *   or claims of the wrong shape (including a missing `sid`).
   */
  async verify(token: string): Promise<AuthUser> {
    let payload: JWTPayload;
    try {
      payload = await this.verifySignature(token);
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

  /** The claims of `token` checked with the key its `kid` names (or each legacy key without one). */
  private async verifySignature(token: string): Promise<JWTPayload> {
    let kid: unknown;
    try {
      ({ kid } = decodeProtectedHeader(token));
    } catch {
      throw new joseErrors.JWTInvalid('malformed token');
    }
    let candidates: SigningKey[];
    if (kid === undefined) candidates = this.keys.legacy();
    else {
      const key = typeof kid === 'string' && kid.length <= 64 ? await this.keys.find(kid) : undefined;
      candidates = key ? [key] : [];
    }
    if (candidates.length === 0) throw new joseErrors.JWSSignatureVerificationFailed();
    for (const [i, candidate] of candidates.entries()) {
      try {
        const { payload } = await jwtVerify(token, candidate.key, {
          algorithms: [TOKEN_ALGORITHM],
          audience: TOKEN_AUDIENCE,
          issuer: TOKEN_ISSUER,
          requiredClaims: ['sub', 'exp', 'iat'],
          currentDate: new Date(this.clock()),
        });
        return payload;
      } catch (error) {
        if (!(error instanceof joseErrors.JWSSignatureVerificationFailed) || i === candidates.length - 1) {
          throw error;
        }
      }
    }
    throw new joseErrors.JWSSignatureVerificationFailed();
  }
}
