/**
 * Sessions after sign-in (SPEC §4): refresh-token rotation with reuse detection and its leeway
 * (`REFRESH_REUSE_LEEWAY`), the check of a refresh token, sign-out, `reset_token`, and the purge
 * of expired codes and tokens.
 */

import type { LoginResult, Role, TokenPair, UserInfo } from '@plugin-center/contract/schemas';
import { retryOnConflict } from '../db/retry';
import type { AuthUser } from '../shared/auth';
import { accountById, accountRole, setEnterpriseId, toUserInfo } from './data/accounts';
import {
  familyMethod,
  insertRefreshToken,
  lookupRefreshToken,
  markRotated,
  purgeExpired as purgeExpiredRows,
  refreshTokenFamily,
  revokeFamily,
  revokeUserTokens,
} from './data/sessions';
import { purgeExpiredSso } from './data/sso';
import { checkDirectoryAccount } from './directoryAccounts';
import { type IdentityCore, unauthorized } from './identityCore';

/** Message of a refused refresh token. */
export const INVALID_REFRESH_MESSAGE = 'the refresh token is invalid, expired or revoked';

/**
 * `POST user/refresh_token`: rotates the refresh token (the presented one is spent, a new one of
 * the same family returned) and issues a new access token with the account's current role, in one
 * transaction. Presenting a revoked token, or one rotated more than `REFRESH_REUSE_LEEWAY` seconds
 * ago, revokes its whole family (reuse detection, RFC 9700 §4.14.2). A token rotated within the
 * leeway, of a live family, is rotated once more: a new token of the same family and sign-in
 * method, while the token it was first rotated into stays live (the tab that rotated it may hold
 * it) — so a page reloaded while its refresh was in flight, or two concurrent refreshes with one
 * token, all succeed. The presented token keeps its first successor, so the window is counted
 * from its first rotation and never extended.
 * @throws ApiError UNAUTHORIZED (401): unknown or expired token, revoked, rotated outside the
 *   leeway; disabled account.
 */
export async function refresh(identity: IdentityCore, refreshToken: string): Promise<TokenPair> {
  const now = identity.clock();
  const expiresAt = now + identity.settings.refreshTokenTtl * 1000;
  const leewayMs = identity.settings.refreshReuseLeeway * 1000;
  const rotate = () =>
    retryOnConflict(() =>
      identity.db.kysely.transaction().execute(async (trx) => {
        const found = await lookupRefreshToken(trx, identity.db.dialect, refreshToken, now, leewayMs);
        if (found.state !== 'live' && found.state !== 'leeway') return found;
        const user = await accountRole(trx, found.user_id);
        if (!user || user.staff_status === 0) return { state: 'disabled' as const };
        const next = await insertRefreshToken(
          trx,
          found.user_id,
          now,
          expiresAt,
          found.method,
          found.family_id,
        );
        // A token rotated within the leeway keeps its first successor: only a live one is marked.
        if (found.state === 'live' && !(await markRotated(trx, found.id, next.id))) {
          throw new RotationConflict(found.family_id);
        }
        return {
          state: 'rotated' as const,
          user_id: found.user_id,
          role: user.role as Role,
          method: found.method,
          next,
        };
      }),
    );
  // A rotation that lost a race to another one runs again, seeing the token rotated: within the
  // leeway it branches, outside it (leeway 0) the lookup revokes the family.
  const outcome = await rotate()
    .catch((error: unknown) => {
      if (!(error instanceof RotationConflict)) throw error;
      return rotate();
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof RotationConflict)) throw error;
      await retryOnConflict(() => revokeFamily(identity.db.kysely, error.familyId, now));
      return { state: 'reused' as const };
    });
  if (outcome.state === 'reused') identity.forgetSessions();
  if (outcome.state !== 'rotated') throw unauthorized(INVALID_REFRESH_MESSAGE);
  // A directory account the directory no longer knows (or has disabled) loses its sessions here.
  if (!(await checkDirectoryAccount(identity, outcome.user_id))) throw unauthorized(INVALID_REFRESH_MESSAGE);
  const access = await identity.accessTokens.sign(
    { user_id: outcome.user_id, role: outcome.role, sid: outcome.next.familyId },
    outcome.method,
  );
  return {
    access_token: access.token,
    refresh_token: outcome.next.token,
    access_token_expire_time: access.expiresAt,
    refresh_token_expire_time: outcome.next.expiresAt,
  };
}

