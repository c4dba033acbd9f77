/**
 * The types of the SSO client (`client.ts`): its status and snapshot, its options (everything that
 * varies is injectable) and its interface.
 */
import type { LoginStorage, LogoutMode, UserInfo } from '@plugin-center/contract';
import type { TabSync, TabWindow } from './tabs';
import type { LoginQuery } from './urls';

/** Status of the SSO client: `initializing` until `init()` settles, then `signed-in` or `signed-out`. */
export type SsoStatus = 'initializing' | 'signed-in' | 'signed-out';

/**
 * An immutable snapshot of the SSO client (for `useSyncExternalStore`): the same object until
 * something shown changes. Signed in means a login record with an access token is stored (SPEC §4).
 */
export interface SsoState {
  readonly status: SsoStatus;
  /** The signed-in user, null when signed out or not known yet. */
  readonly user: UserInfo | null;
  /** The stored access token (it may be about to expire: use `getValidAccessToken()` before a call). */
  readonly accessToken: string | null;
  /** Whether the user's role is 1 or 2 (SPEC §4, `isAdminRole`). */
  readonly isAdmin: boolean;
}

/** The storage calls the login record needs; `localStorage` and `sessionStorage` fit. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The parts of `window` the client uses (inject a fake one in tests): `localStorage`, `sessionStorage`
 * and `document.cookie` hold the login record; `navigator.locks` and `BroadcastChannel` (else a
 * localStorage lease and `storage` events) serve the cross-tab lock and messages; `location.href` is
 * read for `code`, `location.assign` navigates, `history.replaceState` removes `code`; `online` and
 * `visibilitychange` events trigger a re-check.
 */
export interface SsoWindow extends TabWindow {
  location: { readonly href: string; assign(url: string): void };
  history?: Pick<History, 'replaceState' | 'state'>;
  sessionStorage?: StorageLike;
  document?: Pick<Document, 'visibilityState' | 'cookie'>;
  addEventListener(type: string, listener: (event: Event) => void): void;
}

/** Options of {@link createSsoClient}. Everything that varies is injectable (DESIGN "inject what varies"). */
export interface SsoClientOptions {
  /** redirect_url: where the login page sends the browser back with `code`; empty makes `init()` fail with a console warning (SPEC §5). */
  redirectUrl: string;
  /** More login page query (SPEC §2): `from`, `channel`, `product`, `ux_mode`, `response_type` (default `'code'`). `product` also names the private-deployment config. */
  loginQuery?: Partial<LoginQuery>;
  /**
   * The login page, default `LOGIN_PAGE_PATH` (`/user/login/`); absolute for another site. `null`:
   * this site has no login page (people sign in elsewhere, e.g. the host product of a private
   * deployment without login): `signIn()` rejects with `NO_LOGIN_PAGE` and a rejected session is
   * only cleared, never sent to a login page.
   */
  loginPageUrl?: string | null;
  /** Base of the user API, default `USER_API_BASE` (`/api/uc/`). */
  baseURL?: string;
  /**
   * Where the login record lives (SPEC §3): `LoginStorage` 0 local (default), 1 session, 2 cookie, or
   * `'fetch'`: `data.ext.login_storage` of `GET /api/pix/spaces/setting?space_id=2` on the user API's server
   * (`{baseURL}../pix/spaces/setting`), read at `init()` (local if that fails).
   */
  loginStorage?: LoginStorage | 'fetch';
  /**
   * More attributes of the login cookie, e.g. `'; domain=example.com; secure; samesite=lax'` (share it
   * with sibling sites). It always has `path=/` and `expires` = the refresh token's expiry.
   */
  cookieAttributes?: string;
  /** A private deployment (SPEC §4): sign-in is required at start, and `signOut()` may redirect (see `logout`). */
  privateDeployment?: boolean;
  /**
   * Follow the deployment's logout mode at `signOut()` (see `logout`) without requiring sign-in at
   * start; default `privateDeployment`. For a site of a private deployment that visitors may browse.
   */
  followLogoutMode?: boolean;
  /**
   * Private deployments: how logout works. Default: read at `signOut()` from `GET config/private/standard/{product}`
   * (bearer; `product` of `loginQuery`, else `plugins`): the entry of the method the session was
   * signed in with (the access token's `login_method` claim), or, for a token that names none, the
   * first enabled login method with `logout_mode: 'redirect'`.
   */
  logout?: { logout_mode: LogoutMode; logout_url: string | null };
  /** Refresh this many ms before the access token expires, default 5000 (SPEC §9). */
  refreshAdvance?: number;
  /** The fetch implementation (given to ofetch's `createFetch`), default the global `fetch`. */
  fetch?: typeof fetch;
  /** The clock, ms since the Unix epoch; default `Date.now()`. */
  now?: () => number;
  /** Timer of the refresh schedule, default the global `setTimeout`. */
  setTimeout?(callback: () => void, ms: number): unknown;
  /** Default the global `clearTimeout`. */
  clearTimeout?(id: unknown): void;
  /** Full-page navigation, default `window.location.assign(url)`. */
  navigate?: (url: string) => void;
  /** The browser, default the global `window` (see {@link SsoWindow}). */
  window?: SsoWindow;
  /**
   * Cross-tab lock and messages. Default, on `window`: Web Locks (lock `plugin_center_login:lease`) and a
   * `BroadcastChannel` named `plugin_center_login`; without them a localStorage lease and `storage` events.
   */
  tabs?: TabSync;
}

