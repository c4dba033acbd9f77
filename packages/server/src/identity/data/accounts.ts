/**
 * Data access of the identity domain's accounts: account rows, roles and session state, third-party
 * bindings and the back office's people list (tables of migration 0003); the rules are in the
 * services. Times are ms since the epoch and always passed in (the service's clock), never read here.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isAdminRole, type Role, type UserInfo } from '@plugin-center/contract/schemas';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DatabaseSchema, DisabledBy, UserAccountRow } from '../../db/schema';

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** SHA-256 of a token or code, base64url: what the database stores. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** A new opaque secret: 32 random bytes, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Lower-cased, trimmed email; null when it is not shaped like `local@domain`. */
export function normalizeEmail(email: string): string | null {
  const value = email.trim().toLowerCase();
  return /^[^\s@]{1,64}@[^\s@]{1,253}$/.test(value) ? value : null;
}

// Accounts ---------------------------------------------------------------------------------------

/** Fields of a new account. */
export interface NewAccount {
  /** Already normalised (see {@link normalizeEmail}); null for a third-party account without one. */
  email: string | null;
  password_hash: string | null;
  role?: Role;
  user_name?: string;
  nick_name?: string;
  avatar_url?: string | null;
}

/** Inserts an account; answers null when the email is taken (race-safe: unique constraint). */
export async function insertAccount(
  db: Executor,
  account: NewAccount,
  now: number,
): Promise<UserAccountRow | null> {
  const local = account.email?.split('@')[0] ?? '';
  const row = await db
    .insertInto('user_account')
    .values({
      account_id: randomUUID(),
      email: account.email,
      password_hash: account.password_hash,
      role: account.role ?? 0,
      created_at: now,
      user_name: account.user_name ?? local,
      nick_name: account.nick_name || account.user_name || local,
      avatar_url: account.avatar_url ?? null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** The account with this (normalised) email. */
export function accountByEmail(db: Executor, email: string): Promise<UserAccountRow | undefined> {
  return db.selectFrom('user_account').selectAll().where('email', '=', email).executeTakeFirst();
}

/** The account with this id. */
export function accountById(db: Executor, id: number): Promise<UserAccountRow | undefined> {
  return db.selectFrom('user_account').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether any account has role 1 or 2. */
export async function hasAdministrator(db: Executor): Promise<boolean> {
  const row = await db
    .selectFrom('user_account')
    .select('id')
    .where('role', 'in', [1, 2])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's role and staff status (`staff_status` 0 = disabled); undefined when it does not exist. */
export function accountRole(
  db: Executor,
  id: number,
): Promise<{ role: number; staff_status: number } | undefined> {
  return db
    .selectFrom('user_account')
    .select(['role', 'staff_status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The account's role and status, and whether session `familyId` (a refresh-token family) of that
 * account still has a token that was not revoked, in one statement; undefined when the account
 * does not exist. A family is revoked as a whole (logout, reset_token, reuse), so one unrevoked row
 * means the session is live.
 */
export function sessionState(
  db: Executor,
  userId: number,
  familyId: string,
): Promise<{ role: number; staff_status: number; live: number } | undefined> {
  return db
    .selectFrom('user_account as u')
    .select((eb) => [
      'u.role',
      'u.staff_status',
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('refresh_token as t')
              .select('t.id')
              .where('t.family_id', '=', familyId)
              .where('t.user_id', '=', userId)
              .where('t.revoked_at', 'is', null),
          ),
        )
        .then(1)
        .else(0)
        .end()
        .as('live'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst() as Promise<{ role: number; staff_status: number; live: number } | undefined>;
}

/** Records the interface locale of the account's sign-in (`user_account.locale`, migration 0048). */
export async function setAccountLocale(db: Executor, id: number, locale: string): Promise<void> {
  await db.updateTable('user_account').set({ locale }).where('id', '=', id).execute();
}

/** Sets the account's enterprise id (`e_id`, `POST user/reset_token`). */
export async function setEnterpriseId(db: Executor, id: number, eId: string): Promise<void> {
  await db.updateTable('user_account').set({ e_id: eId }).where('id', '=', id).execute();
}

/** Sets the account's role and, when given, its password hash. */
export async function updateAccountRole(
  db: Executor,
  id: number,
  update: { role: number; password_hash?: string },
): Promise<void> {
  await db.updateTable('user_account').set(update).where('id', '=', id).execute();
}

/** The wire's `UserInfo` of an account row (SPEC §3 User). */
export function toUserInfo(row: UserAccountRow): UserInfo {
  const role = row.role as Role;
  return {
    user_id: row.id,
    account_id: row.account_id,
    user_name: row.user_name,
    nick_name: row.nick_name,
    email: row.email,
    mobile: row.mobile,
    avatar_url: row.avatar_url,
    created_at: row.created_at,
    department: row.department,
    e_id: row.e_id,
    is_administrator: isAdminRole(role),
    is_owner: row.is_owner === 1,
    staff_status: row.staff_status,
    identification: row.identification,
    role,
  };
}

// Third-party accounts ---------------------------------------------------------------------------

/** The user a provider's subject is bound to; undefined when it is not bound. */
export async function boundUserId(
  db: Executor,
  source: string,
  subject: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('third_party_account')
    .select('user_id')
    .where('source', '=', source)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Binds a provider's subject to `userId` at `now` (ms) unless it is bound already (race-safe:
 * unique constraint). Answers true when this call bound it.
 */
export async function bindSubject(
  db: Executor,
  link: { source: string; subject: string; user_id: number },
  now: number,
): Promise<boolean> {
  const row = await db
    .insertInto('third_party_account')
    .values({ ...link, created_at: now })
    .onConflict((oc) => oc.columns(['source', 'subject']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

// People of the back office ---------------------------------------------------------------------

/** Filter of {@link listAccounts} and {@link countAccounts}. */
export interface AccountFilter {
  /** Part of the email, nick name or user name (case-insensitive; `%`, `_` and `\` match themselves). */
  keyword?: string | undefined;
  role?: Role | undefined;
}

/** `keyword` as a LIKE pattern matching it anywhere, its wildcards escaped with `\`. */
function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Executor, filter: AccountFilter) {
  let q = db.selectFrom('user_account');
  if (filter.role !== undefined) q = q.where('role', '=', filter.role);
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    q = q.where((eb) =>
      eb.or(
        (['email', 'nick_name', 'user_name'] as const).map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`,
        ),
      ),
    );
  }
  return q;
}

/** A page of accounts matching `filter`, newest first (id descending), before id `beforeId`. */
export function listAccounts(
  db: Executor,
  filter: AccountFilter,
  beforeId: number | undefined,
  limit: number,
): Promise<PeopleRow[]> {
  let q = filtered(db, filter).selectAll().select(PUBLISHER_OF_ACCOUNT);
  if (beforeId !== undefined) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute() as Promise<PeopleRow[]>;
}

/** An account as the people page lists it: with its publisher handle and verified flag (migration 0038). */
export type PeopleRow = UserAccountRow & { publisher_handle: string | null; publisher_verified: number | null };

/** The publisher columns of the account `user_account.id` (`publisher_handle`, `publisher_verified` 0/1). */
const PUBLISHER_OF_ACCOUNT = [
  sql<string | null>`(SELECT pub.handle FROM publisher pub WHERE pub.user_id = user_account.id)`.as(
    'publisher_handle',
  ),
  sql<number | null>`(SELECT CASE WHEN pub.verified_by IS NULL THEN 0 ELSE 1 END FROM publisher pub WHERE pub.user_id = user_account.id)`.as(
    'publisher_verified',
  ),
] as const;

/** The account `id` as the people page shows it ({@link PeopleRow}); undefined when unknown. */
export async function peopleRowById(db: Executor, id: number): Promise<PeopleRow | undefined> {
  return (await db
    .selectFrom('user_account')
    .selectAll()
    .select(PUBLISHER_OF_ACCOUNT)
    .where('id', '=', id)
    .executeTakeFirst()) as PeopleRow | undefined;
}

/** How many accounts match `filter`. */
export async function countAccounts(db: Executor, filter: AccountFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Directory accounts ------------------------------------------------------------------------------

/** What a directory sign-in writes to its account (see `directoryAccounts.ts`). */
export interface DirectoryFields {
  user_name: string;
  nick_name: string;
  department: string | null;
  e_id: string | null;
  staff_status: number;
  disabled_by: DisabledBy | null;
  role?: number;
  email?: string | null;
}

/** The account was not disabled by an administrator (`disabled_by` null or `'directory'`). */
function notDisabledByAdmin(eb: ExpressionBuilder<DatabaseSchema, 'user_account'>) {
  return eb.or([eb('disabled_by', 'is', null), eb('disabled_by', '<>', 'admin')]);
}

/**
 * Updates a directory account's fields; the email only when no other account holds it. An account
 * an administrator disabled (`disabled_by` `'admin'`) is left as it is, checked in the same
 * statement (so a disable committed meanwhile is never undone).
 * @returns false when nothing was written (no such account, or disabled by an administrator)
 */
export async function updateDirectoryAccount(
  db: Executor,
  id: number,
  fields: DirectoryFields,
): Promise<boolean> {
  const { email, ...rest } = fields;
  const result = await db
    .updateTable('user_account')
    .set(rest)
    .where('id', '=', id)
    .where(notDisabledByAdmin)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  if (email !== undefined) {
    await db
      .updateTable('user_account')
      .set({ email })
      .where('id', '=', id)
      .where((eb) =>
        email === null
          ? eb.lit(true)
          : eb.not(
              eb.exists(
                eb.selectFrom('user_account as other').select('other.id').where('other.email', '=', email).where('other.id', '<>', id),
              ),
            ),
      )
      .execute();
  }
  return true;
}

/**
 * Disables (`by` `'admin'` or `'directory'`: `staff_status` 0 and `disabled_by`) or enables (`by`
 * null: `staff_status` 1, `disabled_by` null) the account. A `'directory'` disable leaves an account
 * an administrator disabled as it is: the administrator's decision stays on record.
 */
export async function setAccountStatus(db: Executor, id: number, by: DisabledBy | null): Promise<void> {
  await db
    .updateTable('user_account')
    .set({ staff_status: by === null ? 1 : 0, disabled_by: by })
    .where('id', '=', id)
    .where((eb) => (by === 'directory' ? notDisabledByAdmin(eb) : eb.lit(true)))
    .execute();
}

/** The directory links (`source`, `subject`) of an account among `sources`. */
export function subjectsOf(
  db: Executor,
  userId: number,
  sources: readonly string[],
): Promise<{ source: string; subject: string }[]> {
  return db
    .selectFrom('third_party_account')
    .select(['source', 'subject'])
    .where('user_id', '=', userId)
    .where('source', 'in', sources)
    .execute();
}
