/**
 * `@plugin-center/sso`: the framework-free single sign-on client (SPEC §2, §3, §4, §7, §8, §9) — the
 * login record in localStorage, sessionStorage or a cookie, the code exchange, validation at start,
 * the refresh queue shared by concurrent callers and across tabs, sign-out with its hooks and logout
 * modes, and the login page URLs. Safe to import in Node and during SSR.
 *
 * @packageDocumentation
 */

export { createSsoClient } from './client';
export type { SsoClient, SsoClientOptions, SsoState, SsoStatus, SsoWindow, StorageLike } from './clientTypes';
export type { SsoErrorCode } from './errors';
export { SSO_ERROR_CODES, SSO_ERROR_MESSAGES, SsoError } from './errors';
export type { LoginRecord } from './record';
export { decodeToken, LOGIN_RECORD_KEY } from './record';
export type { TabMessage, TabSync, TabWindow } from './tabs';
export type { BindPageQuery, DocsLoginQuery, LoginQuery } from './urls';
export {
  buildBindOtherUrl,
  buildBindPageUrl,
  buildDocsLoginUrl,
  buildLoginUrl,
  buildSignUpUrl,
} from './urls';
