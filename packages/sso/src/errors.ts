/**
 * The exact sign-in rejection texts of SPEC §8, keyed by the stable code an {@link SsoError} carries.
 * The codes without a SPEC text (TOKEN_PARSE, REFRESH_UNAUTHORIZED, NO_LOGIN_PAGE) have short texts of their own;
 * NETWORK uses SPEC §8's 'Network Error' ("Network Error means retry in 5 s").
 */
export const SSO_ERROR_MESSAGES = {
  /** A call other than `init()`, `getSnapshot()`, `subscribe()`, `getAccessToken()`, `onSignOut()` before `init()` succeeded. */
  AUTH_NEVER_INIT: 'auth never init',
  /** The code exchange (`GET user/login/code/user`) failed: unknown, used or expired code, or no answer. */
  CODE_ERR: 'code err',
  /** Refresh or validation (`getValidAccessToken()`) with no login record stored. */
  NO_LOCAL_AUTH_INFO: 'do not have local authInfo',
  /** An operation on the signed-in user (`getUserInfo()`, `signOut()`) with no login record stored. */
  NO_EXIST_LOCAL_AUTH_INFO: 'no exist local authInfo',
  /** The access token is not a JWT with a numeric `exp` (SPEC §5). */
  TOKEN_PARSE: 'token parse error',
  /** A user API call answered HTTP 401: the refresh token (or, for bearer calls, the access token) was rejected. */
  REFRESH_UNAUTHORIZED: 'refresh token rejected',
  /** No answer, the 10 s timeout, an HTTP error other than 401, or an answer that is not a success envelope. */
  NETWORK: 'Network Error',
  /** `signIn()` on a client without a login page (`loginPageUrl: null`: people sign in elsewhere). */
  NO_LOGIN_PAGE: 'no login page',
} as const;

/** A stable code of {@link SsoError}: a key of {@link SSO_ERROR_MESSAGES}. */
export type SsoErrorCode = keyof typeof SSO_ERROR_MESSAGES;

/**
 * The stable codes of {@link SsoError} as an `as const`-typed object, each code its own value
 * (`SSO_ERROR_CODES.CODE_ERR === 'CODE_ERR'`): AUTH_NEVER_INIT, CODE_ERR, NO_LOCAL_AUTH_INFO,
 * NO_EXIST_LOCAL_AUTH_INFO, TOKEN_PARSE, REFRESH_UNAUTHORIZED, NETWORK, NO_LOGIN_PAGE.
 */
export const SSO_ERROR_CODES = Object.fromEntries(Object.keys(SSO_ERROR_MESSAGES).map((k) => [k, k])) as {
  readonly [K in SsoErrorCode]: K;
};

/**
 * The one error class of the SSO client (SPEC §8). `code` is stable (see {@link SSO_ERROR_CODES});
 * `message` is the matching text of {@link SSO_ERROR_MESSAGES}; `cause` is the underlying error, if
 * any (for a failed call the ofetch `FetchError`, whose `status` is the HTTP status).
 *
 * @example
 * ```ts
 * try {
 *   await sso.init();
 * } catch (error) {
 *   if (error instanceof SsoError && error.code === SSO_ERROR_CODES.CODE_ERR) showSignInAgain();
 * }
 * ```
 */
export class SsoError extends Error {
  /** The stable code. */
  readonly code: SsoErrorCode;

  /**
   * @param code - one of {@link SSO_ERROR_CODES}; picks the message
   * @param cause - the underlying error
   */
  constructor(code: SsoErrorCode, cause?: unknown) {
    super(SSO_ERROR_MESSAGES[code], { cause });
    this.name = 'SsoError';
    this.code = code;
  }
}
