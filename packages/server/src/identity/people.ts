/**
 * The people of the back office (SPEC §1 roles, §2 "user info", §3 User): the searchable
 * list of accounts with their role, and role changes — "the super administrator (role 1) makes and
 * unmakes general administrators (role 2); a general administrator cannot change roles". A role
 * change is one transaction with its audit-log entry; it applies to the user's next call, because
 * every authenticated request reads the account's current role with its session check
 * (`auth.ts`, `IdentityService.sessionRole`): at once in this process (its cache is dropped), within
 * `SESSION_CHECK_TTL_MS` in the others.
 *
 * Administrators also disable and enable accounts by hand (`staff_status`, `disabled_by` `'admin'`):
 * disabling ends every session of the person at once, and a directory sign-in never undoes it
 * (`directoryAccounts.ts`).
 */
import {
  type AdminUser,
  ApiErrorCode,
  PAGE_SIZE,
  Role,
  type SetUserRoleBody,
  type SetUserStatusBody,
  type UserListQuery,
  type UserListResult,
} from '@plugin-center/contract/schemas';
import type { Kysely } from 'kysely';
import { markCatalogueChanged } from '../db/changes';
import type { DatabaseSchema, UserAccountRow } from '../db/schema';
import { ApiError } from '../errors';
import { accountName } from '../shared/accounts';
import { appendAuditLog } from '../shared/auditLog';
import { type AuthUser, NO_PERMISSION_MESSAGE } from '../shared/auth';
import { decodeCursor, encodeCursor, queryFingerprint } from '../shared/cursor';
import {
  accountById,
  countAccounts,
  listAccounts,
  type PeopleRow,
  peopleRowById,
  setAccountStatus,
  updateAccountRole,
} from './data/accounts';
import { revokeUserTokens } from './data/sessions';
import type { IdentityService } from './service';

/** The audit-log action of a role change (`AuditLogEntry.action`). */
export const SET_ROLE_ACTION = 'set_role';

/** The audit-log actions of a status change (`AuditLogEntry.action`). */
export const DISABLE_USER_ACTION = 'disable_user';
export const ENABLE_USER_ACTION = 'enable_user';

/** An account as the people page shows it. */
export function toAdminUser(row: PeopleRow): AdminUser {
  return {
    user_id: row.id,
    email: row.email,
    user_name: row.user_name,
    nick_name: row.nick_name,
    avatar_url: row.avatar_url,
    created_at: Number(row.created_at),
    role: row.role as Role,
    staff_status: row.staff_status,
    disabled_by: row.staff_status === 0 ? (row.disabled_by ?? 'admin') : null,
    publisher_handle: row.publisher_handle ?? null,
    publisher_verified: Number(row.publisher_verified ?? 0) === 1,
  };
}

/** INVALID_PARAMETER (400, field `user_id`): `body.user_id: <reason>`. */
function userIdError(reason: string): ApiError {
  return new ApiError(ApiErrorCode.INVALID_PARAMETER, `body.user_id: ${reason}`, undefined, 'user_id');
}

/**
 * The account a people change is about.
 * @throws ApiError INVALID_PARAMETER (400, field `user_id`) for an unknown user
 */
async function targetAccount(db: Kysely<DatabaseSchema>, id: number): Promise<UserAccountRow> {
  const target = await accountById(db, id);
  if (!target) throw userIdError(`no user with id ${id}`);
  return target;
}

/** The people service of one identity service (its database, clock and session cache). */
export class PeopleService {
  constructor(private readonly identity: IdentityService) {}

  /**
   * `GET /api/cmt/manager/users` (admin): accounts newest first, `keyword` matching part of the
   * email, nick name or user name, `role` one role; keyset pages of `page_size` (default 20, ≤ 100).
   * @throws ApiError INVALID_CURSOR (400) for a cursor of another query.
   */
  async list(query: UserListQuery): Promise<UserListResult> {
    const db = this.identity.db.kysely;
    const filter = { keyword: query.keyword?.trim() || undefined, role: query.role };
    const pageSize = query.page_size ?? PAGE_SIZE.DEFAULT;
    const fingerprint = queryFingerprint(['people', filter.keyword ?? '', filter.role ?? '']);
    const beforeId = query.cursor ? decodeCursor(query.cursor, fingerprint, 1)[0] : undefined;
    const [rows, total] = await Promise.all([
      listAccounts(db, filter, beforeId, pageSize),
      countAccounts(db, filter),
    ]);
    const last = rows.at(-1);
    return {
      user_list: rows.map(toAdminUser),
      total,
      next_cursor: rows.length === pageSize && last ? encodeCursor(fingerprint, [last.id]) : null,
    };
  }

