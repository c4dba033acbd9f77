import type { TokenPair, UserInfo } from '@plugin-center/contract';
import { type JwtPayload, jwtDecode } from 'jwt-decode';
import { SsoError } from './errors';

/**
 * The stored login record (SPEC §3): the tokens with their expiry times (ms since the Unix epoch,
 * server clock) and the user, `null` until known. A `LoginResult` of the user API is one.
 */
export type LoginRecord = TokenPair & { user_info: UserInfo | null };

/** The one fixed name of the login record: its localStorage / sessionStorage key or its cookie name. */
export const LOGIN_RECORD_KEY = 'plugin_center_login';

/**
 * Decodes an access token (a JWT; the signature is the server's business).
 * @returns the payload; `exp` is its expiry in seconds since the Unix epoch (server clock)
 * @throws {@link SsoError} `TOKEN_PARSE` when the token is malformed or has no numeric `exp` (SPEC §5)
 *
 * @example
 * ```ts
 * const { exp } = decodeToken(record.access_token);
 * const expiresAt = exp * 1000; // ms, server clock
 * ```
 */
export function decodeToken(token: string): JwtPayload & { exp: number; [claim: string]: unknown } {
  let payload: JwtPayload | undefined;
  try {
    payload = jwtDecode(token);
  } catch {}
  if (typeof payload?.exp !== 'number') throw new SsoError('TOKEN_PARSE');
  return payload as JwtPayload & { exp: number; [claim: string]: unknown };
}
