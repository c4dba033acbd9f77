/**
 * Accounts from a directory (SPEC §1 private-deployment SSO: ldap, oidc, saml, custom_sso; §3 User
 * `department`, `e_id`, `staff_status`): created on first sign-in (just in time), updated on every
 * sign-in, and linked by the directory's stable subject in `third_party_account` under the source
 * `dir:<method>` — never by e-mail, so a directory entry that carries someone else's address cannot
 * take over their account. The directory is authoritative for the status it set: a sign-in
 * writes `staff_status` 1, and a directory check that finds the person disabled or gone writes 0
 * (`disabled_by` `'directory'`) and ends their sessions (refresh asks the method's check, see
 * {@link checkDirectoryAccount}). An administrator's disable in the back office (`disabled_by`
 * `'admin'`, `people.ts`) wins over the directory: the person's sign-in is refused until an
 * administrator enables the account again.
 */
import { ApiErrorCode, isAdminRole, Role, type SignInResult } from '@plugin-center/contract/schemas';
import type { DirectoryMethodName as DirectoryMethod } from '../config/loginMethods';
import { ApiError } from '../errors';
import {
  accountById,
  bindSubject,
  boundUserId,
  normalizeEmail,
  setAccountStatus,
  subjectsOf,
  updateDirectoryAccount,
} from './data/accounts';
import { insertLoginCode, revokeUserTokens } from './data/sessions';
import { setLinkCredential } from './data/sso';
import type { DirectoryCheck, IdentityCore } from './identityCore';
import { appendCode, checkRedirectUri } from './redirect';

/** The `third_party_account.source` of a directory method's links (`:` never occurs in an OAuth source). */
export function directorySource(method: DirectoryMethod): string {
  return `dir:${method}`;
}

/** A person as the directory describes them at sign-in. */
export interface DirectoryProfile {
  method: DirectoryMethod;
  /** The directory's stable id of the person (LDAP entryUUID, OIDC `sub`, SAML NameID, …). */
  subject: string;
  /** Login name (`user_name`). */
  username: string;
  email: string | null;
  /** Display name (`nick_name`); the username when null. */
  displayName: string | null;
  department: string | null;
  /** Employee id (`e_id`). */
  employeeId: string | null;
  /**
   * Group mapping: true → at least general administrator (2), false → a general administrator
   * becomes a general user (a super administrator stays); undefined: the role is left alone.
   */
  administrator?: boolean | undefined;
  /**
   * The provider's credential for checking the person later, sealed for this link with
   * {@link credentialContext} (the OpenID Connect refresh token): kept on the link by
   * {@link directorySignIn}; null forgets a kept one; undefined leaves the link as it is.
   */
  credential?: string | null | undefined;
}

/** Longest directory subject kept on a link, characters. */
const MAX_SUBJECT = 512;

/** The subject as the link keeps it (at most {@link MAX_SUBJECT} characters). */
export function linkSubject(subject: string): string {
  return subject.slice(0, MAX_SUBJECT);
}

/**
 * The sealing context of a link's credential (`SecretBox.seal`'s `context`): the link itself, so a
 * sealed credential cannot be moved to another person or method.
 */
export function credentialContext(method: DirectoryMethod, subject: string): string {
  return `directory credential ${directorySource(method)} ${linkSubject(subject)}`;
}

/** Message of {@link ApiErrorCode.ACCOUNT_DISABLED}. */
export const ACCOUNT_DISABLED_MESSAGE = 'this account is disabled or no longer in the directory';

/** Longest text kept of a directory attribute, characters. */
const MAX_FIELD = 256;

function clip(value: string | null | undefined): string | null {
  const text = value?.replace(/\p{Cc}/gu, '').trim();
  return text ? text.slice(0, MAX_FIELD) : null;
}

/**
 * The account of a directory person: the linked one, updated from `profile` and enabled
 * (`staff_status` 1, `disabled_by` null: the directory just authenticated the person, which undoes
 * a directory check's disable); else a new general user (just in time) linked to the subject.
 * Race-safe: of two concurrent first sign-ins of one subject, one links and the other uses that
 * account.
 * @returns the account id
 * @throws ApiError ACCOUNT_DISABLED (403) when an administrator disabled the account
 *   (`disabled_by` `'admin'`); the account is left unchanged.
 */
