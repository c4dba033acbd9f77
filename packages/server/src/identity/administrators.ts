/** Administrators: the first one on an empty database, and `plugin-center admin <email>`. */
import type { Locale } from '@plugin-center/contract';
import { ApiErrorCode, Role, type UserInfo } from '@plugin-center/contract/schemas';
import { ApiError } from '../errors';
import {
  accountByEmail,
  hasAdministrator,
  normalizeEmail,
  toUserInfo,
  updateAccountRole,
} from './data/accounts';
import { revokeUserTokens } from './data/sessions';
import type { IdentityCore } from './identityCore';
import { generatePassword, hashPassword } from './passwords';

/** Email of the administrator created on first start when `ADMIN_EMAIL` is not set. */
export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/**
 * The name (`nick_name`) of the administrator created on first start, in the site's first locale:
 * what the back office and the header show until the administrator renames the account.
 */
export const FIRST_ADMINISTRATOR_NAMES = {
  'zh-CN': '管理员',
  'en-US': 'Administrator',
  'ja-JP': '管理者',
  'ko-KR': '관리자',
  'ru-RU': 'Администратор',
  'es-ES': 'Administrador',
} as const satisfies Record<Locale, string>;

/** Result of {@link IdentityService.setAdministrator}. */
export interface SetAdministratorResult {
  user: UserInfo;
  created: boolean;
  /** The generated password, when the account was created without one. */
  generatedPassword?: string;
}

/**
 * First start: when no account has role 1 or 2, makes `ADMIN_EMAIL` (default `admin@localhost`)
 * a super admin (role 1) — creating it with `ADMIN_PASSWORD` or a random one-time password, or
 * promoting an existing account with that configured email (its password replaced by
 * `ADMIN_PASSWORD` when set, its sessions revoked). A generated password is passed to `announce`
 * exactly once, in the line `plugin-center: administrator <email>, one-time password: <pw>`.
 * Concurrent first starts create one account (the loser of the insert announces nothing). A
 * created account is named in `locale`, the site's first locale ({@link FIRST_ADMINISTRATOR_NAMES}:
 * 管理员 on the domestic site, Administrator on the overseas one).
 *
 * @returns the administrator's email when this call created or promoted one, else null.
 */
export async function ensureAdministrator(
  identity: IdentityCore,
  announce: (line: string) => void,
  locale: Locale,
): Promise<string | null> {
  if (await hasAdministrator(identity.db.kysely)) return null;
  const configured = identity.settings.adminEmail;
  const email = configured ?? DEFAULT_ADMIN_EMAIL;
  const existing = await accountByEmail(identity.db.kysely, email);
  if (existing) {
    // The default address is never promoted: anyone could have signed up with it.
    if (!configured) return null;
    await setAdministrator(identity, email, Role.SUPER_ADMIN, identity.settings.adminPassword);
    return email;
  }
  const password = identity.settings.adminPassword ?? generatePassword();
  const row = await identity.createAccountRow(
    {
      email,
      password_hash: await hashPassword(password),
      role: Role.SUPER_ADMIN,
      nick_name: FIRST_ADMINISTRATOR_NAMES[locale],
    },
    identity.clock(),
  );
  if (!row) return null;
  if (!identity.settings.adminPassword) {
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
export async function setAdministrator(
  identity: IdentityCore,
  email: string,
  role: Role,
  password?: string,
): Promise<SetAdministratorResult> {
  const normalized = normalizeEmail(email);
  if (!normalized) throw new ApiError(ApiErrorCode.INVALID_PARAMETER, `${email} is not an email address`);
  const existing = await accountByEmail(identity.db.kysely, normalized);
  if (existing) {
    await identity.db.kysely.transaction().execute(async (trx) => {
      const update: { role: number; password_hash?: string } = { role };
      if (password !== undefined) update.password_hash = await hashPassword(password);
      await updateAccountRole(trx, existing.id, update);
      if (password !== undefined) await revokeUserTokens(trx, existing.id, identity.clock());
    });
    identity.forgetSessions();
    return { user: await identity.userInfo(existing.id), created: false };
  }
  const generated = password === undefined ? generatePassword() : undefined;
  const row = await identity.createAccount({ email: normalized, password: password ?? generated!, role });
  return { user: toUserInfo(row), created: true, ...(generated ? { generatedPassword: generated } : {}) };
}