  /**
   * `PUT /api/cmt/manager/users/role`: gives user `user_id` role 2 (general admin) or 0 (general
   * user). Audit-logged (`set_role`, "user <id> <email>: role <old> → <new>"); a change to the same
   * role writes nothing.
   * @throws ApiError FORBIDDEN (403, 'Current account has no permission') unless the caller is a
   *   super admin now, or when the target is a super admin; INVALID_PARAMETER (400, field
   *   `user_id`) for the caller's own account or an unknown user.
   */
  async setRole(caller: AuthUser, body: SetUserRoleBody): Promise<AdminUser> {
    const db = this.identity.db.kysely;
    // The caller's role as of now, not as of the cached session check.
    if ((await this.identity.currentRole(caller.user_id)) !== Role.SUPER_ADMIN) {
      throw new ApiError(ApiErrorCode.FORBIDDEN, NO_PERMISSION_MESSAGE);
    }
    if (body.user_id === caller.user_id) {
      throw userIdError('nobody can change their own role');
    }
    const actorName = await accountName(db, caller.user_id);
    const changed = await db.transaction().execute(async (trx) => {
      const target = await targetAccount(trx, body.user_id);
      if (target.role === Role.SUPER_ADMIN) throw new ApiError(ApiErrorCode.FORBIDDEN, NO_PERMISSION_MESSAGE);
      if (target.role === body.role) return false;
      await updateAccountRole(trx, target.id, { role: body.role });
      await appendAuditLog(trx, {
        time: this.identity.clock(),
        actor_id: caller.user_id,
        actor_name: actorName,
        action: SET_ROLE_ACTION,
        plugin_key: '',
        version: null,
        reason: `user ${target.id} ${target.email ?? target.user_name}: role ${target.role} → ${body.role}`,
      });
      return true;
    });
    if (changed) this.identity.forgetSessions();
    const row = await peopleRowById(db, body.user_id);
    return toAdminUser(row!);
  }

  /**
   * `PUT /api/cmt/manager/users/status`: disables user `user_id` (`staff_status` 0, `disabled_by`
   * `'admin'`, every refresh token revoked, the session checks dropped so their access tokens stop
   * on the next call; personal tokens and every sign-in refuse a disabled account) or enables them
   * again (`staff_status` 1, `disabled_by` null). Audit-logged in the same transaction
   * (`disable_user` / `enable_user`, "user <id> <email>"); the status the user already has writes
   * nothing — except that disabling an account its directory disabled records the administrator's
   * decision (`disabled_by` `'admin'`), which a directory sign-in never undoes.
   * @throws ApiError FORBIDDEN (403, 'Current account has no permission') unless the caller is an
   *   administrator now; when the target is a super admin; when the target is a general admin and the
   *   caller is not a super admin. INVALID_PARAMETER (400, field `user_id`) for the caller's own
   *   account or an unknown user.
   */
  async setStatus(caller: AuthUser, body: SetUserStatusBody): Promise<AdminUser> {
    const db = this.identity.db.kysely;
    const callerRole = await this.identity.currentRole(caller.user_id);
    if (callerRole !== Role.SUPER_ADMIN && callerRole !== Role.GENERAL_ADMIN) {
      throw new ApiError(ApiErrorCode.FORBIDDEN, NO_PERMISSION_MESSAGE);
    }
    if (body.user_id === caller.user_id) {
      throw userIdError('nobody can disable or enable their own account');
    }
    const actorName = await accountName(db, caller.user_id);
    const disable = body.staff_status === 0;
    const changed = await db.transaction().execute(async (trx) => {
      const target = await targetAccount(trx, body.user_id);
      if (
        target.role === Role.SUPER_ADMIN ||
        (target.role === Role.GENERAL_ADMIN && callerRole !== Role.SUPER_ADMIN)
      ) {
        throw new ApiError(ApiErrorCode.FORBIDDEN, NO_PERMISSION_MESSAGE);
      }
      const already = disable
        ? target.staff_status === 0 && target.disabled_by === 'admin'
        : target.staff_status !== 0;
      if (already) return false;
      await setAccountStatus(trx, target.id, disable ? 'admin' : null);
      const now = this.identity.clock();
      if (disable) await revokeUserTokens(trx, target.id, now);
      await appendAuditLog(trx, {
        time: now,
        actor_id: caller.user_id,
        actor_name: actorName,
        action: disable ? DISABLE_USER_ACTION : ENABLE_USER_ACTION,
        plugin_key: '',
        version: null,
        reason: `user ${target.id} ${target.email ?? target.user_name}`,
      });
      return true;
    });
    if (changed) {
      this.identity.forgetSessions();
      // The account's plugins show its publisher handle and mark only while it is active.
      markCatalogueChanged(this.identity.db);
    }
    const row = await peopleRowById(db, body.user_id);
    return toAdminUser(row!);
  }
}
