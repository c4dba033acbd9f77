/**
 * Personal access tokens, as `vsce` / `ovsx` use them: a
 * user creates one in the app, gives it to a terminal or CI, and it publishes through the same API
 * as the web form. A token is `pcpat_` + 32 random bytes (base64url); only its SHA-256 is stored
 * (enough for a 256-bit random secret: no slow hash needed), so a database leak reveals no token.
 * Its scope is `publish`: it is accepted by {@link PERSONAL_TOKEN_ROUTES} only.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  ApiErrorCode,
  type CreatedPersonalToken,
  type PersonalToken,
  type Role,
} from '@plugin-center/contract/schemas';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { ApiError } from '../errors';
import { PERSONAL_TOKEN_PREFIX } from '../shared/auth';
import { refuseHidden } from '../shared/textHygiene';
import {
  countTokens,
  deleteToken,
  insertToken,
  type PersonalTokenRow,
  recordTokenUse,
  tokenByHash,
  tokensOf,
} from './data/personalTokens';

/** Tokens one account may have. */
export const PERSONAL_TOKENS_PER_ACCOUNT = 20;

const DAY_MS = 86_400_000;

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toWire(row: PersonalTokenRow): PersonalToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    create_time: Number(row.create_time),
    expire_time: row.expire_time === null ? null : Number(row.expire_time),
    last_used_time: row.last_used_time === null ? null : Number(row.last_used_time),
  };
}

/** Personal access tokens over the identity tables. */
export class PersonalTokens {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The account's tokens, newest first. */
  async list(userId: number): Promise<PersonalToken[]> {
    return (await tokensOf(this.db, userId)).map(toWire);
  }

  /**
   * Creates a token; the answer is the only place the token appears.
   * @throws ApiError 400 INVALID_PARAMETER at {@link PERSONAL_TOKENS_PER_ACCOUNT} tokens, or (field
   *   `name`) for a name with invisible or bidirectional control characters (`shared/textHygiene.ts`;
   *   a NUL in the name is refused at the edge, by `validation.ts`)
   */
  async create(userId: number, name: string, expiresInDays?: number): Promise<CreatedPersonalToken> {
    refuseHidden('name', name.trim());
    if ((await countTokens(this.db, userId)) >= PERSONAL_TOKENS_PER_ACCOUNT)
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        `at most ${PERSONAL_TOKENS_PER_ACCOUNT} tokens per account: revoke one first`,
        400,
      );
    const token = `${PERSONAL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const now = this.clock();
    const row = await insertToken(this.db, {
      user_id: userId,
      name: name.trim() || 'token',
      token_hash: hash(token),
      prefix: token.slice(0, 12),
      create_time: now,
      expire_time: expiresInDays === undefined ? null : now + expiresInDays * DAY_MS,
      last_used_time: null,
    });
    return { ...toWire(row), token };
  }

  /**
   * Revokes one of the account's tokens (deletes it: it stops working at once).
   * @throws ApiError 404 ROUTE_NOT_FOUND when the account has no such token
   */
  async revoke(userId: number, id: number): Promise<{ id: number }> {
    if (!(await deleteToken(this.db, userId, id)))
      throw new ApiError(ApiErrorCode.ROUTE_NOT_FOUND, `no token ${id} of yours`, 404);
    return { id };
  }

  /**
   * The account a token signs in, with its current role, and records its use; or why not.
   * @returns `{ user_id, role, sid }` (`sid` = `pat:<id>`), or a refusal message
   */
  async verify(token: string): Promise<{ user_id: number; role: Role; sid: string } | string> {
    const row = await tokenByHash(this.db, hash(token));
    if (!row) return 'unknown or revoked personal access token';
    const now = this.clock();
    if (row.expire_time !== null && Number(row.expire_time) <= now)
      return 'the personal access token has expired';
    if (row.staff_status !== 1) return 'the account no longer exists or is disabled';
    await recordTokenUse(this.db, row.id, now);
    return { user_id: row.user_id, role: row.role as Role, sid: `pat:${row.id}` };
  }
}