/**
 * `GET user/valid`: the user of a live refresh token (the token is not rotated), or of one rotated
 * within `REFRESH_REUSE_LEEWAY` seconds whose family is live (a page reloaded while its refresh was
 * in flight checks the token it still holds). A revoked token, or one rotated outside the leeway,
 * revokes its family, as in {@link refresh}.
 * @throws ApiError UNAUTHORIZED (401).
 */
export async function validate(identity: IdentityCore, refreshToken: string): Promise<UserInfo> {
  const now = identity.clock();
  const leewayMs = identity.settings.refreshReuseLeeway * 1000;
  const found = await retryOnConflict(() =>
    identity.db.kysely
      .transaction()
      .execute((trx) => lookupRefreshToken(trx, identity.db.dialect, refreshToken, now, leewayMs)),
  );
  if (found.state === 'reused') identity.forgetSessions();
  if (found.state !== 'live' && found.state !== 'leeway') throw unauthorized(INVALID_REFRESH_MESSAGE);
  const row = await accountById(identity.db.kysely, found.user_id);
  if (!row || row.staff_status === 0) throw unauthorized(INVALID_REFRESH_MESSAGE);
  return toUserInfo(row);
}

/** Message of `POST user/logout` with a token that is none of the server's. */
export const LOGOUT_UNKNOWN_TOKEN_MESSAGE =
  'send a refresh token (or an access token) of this server as Authorization: Bearer <token>';

/**
 * `POST user/logout`: ends the session of the bearer token. A refresh token the server issued
 * revokes its whole family, whatever its state (a token another tab rotated meanwhile still ends
 * the session; ending an ended session answers the same); a valid access token revokes the family
 * of its session (`sid`). The session's access tokens stop working at once in this process and
 * within `SESSION_CHECK_TTL_MS` in the others.
 * @throws ApiError UNAUTHORIZED (401): the token is neither a refresh token the server knows nor an
 *   access token it signed (expired, forged, malformed).
 */
export async function logout(identity: IdentityCore, token: string): Promise<void> {
  const now = identity.clock();
  let familyId = await refreshTokenFamily(identity.db.kysely, token);
  if (familyId === undefined) {
    const user = await identity.accessTokens.verify(token).catch(() => undefined);
    if (!user) throw unauthorized(LOGOUT_UNKNOWN_TOKEN_MESSAGE);
    familyId = user.sid;
  }
  const family = familyId;
  await retryOnConflict(() => revokeFamily(identity.db.kysely, family, now));
  identity.forgetSessions();
}

/**
 * `POST user/reset_token`: sets the caller's enterprise id (e_id), revokes every refresh token of
 * the user and starts a new session, of the sign-in method of the caller's session (`sid`).
 */
export async function resetToken(
  identity: IdentityCore,
  caller: AuthUser,
  eId: string,
): Promise<LoginResult> {
  const userId = caller.user_id;
  const method = await familyMethod(identity.db.kysely, caller.sid);
  await retryOnConflict(() =>
    identity.db.kysely.transaction().execute(async (trx) => {
      await setEnterpriseId(trx, userId, eId);
      await revokeUserTokens(trx, userId, identity.clock());
    }),
  );
  identity.forgetSessions();
  return identity.startSession(userId, method);
}

/** Deletes login codes, refresh tokens and directory sign-in state that expired more than a day ago. */
export async function purgeExpired(identity: IdentityCore): Promise<void> {
  const before = identity.clock() - 24 * 3600 * 1000;
  await purgeExpiredRows(identity.db.kysely, before);
  await purgeExpiredSso(identity.db.kysely, before);
}

/**
 * Thrown inside the rotation transaction to roll it back when another request rotated first; the
 * rotation then runs again and sees the token rotated.
 */
class RotationConflict extends Error {
  constructor(readonly familyId: string) {
    super('the refresh token was rotated concurrently');
  }
}