export async function directoryAccount(identity: IdentityCore, profile: DirectoryProfile): Promise<number> {
  const source = directorySource(profile.method);
  const subject = linkSubject(profile.subject);
  const username = clip(profile.username) ?? subject.slice(0, MAX_FIELD);
  const email = profile.email ? normalizeEmail(profile.email) : null;
  const now = identity.clock();
  let userId = await boundUserId(identity.db.kysely, source, subject);
  if (userId === undefined) {
    const afterCommit: (() => void)[] = [];
    userId = await identity.db.kysely
      .transaction()
      .execute(async (trx) => {
        const row =
          (email
            ? await identity.insertNewAccount(
                trx,
                { email, password_hash: null, user_name: username },
                now,
                afterCommit,
              )
            : null) ??
          (await identity.insertNewAccount(
            trx,
            { email: null, password_hash: null, user_name: username },
            now,
            afterCommit,
          ));
        const linked = await bindSubject(trx, { source, subject, user_id: row!.id }, now);
        if (!linked) throw new LinkConflict();
        return row!.id;
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof LinkConflict)) throw error;
        afterCommit.length = 0;
        return (await boundUserId(identity.db.kysely, source, subject))!;
      });
    for (const after of afterCommit) after();
  }
  const current = await accountById(identity.db.kysely, userId);
  if (current?.disabled_by === 'admin') throw accountDisabled();
  let role: number | undefined;
  if (current && profile.administrator !== undefined) {
    const now = current.role as Role;
    if (profile.administrator && !isAdminRole(now)) role = Role.GENERAL_ADMIN;
    if (!profile.administrator && now === Role.GENERAL_ADMIN) role = Role.GENERAL_USER;
  }
  const written = await updateDirectoryAccount(identity.db.kysely, userId, {
    user_name: username,
    nick_name: clip(profile.displayName) ?? username,
    department: clip(profile.department),
    e_id: clip(profile.employeeId),
    staff_status: 1,
    disabled_by: null,
    ...(role !== undefined ? { role } : {}),
    ...(email ? { email } : {}),
  });
  // Disabled by an administrator between the read above and this write.
  if (!written) throw accountDisabled();
  if (role !== undefined || current?.staff_status === 0) identity.forgetSessions();
  return userId;
}

/**
 * The end of every directory sign-in: the account of `profile` (see {@link directoryAccount}), its
 * credential kept on the link when the profile carries one, and where to send the browser, `redirectUri` with a one-time login code, as the password login answers.
 * @throws ApiError REDIRECT_NOT_ALLOWED (400) for a redirect_uri off the allowlist.
 */
export async function directorySignIn(
  identity: IdentityCore,
  profile: DirectoryProfile,
  redirectUri: string,
): Promise<SignInResult> {
  const redirect = checkRedirectUri(redirectUri, identity.settings.redirectAllowlist);
  const userId = await directoryAccount(identity, profile);
  if (profile.credential !== undefined) {
    const source = directorySource(profile.method);
    await setLinkCredential(
      identity.db.kysely,
      source,
      linkSubject(profile.subject),
      profile.credential,
      identity.clock(),
    );
  }
  const code = await insertLoginCode(
    identity.db.kysely,
    userId,
    redirect.uri,
    identity.codeExpiry(),
    profile.method,
  );
  return { redirect_to: appendCode(redirect, code) };
}

/**
 * The check of refresh and sign-in for an account linked to a directory whose method registered a
 * `DirectoryCheck` in force (`identity.directoryChecks`, identityCore.ts): when the directory says the person is gone,
 * the account is disabled (`staff_status` 0) and every session of it revoked.
 * @returns false when the account was disabled by this check
 */
export async function checkDirectoryAccount(identity: IdentityCore, userId: number): Promise<boolean> {
  // Only the methods configured now: without any, a refresh costs no query here.
  const checks = new Map<string, DirectoryCheck>();
  for (const [source, inForce] of identity.directoryChecks) {
    const check = inForce();
    if (check) checks.set(source, check);
  }
  if (checks.size === 0) return true;
  const links = await subjectsOf(identity.db.kysely, userId, [...checks.keys()]);
  for (const link of links) {
    const verdict = await checks.get(link.source)!(link.subject);
    if (verdict === 'gone') {
      await disableDirectoryAccount(identity, userId);
      return false;
    }
  }
  return true;
}

/**
 * Disables an account for its directory (`staff_status` 0, `disabled_by` `'directory'`, which the
 * person's next directory sign-in undoes; an administrator's disable stays `'admin'`) and revokes
 * all its sessions at once.
 */
export async function disableDirectoryAccount(identity: IdentityCore, userId: number): Promise<void> {
  await setAccountStatus(identity.db.kysely, userId, 'directory');
  await revokeUserTokens(identity.db.kysely, userId, identity.clock());
  identity.forgetSessions();
}

/** The error of a directory account that may not sign in. */
export function accountDisabled(): ApiError {
  return new ApiError(ApiErrorCode.ACCOUNT_DISABLED, ACCOUNT_DISABLED_MESSAGE);
}

/** Rolls back a first directory sign-in that lost the race to link the same subject. */
class LinkConflict extends Error {}
