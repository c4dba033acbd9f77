/**
 * The login page's flows: password sign-in and sign-up, which answer the redirect_uri with a
 * one-time login code, the code for another allowed site, and the exchange of a code for a session.
 */

import { PASSWORD_LOGIN_METHOD } from '@plugin-center/contract';
import {
  ApiErrorCode,
  type LoginCodeResult,
  type LoginResult,
  type SignInBody,
  type SignInResult,
  type SignUpBody,
} from '@plugin-center/contract/schemas';
import { ApiError } from '../errors';
import type { AuthUser } from '../shared/auth';
import { accountByEmail, normalizeEmail } from './data/accounts';
import { consumeLoginCode, familyMethod, insertLoginCode } from './data/sessions';
import type { IdentityCore } from './identityCore';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { appendCode, checkRedirectUri } from './redirect';

/** Message of every failed password sign-in: the same whether or not the email has an account. */
export const INVALID_CREDENTIALS_MESSAGE = 'wrong email or password';
/** Message of every refused login code. */
export const INVALID_CODE_MESSAGE =
  'the login code is unknown, used, expired or was issued for another redirect_uri';

/**
 * Password sign-in of the login page: checks the redirect_uri, then the credentials, and answers
 * where to send the browser (the redirect_uri with a one-time `code`).
 * @throws ApiError REDIRECT_NOT_ALLOWED (400); INVALID_CREDENTIALS (401) for an unknown email,
 *   an account without password, a disabled account or a wrong password alike (same work done).
 */
export async function signIn(identity: IdentityCore, body: SignInBody): Promise<SignInResult> {
  const redirect = checkRedirectUri(body.redirect_uri, identity.settings.redirectAllowlist);
  const email = normalizeEmail(body.email);
  const row = email ? await accountByEmail(identity.db.kysely, email) : undefined;
  const ok = row?.password_hash
    ? await verifyPassword(body.password, row.password_hash)
    : await verifyAgainstDummy(body.password);
  if (!row || !ok || row.staff_status === 0) {
    throw new ApiError(ApiErrorCode.INVALID_CREDENTIALS, INVALID_CREDENTIALS_MESSAGE);
  }
  const code = await insertLoginCode(
    identity.db.kysely,
    row.id,
    redirect.uri,
    identity.codeExpiry(),
    PASSWORD_LOGIN_METHOD,
  );
  return { redirect_to: appendCode(redirect, code) };
}

/**
 * Sign-up of the login page: creates a general user (role 0) and signs it in like {@link signIn}.
 * @throws ApiError REDIRECT_NOT_ALLOWED (400), INVALID_PARAMETER (400, email), EMAIL_TAKEN (409).
 */
export async function signUp(identity: IdentityCore, body: SignUpBody): Promise<SignInResult> {
  const redirect = checkRedirectUri(body.redirect_uri, identity.settings.redirectAllowlist);
  const row = await identity.createAccount({
    email: body.email,
    password: body.password,
    nick_name: body.nick_name,
  });
  const code = await insertLoginCode(
    identity.db.kysely,
    row.id,
    redirect.uri,
    identity.codeExpiry(),
    PASSWORD_LOGIN_METHOD,
  );
  return { redirect_to: appendCode(redirect, code) };
}

/**
 * `GET user/login/code` (signed in): a one-time code that signs the same user in on another
 * allowed site (redirect_uri), in a session of the same sign-in method as the caller's (`sid`).
 * @throws ApiError REDIRECT_NOT_ALLOWED (400).
 */
export async function issueLoginCode(
  identity: IdentityCore,
  caller: AuthUser,
  redirectUri: string,
): Promise<LoginCodeResult> {
  const redirect = checkRedirectUri(redirectUri, identity.settings.redirectAllowlist);
  const expire_time = identity.codeExpiry();
  const method = await familyMethod(identity.db.kysely, caller.sid);
  const code = await insertLoginCode(identity.db.kysely, caller.user_id, redirect.uri, expire_time, method);
  return { code, expire_time };
}

/**
 * `GET user/login/code/user`: exchanges a one-time code for tokens and the user. The code is
 * spent by the first exchange whatever its outcome (also with a wrong redirect_uri), following
 * RFC 6749 §4.1.2 / §4.1.3.
 * @throws ApiError INVALID_CODE (400): unknown, used, expired, or issued for another redirect_uri.
 */
export async function exchangeCode(
  identity: IdentityCore,
  code: string,
  redirectUri: string,
): Promise<LoginResult> {
  const spent = await consumeLoginCode(identity.db.kysely, code, identity.clock());
  if (!spent) throw new ApiError(ApiErrorCode.INVALID_CODE, INVALID_CODE_MESSAGE);
  let same = false;
  try {
    same = checkRedirectUri(redirectUri, identity.settings.redirectAllowlist).uri === spent.redirect_uri;
  } catch {
    same = false;
  }
  if (!same) throw new ApiError(ApiErrorCode.INVALID_CODE, INVALID_CODE_MESSAGE);
  return identity.startSession(spent.user_id, spent.method);
}
