/**
 * Data access of sign-in sessions: one-time login codes and refresh-token families (tables of
 * migration 0003). Secrets are stored only as SHA-256 hashes. Times are ms since the epoch and
 * always passed in (the service's clock), never read here.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { hashSecret, newSecret } from './accounts';

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

// Login codes ------------------------------------------------------------------------------------

/**
 * Stores a new one-time login code for `userId` bound to `redirectUri`, remembering the sign-in
 * `method` (null: unknown); answers the code.
 */
export async function insertLoginCode(
  db: Executor,
  userId: number,
  redirectUri: string,
  expiresAt: number,
  method: string | null,
): Promise<string> {
  const code = newSecret();
  await db
    .insertInto('login_code')
    .values({
      code_hash: hashSecret(code),
      user_id: userId,
      redirect_uri: redirectUri,
      expires_at: expiresAt,
      used_at: null,
      method,
    })
    .execute();
  return code;
}

/**
 * Marks a code used — atomically, so of two concurrent exchanges only one gets it — when it is
 * unused and not expired at `now`. Answers the user, the redirect_uri it was issued for and the
 * sign-in method, or null (unknown, used or expired).
 */
export async function consumeLoginCode(
  db: Executor,
  code: string,
  now: number,
): Promise<{ user_id: number; redirect_uri: string; method: string | null } | null> {
  const row = await db
    .updateTable('login_code')
    .set({ used_at: now })
    .where('code_hash', '=', hashSecret(code))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'redirect_uri', 'method'])
    .executeTakeFirst();
  return row ?? null;
}

// Refresh tokens ---------------------------------------------------------------------------------

/** A refresh token as handed out: the opaque value and when it expires (ms). */
export interface IssuedRefreshToken {
  id: number;
  token: string;
  expiresAt: number;
  /** The family (session) the token belongs to: the access tokens' `sid`. */
  familyId: string;
}

/**
 * Stores a new refresh token of `familyId` (a new family when omitted) whose session was signed in
 * with `method` (null: unknown).
 */
export async function insertRefreshToken(
  db: Executor,
  userId: number,
  now: number,
  expiresAt: number,
  method: string | null,
  familyId: string = randomUUID(),
): Promise<IssuedRefreshToken> {
  const token = newSecret();
  const row = await db
    .insertInto('refresh_token')
    .values({
      token_hash: hashSecret(token),
      family_id: familyId,
      user_id: userId,
      expires_at: expiresAt,
      created_at: now,
      revoked_at: null,
      replaced_by: null,
      method,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, expiresAt, familyId };
}

/** The sign-in method of session `familyId` (null: unknown, or no such session). */
export async function familyMethod(db: Executor, familyId: string): Promise<string | null> {
  const row = await db
    .selectFrom('refresh_token')
    .select('method')
    .where('family_id', '=', familyId)
    .limit(1)
    .executeTakeFirst();
  return row?.method ?? null;
}

/** The family of a refresh token, whatever its state; undefined for an unknown token. */
export async function refreshTokenFamily(db: Executor, token: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('refresh_token')
    .select('family_id')
    .where('token_hash', '=', hashSecret(token))
    .executeTakeFirst();
  return row?.family_id;
}

/**
 * Revokes every live token of a family (logout, reuse detection). On PostgreSQL an UPDATE sees the
 * rows committed when it started: a rotation holding one of the family's rows (`FOR UPDATE`) that
 * commits while the UPDATE waits for that row adds a token the UPDATE does not see. So the
 * statement runs again until it revokes nothing, at most 10 times (a new token needs a live row of
 * the family, and every row the last pass saw is revoked); SQLite, with one writer, stops after
 * the second pass.
 */
export async function revokeFamily(db: Executor, familyId: string, now: number): Promise<void> {
  for (let pass = 0; pass < 10; pass++) {
    const result = await db
      .updateTable('refresh_token')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return;
  }
}

/** Revokes every live refresh token of a user (reset token). */
export async function revokeUserTokens(db: Executor, userId: number, now: number): Promise<void> {
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** What a presented refresh token turned out to be. */
export type RefreshLookup =
  | { state: 'unknown' }
  /** Rotated outside the leeway, or revoked: its family has just been revoked (reuse detection). */
  | { state: 'reused' }
  | { state: 'expired' }
  | { state: 'live'; id: number; user_id: number; family_id: string; method: string | null }
  /**
   * Rotated within the leeway, its family live: honoured once more, without revoking anything.
   * `id` is the presented token's row, which keeps its first `replaced_by`.
   */
  | { state: 'leeway'; id: number; user_id: number; family_id: string; method: string | null };

/**
 * Looks a presented refresh token up. A token that was revoked, or rotated (`replaced_by`) more
 * than `leewayMs` before `now`, is a reuse: the whole family is revoked here (RFC 9700 §4.14.2) —
 * run inside the caller's transaction, which must commit for the revocation to stay. A token
 * rotated at most `leewayMs` ago (the rotation time is its successor's `created_at`), unexpired and
 * of a live family (neither it nor its successor revoked: a revocation covers the whole family) is
 * `leeway`: the reuse convention of Auth0's reuse interval and Okta's grace period, for a page that
 * unloaded before storing the rotated-in token. `leewayMs` 0 turns it off. On PostgreSQL the row
 * is locked (`FOR UPDATE`), so a concurrent rotation of the same token waits and then sees it
 * rotated.
 */
export async function lookupRefreshToken(
  db: Executor,
  dialect: Database['dialect'],
  token: string,
  now: number,
  leewayMs: number,
): Promise<RefreshLookup> {
  let query = db
    .selectFrom('refresh_token')
    .select(['id', 'user_id', 'family_id', 'expires_at', 'revoked_at', 'replaced_by', 'method'])
    .where('token_hash', '=', hashSecret(token));
  if (dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return { state: 'unknown' };
  const found = { id: row.id, user_id: row.user_id, family_id: row.family_id, method: row.method };
  if (row.revoked_at === null && row.replaced_by !== null && leewayMs > 0 && row.expires_at > now) {
    const successor = await db
      .selectFrom('refresh_token')
      .select(['created_at', 'revoked_at'])
      .where('id', '=', row.replaced_by)
      .where('family_id', '=', row.family_id)
      .executeTakeFirst();
    if (successor && successor.revoked_at === null && now - successor.created_at <= leewayMs) {
      return { state: 'leeway', ...found };
    }
  }
  if (row.revoked_at !== null || row.replaced_by !== null) {
    await revokeFamily(db, row.family_id, now);
    return { state: 'reused' };
  }
  if (row.expires_at <= now) return { state: 'expired' };
  return { state: 'live', ...found };
}

/**
 * Marks token `id` as rotated into `successorId`; false when another request did it first (the
 * caller then rolls back).
 */
export async function markRotated(db: Executor, id: number, successorId: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_token')
    .set({ replaced_by: successorId })
    .where('id', '=', id)
    .where('replaced_by', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Deletes login codes and refresh tokens that expired before `before` (ms). Rotated tokens of a
 * live family stay until they expire, so their reuse is still detected.
 */
export async function purgeExpired(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('login_code').where('expires_at', '<', before).execute();
  await db.deleteFrom('refresh_token').where('expires_at', '<', before).execute();
}