/** The SSO client {@link createSsoClient} returns. */
export interface SsoClient {
  /**
   * Starts the client, once (later calls return the same promise). With an empty `redirectUrl` it
   * warns on the console and resolves `false`; the client then stays uninitialised. Otherwise it picks
   * the login storage (after taking a `code` out of the address bar with `history.replaceState`,
   * before any request), then: with `code` (and no `oauth2=1`) exchanges it (`GET
   * user/login/code/user`) for the login record; else validates the stored record through `GET user/valid` (refresh token) and re-stores it. A 401 (or no
   * record) clears it, and for private deployments or paths containing `/admin` navigates to sign-in;
   * other failures keep it. Finally it refreshes or schedules the refresh, and listens to the other
   * tabs and to `online` / `visibilitychange`. Resolves `true`.
   * @throws {@link SsoError} `CODE_ERR` when the code exchange fails (the client is initialised anyway)
   */
  init(): Promise<boolean>;
  /**
   * Navigates (full page) to the login URL built from the options, plus `query` (e.g. `{ page: 'sign_up' }`).
   * A `redirect_uri` in `query` replaces the option's `redirectUrl` (a single-page app signing in
   * from a page it navigated to; that page must exchange the code with the same string, as an app
   * that computes `redirectUrl` from its own address at load does).
   * @throws `AUTH_NEVER_INIT`; `NO_LOGIN_PAGE` when `loginPageUrl` is `null`
   */
  signIn(query?: Record<string, string>): Promise<void>;
  /**
   * Signs out: `POST user/logout` with the refresh token (a failure is ignored), clears the login
   * record (all tabs), runs the `onSignOut` listeners, and in private deployments navigates to the
   * logout URL when the logout mode is `redirect`.
   * @throws `AUTH_NEVER_INIT`; `NO_EXIST_LOCAL_AUTH_INFO` when no record is stored
   */
  signOut(): Promise<void>;
  /**
   * The access token, refreshed first (`POST user/refresh_token`, one request however many callers)
   * when it expires within `refreshAdvance` ms.
   * @throws `AUTH_NEVER_INIT`; `NO_LOCAL_AUTH_INFO` when no record is stored; `TOKEN_PARSE` (then
   *   signed out); `REFRESH_UNAUTHORIZED` (then signed out and sent to sign-in); `NETWORK` (the refresh is
   *   retried after 5 s)
   */
  getValidAccessToken(): Promise<string>;
  /**
   * Loads the user (`GET user/userinfo`, bearer) and stores it in the login record.
   * @throws `AUTH_NEVER_INIT`; `NO_EXIST_LOCAL_AUTH_INFO` when no record is stored; as `getValidAccessToken`; `NETWORK`
   */
  getUserInfo(): Promise<UserInfo>;
  /** The current access token or null, synchronously: the `getAccessToken` option of `createApiClient`. */
  getAccessToken(): string | null;
  /** The current immutable {@link SsoState}. */
  getSnapshot(): SsoState;
  /** Calls `listener` after every snapshot change; returns the function that unsubscribes. */
  subscribe(listener: () => void): () => void;
  /**
   * Calls `listener` whenever this tab goes from signed in to signed out (sign-out, rejected refresh,
   * another tab's sign-out), e.g. to reset the analytics identity; returns the unsubscribe. Listeners must not throw.
   */
  onSignOut(listener: () => void): () => void;
}
