/**
 * What every identity flow works with: the database, the settings, the clock, the access-token
 * signer, the session checks of the auth seam (`shared/auth.ts`), account creation (with the
 * {@link AccountCreatedHook}), the user and admin info, and the start of a session. The flows
 * themselves are `passwordLogin.ts`, `refreshTokens.ts`, `administrators.ts` and
 * `thirdPartyAccounts.ts`; `service.ts` puts them together as the identity service.
 */
import {
  type AdminInfo,
  ApiErrorCode,
  isAdminRole,
  type LoginResult,
  Role,
  type UserInfo,
} from '@plugin-center/contract/schemas';
import type { Kysely, Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { IdentityConfig } from '../config/identity';
import { METHOD_FIELD } from '../config/loginMethods';
import { markSessionsChanged, sessionsGeneration } from '../db/changes';
import type { Database } from '../db/database';
import type { DatabaseSchema, UserAccountRow } from '../db/schema';
import { ApiError } from '../errors';
import type { AuthUser, AuthVerifier, SessionEnd } from '../shared/auth';
import {
  accountById,
  accountRole,
  insertAccount,
  type NewAccount,
  normalizeEmail,
  sessionState,
  toUserInfo,
} from './data/accounts';
import { insertRefreshToken } from './data/sessions';
import { hashPassword } from './passwords';
import { PersonalTokens } from './personalTokens';
import type { AccessTokens } from './tokens';

/**
 * Called inside the transaction that creates an account (sign-up, admin-created, the first
 * administrator, a third-party first sign-in), with the new account's id and the creation time
 * (ms): what must exist together with the account (its default plugins). May answer a
 * function run once the transaction committed.
 */
export type AccountCreatedHook = (
  trx: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
  userId: number,
  now: number,
) => Promise<(() => void) | undefined>;

/** Options of {@link IdentityService.create}. */
export interface IdentityServiceOptions {
  /** Current time, ms since the epoch (default `Date.now`); tests move it to expire codes and tokens. */
  clock?: () => number;
  /** See {@link AccountCreatedHook} (curation: the silent install of new accounts). */
  onAccountCreated?: AccountCreatedHook;
  /**
   * Replace stored signing keys that `secrets` cannot open with a new key (the server's start);
   * otherwise that fails (commands run with another secrets key leave the server's keys alone).
   */
  replaceUnreadableSigningKeys?: boolean;
  /** Where start-up notes about the signing keys go (default: nowhere). */
  log?: {
    info?: (message: string) => void;
    warn?: (message: string) => void;
    error?: (message: string) => void;
  };
}

/** A 401 UNAUTHORIZED with `message`. */
export function unauthorized(message: string): ApiError {
  return new ApiError(ApiErrorCode.UNAUTHORIZED, message);
}

/**
 * How long one process trusts a session check, ms (a signed-out session must end everywhere within
 * seconds). The database is the source of truth shared by every server process,
 * so a logout, reset_token, account deletion, disabling or role change made by one process is seen
 * by the others within this time, and by the process that made it at once (it drops its cache);
 * with Redis (`REDIS_URL`) the others drop theirs when the invalidation reaches them
 * (`db/changes.ts` markSessionsChanged), in milliseconds.
 */
export const SESSION_CHECK_TTL_MS = 2000;

/**
 * Asks whether a directory person is still there and active: `'active'`, `'gone'` (removed or
 * disabled), or `'unknown'` (the directory could not be asked; the session goes on). See
 * `directoryAccounts.ts` checkDirectoryAccount.
 */
export type DirectoryCheck = (subject: string) => Promise<'active' | 'gone' | 'unknown'>;

/** How long one process trusts its copy of the back office's directory methods, ms. */
export const DIRECTORY_SETTINGS_TTL_MS = 2000;

/** A directory method saved in the back office (see `settings/loginMethods.ts`). */
export interface SavedDirectoryMethod {
  /** The settings its values make; undefined: they make no working method. */
  config: unknown;
  enable: boolean;
  logout_mode: 'default' | 'redirect';
  logout_url: string | null;
}

/** Most sessions whose check one process keeps (least recently used dropped first). */
export const SESSION_CHECK_MAX = 10_000;

/** The identity service's state and the operations every flow shares. */
export class IdentityCore implements AuthVerifier {
  readonly clock: () => number;
  /** Session checks by `userId:sid` (see {@link SESSION_CHECK_TTL_MS}). */
  private readonly sessions: LRUCache<string, { answer: Role | SessionEnd; generation: number }>;
  /** Session checks answered from the cache and from the database (for the figures of `pnpm bench`). */
  readonly sessionChecks = { hits: 0, misses: 0 };
  /** Personal access tokens for publishing from a terminal. */
  readonly personalTokens: PersonalTokens;
  /** See {@link AccountCreatedHook}. */
  onAccountCreated: AccountCreatedHook | undefined;
  /**
   * The directory checks refresh asks, by link source (`dir:ldap`): each directory method that can
   * look a person up registers a function answering its check while the method is configured, and
   * undefined otherwise (see `directoryAccounts.ts` checkDirectoryAccount).
   */
  readonly directoryChecks = new Map<string, () => DirectoryCheck | undefined>();
  /**
   * Reads the directory methods saved in the back office (set by the composition, `app.ts`): by
   * method, the settings their values make (undefined: none) and how the method is offered.
   */
  directorySettingsLoader: (() => Promise<ReadonlyMap<string, SavedDirectoryMethod>>) | undefined;
  /** The environment's directory settings, restored when the back office's are deleted. */
  private readonly environmentDirectory: {
    fields: Record<string, unknown>;
    access: IdentityConfig['privateLoginConfig'];
  };
  /** The methods whose settings in force are the back office's (see {@link applyDirectorySettings}). */
  private readonly savedDirectoryMethods = new Set<string>();
  /** When {@link refreshDirectorySettings} last read the saved methods (ms); pending read. */
  private directoryRead: { at: number; pending: Promise<void> | undefined } = {
    at: -Infinity,
    pending: undefined,
  };

  protected constructor(
    readonly db: Database,
    readonly settings: IdentityConfig,
    readonly accessTokens: AccessTokens,
    clock: () => number,
  ) {
    this.clock = clock;
    this.personalTokens = new PersonalTokens(db.kysely, clock);
    const fields: Record<string, unknown> = {};
    for (const field of Object.values(METHOD_FIELD))
      fields[field] = (settings as unknown as Record<string, unknown>)[field];
    this.environmentDirectory = { fields, access: structuredClone(settings.privateLoginConfig) };
    this.sessions = new LRUCache({
      max: SESSION_CHECK_MAX,
      ttl: SESSION_CHECK_TTL_MS,
      ttlAutopurge: false,
      perf: { now: () => this.clock() },
    });
  }

  /**
   * Inserts an account inside `trx` and runs the {@link AccountCreatedHook} in the same
   * transaction; the hook's after-commit function is pushed to `afterCommit`. Null when the email
   * is taken.
   */
  async insertNewAccount(
    trx: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
    account: NewAccount,
    now: number,
    afterCommit: (() => void)[],
  ): Promise<UserAccountRow | null> {
    const row = await insertAccount(trx, account, now);
    if (row && this.onAccountCreated) {
      const after = await this.onAccountCreated(trx, row.id, now);
      if (after) afterCommit.push(after);
    }
    return row;
  }

  /** {@link insertNewAccount} in a transaction of its own; the after-commit work runs once it committed. */
  async createAccountRow(account: NewAccount, now: number): Promise<UserAccountRow | null> {
    const afterCommit: (() => void)[] = [];
    const row = await this.db.kysely
      .transaction()
      .execute((trx) => this.insertNewAccount(trx, account, now, afterCommit));
    for (const after of afterCommit) after();
    return row;
  }

  /**
   * Puts the back office's directory methods in force: a saved method's settings replace the
   * environment's (`settings.ldap`, `settings.oidc`, `settings.saml`, `settings.customSso`, and its
   * entry of `settings.privateLoginConfig`); a method saved before and no longer gets the
   * environment's back; the others are left as they are.
   */
  applyDirectorySettings(saved: ReadonlyMap<string, SavedDirectoryMethod>): void {
    const settings = this.settings as unknown as Record<string, unknown>;
    const access = { ...this.settings.privateLoginConfig };
    for (const [method, field] of Object.entries(METHOD_FIELD)) {
      const entry = saved.get(method);
      if (entry) {
        settings[field] = entry.config;
        access[method] = {
          enable: entry.enable,
          logout_mode: entry.logout_mode,
          logout_url: entry.logout_url,
        };
        this.savedDirectoryMethods.add(method);
      } else if (this.savedDirectoryMethods.delete(method)) {
        // Saved before, deleted since: the environment's settings again.
        settings[field] = this.environmentDirectory.fields[field];
        const environment = this.environmentDirectory.access[method];
        if (environment) access[method] = environment;
        else delete access[method];
      }
    }
    this.settings.privateLoginConfig = access;
  }

  /**
   * Reads the back office's directory methods again when the last read is older than
   * {@link DIRECTORY_SETTINGS_TTL_MS} (or `force`), and applies them ({@link applyDirectorySettings}):
   * a save made by another process takes effect here within that time. One read at a time; a forced
   * one (after a save here) waits for a read under way and then reads again.
   */
  async refreshDirectorySettings(force = false): Promise<void> {
    const loader = this.directorySettingsLoader;
    if (!loader) return;
    const read = this.directoryRead;
    if (read.pending) {
      // A read under way may have started before the change a forced refresh is for: read again.
      await read.pending.catch(() => {});
      if (!force) return;
      if (read.pending) return read.pending;
    }
    if (!force && this.clock() - read.at < DIRECTORY_SETTINGS_TTL_MS) return;
    read.pending = loader()
      .then((saved) => {
        this.applyDirectorySettings(saved);
        read.at = this.clock();
      })
      .finally(() => {
        read.pending = undefined;
      });
    return read.pending;
  }

  /** @throws ApiError UNAUTHORIZED (401) for any token that is not a valid, unexpired access token. */
  verifyAccessToken(token: string): Promise<AuthUser> {
    return this.accessTokens.verify(token);
  }

  /** The account a personal access token signs in, or why not (see `PersonalTokens.verify`). */
  verifyPersonalToken(token: string): Promise<AuthUser | string> {
    return this.personalTokens.verify(token);
  }

  /**
   * The session check of every authenticated request: the account's current
   * role while session `sid` (a refresh-token family) of account `userId` is live, else
   * `'signed-out'` (the family was revoked) or `'no-account'` (deleted, or `staff_status` 0). One
   * query ({@link sessionState}), cached {@link SESSION_CHECK_TTL_MS} per session in this process.
   */
  async sessionRole(userId: number, sid: string): Promise<Role | SessionEnd> {
    const key = `${userId}:${sid}`;
    const generation = sessionsGeneration(this.db);
    const cached = this.sessions.get(key);
    if (cached && cached.generation === generation) {
      this.sessionChecks.hits += 1;
      return cached.answer;
    }
    this.sessionChecks.misses += 1;
    const row = await sessionState(this.db.kysely, userId, sid);
    const answer: Role | SessionEnd =
      !row || row.staff_status === 0
        ? 'no-account'
        : Number(row.live) !== 1
          ? 'signed-out'
          : (row.role as Role);
    this.sessions.set(key, { answer, generation });
    return answer;
  }

  /**
   * Drops the session checks, so a change just committed applies to the next request: at once in
   * this process, and in the others as soon as they hear of it (`db/changes.ts`
   * markSessionsChanged: with Redis, milliseconds; without, {@link SESSION_CHECK_TTL_MS}).
   */
  forgetSessions(): void {
    this.sessions.clear();
    markSessionsChanged(this.db);
  }

  /** The account's current role; null when it does not exist or is disabled (staff_status 0). */
  async currentRole(userId: number): Promise<Role | null> {
    const row = await accountRole(this.db.kysely, userId);
    return row && row.staff_status !== 0 ? (row.role as Role) : null;
  }

  /**
   * Creates an account with a password.
   * @throws ApiError INVALID_PARAMETER (400) for an email not shaped like `local@domain`;
   *   EMAIL_TAKEN (409) when the email has an account.
   */
  async createAccount(input: {
    email: string;
    password: string;
    role?: Role;
    nick_name?: string | undefined;
  }): Promise<UserAccountRow> {
    const email = normalizeEmail(input.email);
    if (!email) throw new ApiError(ApiErrorCode.INVALID_PARAMETER, 'body.email: is not an email address');
    const row = await this.createAccountRow(
      {
        email,
        password_hash: await hashPassword(input.password),
        role: input.role ?? Role.GENERAL_USER,
        ...(input.nick_name?.trim() ? { nick_name: input.nick_name.trim() } : {}),
      },
      this.clock(),
    );
    if (!row) throw new ApiError(ApiErrorCode.EMAIL_TAKEN, 'an account with this email already exists');
    return row;
  }

  /** The user (SPEC §3). @throws ApiError UNAUTHORIZED (401) when the account no longer exists. */
  async userInfo(userId: number): Promise<UserInfo> {
    const row = await accountById(this.db.kysely, userId);
    if (!row) throw unauthorized('the account no longer exists');
    return toUserInfo(row);
  }

  /** `GET /api/cmt/manager/verify`: the caller's current role. */
  async adminInfo(userId: number): Promise<AdminInfo> {
    const role = await this.currentRole(userId);
    if (role === null) throw unauthorized('the account no longer exists');
    return { role, user_id: userId, is_administrator: isAdminRole(role) };
  }

  /**
   * A new session for the user, signed in with `method` (null: unknown; named in the access
   * tokens' `login_method` claim): an access token and the first refresh token of a new family.
   * @throws ApiError UNAUTHORIZED (401) when the account does not exist or is disabled.
   */
  async startSession(userId: number, method: string | null = null): Promise<LoginResult> {
    const row = await accountById(this.db.kysely, userId);
    if (!row || row.staff_status === 0) throw unauthorized('the account does not exist or is disabled');
    const now = this.clock();
    const refresh = await insertRefreshToken(
      this.db.kysely,
      row.id,
      now,
      now + this.settings.refreshTokenTtl * 1000,
      method,
    );
    const access = await this.accessTokens.sign(
      { user_id: row.id, role: row.role as Role, sid: refresh.familyId },
      method,
    );
    return {
      access_token: access.token,
      refresh_token: refresh.token,
      access_token_expire_time: access.expiresAt,
      refresh_token_expire_time: refresh.expiresAt,
      user_info: toUserInfo(row),
    };
  }

  /** When a login code issued now expires, ms. */
  codeExpiry(): number {
    return this.clock() + this.settings.loginCodeTtl * 1000;
  }
}
