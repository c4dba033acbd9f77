/**
 * The identity service (issue 3; SPEC §1 roles and login methods, §3 User, §4 sign-in, token
 * refresh and sign-out, §7 User API): accounts with scrypt passwords, the login redirect with
 * one-time codes, access tokens (HS256 JWT) and rotating refresh tokens with reuse detection, the
 * first administrator, and the account side of third-party sign-in.
 *
 * Every method answers in wire shapes (`@plugin-center/contract/schemas`) and fails with `ApiError`s of
 * stable codes (INVALID_CREDENTIALS, INVALID_CODE, REDIRECT_NOT_ALLOWED, EMAIL_TAKEN, UNAUTHORIZED).
 */
import {
  type AdminInfo,
  ApiErrorCode,
  isAdminRole,
  type LoginCodeResult,
  type LoginResult,
  Role,
  type SignInBody,
  type SignInResult,
  type SignUpBody,
  type TokenPair,
  type UserInfo,
} from '@plugin-center/contract/schemas';
import type { Kysely, Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { IdentityConfig } from '../config';
import type { Database } from '../db/database';
import type { DatabaseSchema, UserAccountRow } from '../db/schema';
import { ApiError } from '../errors';
import type { AuthUser, AuthVerifier, SessionEnd } from '../shared/auth';
import {
  accountByEmail,
  accountById,
  accountRole,
  bindSubject,
  boundUserId,
  hasAdministrator,
  insertAccount,
  type NewAccount,
  normalizeEmail,
  sessionState,
  setEnterpriseId,
  toUserInfo,
  updateAccountRole,
} from './data/accounts';
import {
  consumeLoginCode,
  insertLoginCode,
  insertRefreshToken,
  lookupRefreshToken,
  markRotated,
  purgeExpired,
  refreshTokenFamily,
  revokeFamily,
  revokeUserTokens,
} from './data/sessions';
import { generatePassword, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { PersonalTokens } from './personalTokens';
import { appendCode, checkRedirectUri } from './redirect';
import { AccessTokens, loadSigningKey } from './tokens';

/** Message of every failed password sign-in: the same whether or not the email has an account. */
export const INVALID_CREDENTIALS_MESSAGE = 'wrong email or password';
/** Message of every refused login code. */
export const INVALID_CODE_MESSAGE =
  'the login code is unknown, used, expired or was issued for another redirect_uri';
/** Message of a refused refresh token. */
export const INVALID_REFRESH_MESSAGE = 'the refresh token is invalid, expired or revoked';
/** Email of the administrator created on first start when `ADMIN_EMAIL` is not set. */
export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/**
 * Called inside the transaction that creates an account (sign-up, admin-created, the first
 * administrator, a third-party first sign-in), with the new account's id and the creation time
 * (ms): what must exist together with the account (issue 14: its default plugins). May answer a
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
  /** See {@link AccountCreatedHook} (issue 14 curation: the silent install of new accounts). */
  onAccountCreated?: AccountCreatedHook;
}

/** A third-party account as the provider described it (see `thirdParty.ts`). */
export interface ThirdPartyProfile {
  source: string;
  subject: string;
  email: string | null;
  email_verified: boolean;
  name: string | null;
  picture: string | null;
}

/** Result of {@link IdentityService.setAdministrator}. */
export interface SetAdministratorResult {
  user: UserInfo;
  created: boolean;
  /** The generated password, when the account was created without one. */
  generatedPassword?: string;
}

function unauthorized(message: string): ApiError {
  return new ApiError(ApiErrorCode.UNAUTHORIZED, message);
}

/**
 * How long one process trusts a session check, ms (issue 11 defect 5: "a signed-out session must end
 * everywhere within seconds"). The database is the source of truth shared by every server process,
 * so a logout, reset_token, account deletion, disabling or role change made by one process is seen
 * by the others within this time, and by the process that made it at once (it drops its cache).
 */
export const SESSION_CHECK_TTL_MS = 2000;

/** Most sessions whose check one process keeps (least recently used dropped first). */
export const SESSION_CHECK_MAX = 10_000;

/** The identity service of one database. Build it with {@link IdentityService.create}. */
export class IdentityService implements AuthVerifier {
  readonly clock: () => number;
  /** Session checks by `userId:sid` (see {@link SESSION_CHECK_TTL_MS}). */
  private readonly sessions: LRUCache<string, { answer: Role | SessionEnd }>;
  /** Session checks answered from the cache and from the database (for the figures of `pnpm bench`). */
  readonly sessionChecks = { hits: 0, misses: 0 };
  /** Personal access tokens for publishing from a terminal (issue 12). */
  readonly personalTokens: PersonalTokens;
  /** See {@link AccountCreatedHook}. */
  private onAccountCreated: AccountCreatedHook | undefined;

  private constructor(
    readonly db: Database,
    readonly settings: IdentityConfig,
    readonly accessTokens: AccessTokens,
    clock: () => number,
  ) {
    this.clock = clock;
    this.personalTokens = new PersonalTokens(db.kysely, clock);
    this.sessions = new LRUCache({
      max: SESSION_CHECK_MAX,
      ttl: SESSION_CHECK_TTL_MS,
      ttlAutopurge: false,
      perf: { now: () => this.clock() },
    });
  }

  /** Loads (or creates) the signing key and returns the service. */
  static async create(
    db: Database,
    settings: IdentityConfig,
    options: IdentityServiceOptions = {},
  ): Promise<IdentityService> {
    const clock = options.clock ?? Date.now;
    const key = await loadSigningKey(db, settings.jwtSecret);
    const service = new IdentityService(
      db,
      settings,
      new AccessTokens(key, settings.accessTokenTtl, clock),
      clock,
    );
    service.onAccountCreated = options.onAccountCreated;
    return service;
  }

  /**
   * Inserts an account inside `trx` and runs the {@link AccountCreatedHook} in the same
   * transaction; the hook's after-commit function is pushed to `afterCommit`. Null when the email
   * is taken.
   */
  private async insertNewAccount(
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
  private async createAccountRow(account: NewAccount, now: number): Promise<UserAccountRow | null> {
    const afterCommit: (() => void)[] = [];
    const row = await this.db.kysely
      .transaction()
      .execute((trx) => this.insertNewAccount(trx, account, now, afterCommit));
    for (const after of afterCommit) after();
    return row;
  }

  // Auth seam ------------------------------------------------------------------------------------

  /** @throws ApiError UNAUTHORIZED (401) for any token that is not a valid, unexpired access token. */
  verifyAccessToken(token: string): Promise<AuthUser> {
    return this.accessTokens.verify(token);
  }

  /** The account a personal access token signs in, or why not (see `PersonalTokens.verify`). */
  verifyPersonalToken(token: string): Promise<AuthUser | string> {
    return this.personalTokens.verify(token);
  }

  /**
   * The session check of every authenticated request (issue 11 defects 5, 6): the account's current
   * role while session `sid` (a refresh-token family) of account `userId` is live, else
   * `'signed-out'` (the family was revoked) or `'no-account'` (deleted, or `staff_status` 0). One
   * query ({@link sessionState}), cached {@link SESSION_CHECK_TTL_MS} per session in this process.
   */
  async sessionRole(userId: number, sid: string): Promise<Role | SessionEnd> {
    const key = `${userId}:${sid}`;
    const cached = this.sessions.get(key);
    if (cached) {
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
    this.sessions.set(key, { answer });
    return answer;
  }

  /** Drops this process's session checks, so a change it just made applies to its next request. */
  forgetSessions(): void {
    this.sessions.clear();
  }

  /** The account's current role; null when it does not exist or is disabled (staff_status 0). */
  async currentRole(userId: number): Promise<Role | null> {
    const row = await accountRole(this.db.kysely, userId);
    return row && row.staff_status !== 0 ? (row.role as Role) : null;
  }

  // Accounts -------------------------------------------------------------------------------------

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

  // Login page -----------------------------------------------------------------------------------

  /**
   * Password sign-in of the login page: checks the redirect_uri, then the credentials, and answers
   * where to send the browser (the redirect_uri with a one-time `code`).
   * @throws ApiError REDIRECT_NOT_ALLOWED (400); INVALID_CREDENTIALS (401) for an unknown email,
   *   an account without password, a disabled account or a wrong password alike (same work done).
   */
  async signIn(body: SignInBody): Promise<SignInResult> {
    const redirect = checkRedirectUri(body.redirect_uri, this.settings.redirectAllowlist);
    const email = normalizeEmail(body.email);
    const row = email ? await accountByEmail(this.db.kysely, email) : undefined;
    const ok = row?.password_hash
      ? await verifyPassword(body.password, row.password_hash)
      : await verifyAgainstDummy(body.password);
    if (!row || !ok || row.staff_status === 0) {
      throw new ApiError(ApiErrorCode.INVALID_CREDENTIALS, INVALID_CREDENTIALS_MESSAGE);
    }
    const code = await insertLoginCode(this.db.kysely, row.id, redirect.uri, this.codeExpiry());
    return { redirect_to: appendCode(redirect, code) };
  }

  /**
   * Sign-up of the login page: creates a general user (role 0) and signs it in like {@link signIn}.
   * @throws ApiError REDIRECT_NOT_ALLOWED (400), INVALID_PARAMETER (400, email), EMAIL_TAKEN (409).
   */
  async signUp(body: SignUpBody): Promise<SignInResult> {
    const redirect = checkRedirectUri(body.redirect_uri, this.settings.redirectAllowlist);
    const row = await this.createAccount({
      email: body.email,
      password: body.password,
      nick_name: body.nick_name,
    });
    const code = await insertLoginCode(this.db.kysely, row.id, redirect.uri, this.codeExpiry());
    return { redirect_to: appendCode(redirect, code) };
  }

  /**
   * `GET user/login/code` (signed in): a one-time code that signs the same user in on another
   * allowed site (redirect_uri).
   * @throws ApiError REDIRECT_NOT_ALLOWED (400).
   */
  async issueLoginCode(userId: number, redirectUri: string): Promise<LoginCodeResult> {
    const redirect = checkRedirectUri(redirectUri, this.settings.redirectAllowlist);
    const expire_time = this.codeExpiry();
    const code = await insertLoginCode(this.db.kysely, userId, redirect.uri, expire_time);
    return { code, expire_time };
  }

  /**
   * `GET user/login/code/user`: exchanges a one-time code for tokens and the user. The code is
   * spent by the first exchange whatever its outcome (also with a wrong redirect_uri), following
   * RFC 6749 §4.1.2 / §4.1.3.
   * @throws ApiError INVALID_CODE (400): unknown, used, expired, or issued for another redirect_uri.
   */
  async exchangeCode(code: string, redirectUri: string): Promise<LoginResult> {
    const spent = await consumeLoginCode(this.db.kysely, code, this.clock());
    if (!spent) throw new ApiError(ApiErrorCode.INVALID_CODE, INVALID_CODE_MESSAGE);
    let same = false;
    try {
      same = checkRedirectUri(redirectUri, this.settings.redirectAllowlist).uri === spent.redirect_uri;
    } catch {
      same = false;
    }
    if (!same) throw new ApiError(ApiErrorCode.INVALID_CODE, INVALID_CODE_MESSAGE);
    return this.startSession(spent.user_id);
  }

  // Sessions -------------------------------------------------------------------------------------

  /**
   * A new session for the user: an access token and the first refresh token of a new family.
   * @throws ApiError UNAUTHORIZED (401) when the account does not exist or is disabled.
   */
  async startSession(userId: number): Promise<LoginResult> {
    const row = await accountById(this.db.kysely, userId);
    if (!row || row.staff_status === 0) throw unauthorized('the account does not exist or is disabled');
    const now = this.clock();
    const refresh = await insertRefreshToken(
      this.db.kysely,
      row.id,
      now,
      now + this.settings.refreshTokenTtl * 1000,
    );
    const access = await this.accessTokens.sign({
      user_id: row.id,
      role: row.role as Role,
      sid: refresh.familyId,
    });
    return {
      access_token: access.token,
      refresh_token: refresh.token,
      access_token_expire_time: access.expiresAt,
      refresh_token_expire_time: refresh.expiresAt,
      user_info: toUserInfo(row),
    };
  }

  /**
   * `POST user/refresh_token`: rotates the refresh token (the presented one is spent, a new one of
   * the same family returned) and issues a new access token with the account's current role. In
   * one transaction, so two concurrent refreshes with one token cannot both succeed; presenting an
   * already rotated or revoked token revokes its whole family (reuse detection, RFC 9700 §4.14.2) —
   * this includes the loser of such a race, so a client must not refresh twice in parallel
   * (SPEC §4: one shared refresh queue).
   * @throws ApiError UNAUTHORIZED (401): unknown, expired, rotated or revoked token; disabled account.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const now = this.clock();
    const expiresAt = now + this.settings.refreshTokenTtl * 1000;
    const outcome = await this.db.kysely
      .transaction()
      .execute(async (trx) => {
        const found = await lookupRefreshToken(trx, this.db.dialect, refreshToken, now);
        if (found.state !== 'live') return found;
        const user = await accountRole(trx, found.user_id);
        if (!user || user.staff_status === 0) return { state: 'disabled' as const };
        const next = await insertRefreshToken(trx, found.user_id, now, expiresAt, found.family_id);
        if (!(await markRotated(trx, found.id, next.id))) throw new RotationConflict(found.family_id);
        return { state: 'rotated' as const, user_id: found.user_id, role: user.role as Role, next };
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof RotationConflict)) throw error;
        await revokeFamily(this.db.kysely, error.familyId, now);
        this.forgetSessions();
        return { state: 'reused' as const };
      });
    if (outcome.state !== 'rotated') throw unauthorized(INVALID_REFRESH_MESSAGE);
    const access = await this.accessTokens.sign({
      user_id: outcome.user_id,
      role: outcome.role,
      sid: outcome.next.familyId,
    });
    return {
      access_token: access.token,
      refresh_token: outcome.next.token,
      access_token_expire_time: access.expiresAt,
      refresh_token_expire_time: outcome.next.expiresAt,
    };
  }

  /**
   * `GET user/valid`: the user of a live refresh token (the token is not rotated). A rotated or
   * revoked token revokes its family, as in {@link refresh}.
   * @throws ApiError UNAUTHORIZED (401).
   */
  async validate(refreshToken: string): Promise<UserInfo> {
    const now = this.clock();
    const found = await this.db.kysely
      .transaction()
      .execute((trx) => lookupRefreshToken(trx, this.db.dialect, refreshToken, now));
    if (found.state !== 'live') throw unauthorized(INVALID_REFRESH_MESSAGE);
    const row = await accountById(this.db.kysely, found.user_id);
    if (!row || row.staff_status === 0) throw unauthorized(INVALID_REFRESH_MESSAGE);
    return toUserInfo(row);
  }

  /**
   * `POST user/logout`: revokes the refresh token's whole family. Idempotent: an unknown, expired
   * or already revoked token is answered the same (RFC 7009 §2.2).
   */
  async logout(refreshToken: string): Promise<void> {
    const now = this.clock();
    const familyId = await refreshTokenFamily(this.db.kysely, refreshToken);
    if (familyId !== undefined) await revokeFamily(this.db.kysely, familyId, now);
    this.forgetSessions();
  }

  /**
   * `POST user/reset_token`: sets the user's enterprise id (e_id), revokes every refresh token of
   * the user and starts a new session.
   */
  async resetToken(userId: number, eId: string): Promise<LoginResult> {
    await this.db.kysely.transaction().execute(async (trx) => {
      await setEnterpriseId(trx, userId, eId);
      await revokeUserTokens(trx, userId, this.clock());
    });
    this.forgetSessions();
    return this.startSession(userId);
  }

  /** Deletes login codes and refresh tokens that expired more than a day ago. */
  purgeExpired(): Promise<void> {
    return purgeExpired(this.db.kysely, this.clock() - 24 * 3600 * 1000);
  }

  // Administrators -------------------------------------------------------------------------------

  /**
   * First start: when no account has role 1 or 2, makes `ADMIN_EMAIL` (default `admin@localhost`)
   * a super admin (role 1) — creating it with `ADMIN_PASSWORD` or a random one-time password, or
   * promoting an existing account with that configured email (its password replaced by
   * `ADMIN_PASSWORD` when set, its sessions revoked). A generated password is passed to `announce`
   * exactly once, in the line `plugin-center: administrator <email>, one-time password: <pw>`.
   * Concurrent first starts create one account (the loser of the insert announces nothing).
   *
   * @returns the administrator's email when this call created or promoted one, else null.
   */
  async ensureAdministrator(announce: (line: string) => void): Promise<string | null> {
    if (await hasAdministrator(this.db.kysely)) return null;
    const configured = this.settings.adminEmail;
    const email = configured ?? DEFAULT_ADMIN_EMAIL;
    const existing = await accountByEmail(this.db.kysely, email);
    if (existing) {
      // The default address is never promoted: anyone could have signed up with it.
      if (!configured) return null;
      await this.setAdministrator(email, Role.SUPER_ADMIN, this.settings.adminPassword);
      return email;
    }
    const password = this.settings.adminPassword ?? generatePassword();
    const row = await this.createAccountRow(
      {
        email,
        password_hash: await hashPassword(password),
        role: Role.SUPER_ADMIN,
        nick_name: 'Administrator',
      },
      this.clock(),
    );
    if (!row) return null;
    if (!this.settings.adminPassword) {
      announce(`plugin-center: administrator ${email}, one-time password: ${password}`);
    }
    return email;
  }

  /**
   * `plugin-center admin <email>`: creates the account with `role` (1 or 2) or changes an existing
   * account's role; sets `password` when given (revoking the account's sessions), and generates one
   * for a new account without it.
   * @throws ApiError INVALID_PARAMETER for an email not shaped like `local@domain`.
   */
  async setAdministrator(email: string, role: Role, password?: string): Promise<SetAdministratorResult> {
    const normalized = normalizeEmail(email);
    if (!normalized) throw new ApiError(ApiErrorCode.INVALID_PARAMETER, `${email} is not an email address`);
    const existing = await accountByEmail(this.db.kysely, normalized);
    if (existing) {
      await this.db.kysely.transaction().execute(async (trx) => {
        const update: { role: number; password_hash?: string } = { role };
        if (password !== undefined) update.password_hash = await hashPassword(password);
        await updateAccountRole(trx, existing.id, update);
        if (password !== undefined) await revokeUserTokens(trx, existing.id, this.clock());
      });
      this.forgetSessions();
      return { user: await this.userInfo(existing.id), created: false };
    }
    const generated = password === undefined ? generatePassword() : undefined;
    const row = await this.createAccount({ email: normalized, password: password ?? generated!, role });
    return { user: toUserInfo(row), created: true, ...(generated ? { generatedPassword: generated } : {}) };
  }

  // Third-party accounts -------------------------------------------------------------------------

  /**
   * The account of a provider's subject: the bound one; else, on first sign-in, an existing
   * account with the provider's email when the provider says the email is verified (then bound);
   * else a new general user (without email when that email already has an account).
   */
  async thirdPartyAccount(profile: ThirdPartyProfile): Promise<number> {
    const bound = await boundUserId(this.db.kysely, profile.source, profile.subject);
    if (bound !== undefined) return bound;
    const email = profile.email ? normalizeEmail(profile.email) : null;
    const now = this.clock();
    const afterCommit: (() => void)[] = [];
    try {
      const created = await this.db.kysely.transaction().execute(async (trx) => {
        let userId: number | undefined;
        if (email && profile.email_verified) userId = (await accountByEmail(trx, email))?.id;
        if (userId === undefined) {
          const fields = {
            password_hash: null,
            ...(profile.name ? { nick_name: profile.name } : {}),
            avatar_url: profile.picture,
            user_name: email?.split('@')[0] ?? profile.name ?? `${profile.source}-user`,
          };
          const row =
            (email ? await this.insertNewAccount(trx, { email, ...fields }, now, afterCommit) : null) ??
            (await this.insertNewAccount(trx, { email: null, ...fields }, now, afterCommit));
          userId = row!.id;
        }
        const linked = await bindSubject(
          trx,
          { source: profile.source, subject: profile.subject, user_id: userId },
          now,
        );
        // A concurrent first sign-in of the same subject won: drop the account made here.
        if (!linked) throw new LinkConflict();
        return userId;
      });
      for (const after of afterCommit) after();
      return created;
    } catch (error) {
      if (!(error instanceof LinkConflict)) throw error;
      return (await boundUserId(this.db.kysely, profile.source, profile.subject))!;
    }
  }

  /**
   * `POST 3rd-party/bind`: binds a provider account to the signed-in user.
   * @throws ApiError INVALID_PARAMETER (400) when that provider account is bound to another user.
   */
  async bindThirdParty(userId: number, profile: ThirdPartyProfile): Promise<UserInfo> {
    await bindSubject(
      this.db.kysely,
      { source: profile.source, subject: profile.subject, user_id: userId },
      this.clock(),
    );
    const bound = await boundUserId(this.db.kysely, profile.source, profile.subject);
    if (bound !== userId) {
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        `this ${profile.source} account is already bound to another user`,
      );
    }
    return this.userInfo(userId);
  }

  private codeExpiry(): number {
    return this.clock() + this.settings.loginCodeTtl * 1000;
  }
}

/** Rolls back a first third-party sign-in that lost the race to bind the same subject. */
class LinkConflict extends Error {}

/** Thrown inside the rotation transaction to roll it back when another request rotated first. */
class RotationConflict extends Error {
  constructor(readonly familyId: string) {
    super('the refresh token was rotated concurrently');
  }
}
