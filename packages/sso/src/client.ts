import type {
  ApiResponse,
  LoginResult,
  LogoutMode,
  PrivateStandardConfig,
  SpaceSetting,
  TokenPair,
  UserInfo,
  ValidResult,
} from '@plugin-center/contract';
import { isAdminRole, LoginStorage, USER_API, USER_API_BASE } from '@plugin-center/contract';
import { createFetch } from 'ofetch';
import { SsoError } from './errors';
import { win } from './globals';
import { decodeToken, LOGIN_RECORD_KEY, type LoginRecord } from './record';
import { createTabSync, type TabMessage, type TabSync, type TabWindow } from './tabs';
import { buildLoginUrl, type LoginQuery } from './urls';

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
   * Private deployments: how logout works. Default: read at `signOut()` from `GET config/private/standard/{product}`
   * (bearer): the first enabled login method with `logout_mode: 'redirect'`.
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

/** Longest single wait of the refresh timer, in ms: each time it fires the expiry is compared with the clock again, so a sleep or a clock jump is noticed within a minute. */
const MAX_WAIT = 60_000;

const subscriber = (set: Set<() => void>) => (listener: () => void) => {
  set.add(listener);
  return () => {
    set.delete(listener);
  };
};

/**
 * Creates the SSO client (SPEC §4, §7, §8): login record in local/session storage or a cookie, code
 * exchange, validation at start, refresh at `exp - refreshAdvance` corrected by the server's `Date`
 * header, shared between concurrent callers and between tabs (one tab refreshes under a cross-tab
 * lock, re-reading the record first; the others adopt the broadcast tokens), re-checked when the tab
 * wakes. User API calls time out after 10 s (SPEC §9). Touches no browser global before `init()`.
 *
 * @example
 * ```ts
 * import { createSsoClient, SsoError } from '@plugin-center/sso';
 *
 * const sso = createSsoClient({ redirectUrl: `${location.origin}/callback` });
 * await sso.init(); // exchanges `?code=` after the login page, or validates the stored record
 * if (sso.getSnapshot().status === 'signed-out') await sso.signIn();
 * const token = await sso.getValidAccessToken(); // refreshed first when it is about to expire
 * ```
 */
export function createSsoClient(o: SsoClientOptions): SsoClient {
  const {
    baseURL = USER_API_BASE,
    refreshAdvance = 5000,
    now = () => Date.now(),
    setTimeout: setT = (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: clearT = (id: unknown) => clearTimeout(id as number),
  } = o;
  const $fetch = createFetch({ fetch: o.fetch });
  const listeners = new Set<() => void>();
  const hooks = new Set<() => void>();
  const queue = new Map<string, Promise<LoginRecord>>();
  let state: SsoState = { status: 'initializing', user: null, accessToken: null, isAdmin: false };
  let shown = '';
  let skew = 0; // server clock minus local clock, ms
  let timer: unknown;
  let ready: Promise<boolean> | undefined;
  let w: SsoWindow | undefined;
  let store: StorageLike | undefined;
  let tabs: TabSync | undefined; // set by init()

  const navigate = (url: string) => (o.navigate ? o.navigate(url) : w?.location.assign(url));
  /** Navigates to the login page; false (staying) when there is none (`loginPageUrl: null`). */
  const toLogin = (extra?: Record<string, string>) => {
    if (o.loginPageUrl === null) return false;
    navigate(buildLoginUrl({ ...o.loginQuery, redirect_uri: o.redirectUrl, ...extra }, o.loginPageUrl));
    return true;
  };

  /** One user API call (10 s timeout): `data` of a success envelope, else an {@link SsoError}. */
  const call = async <T>(path: string, token?: string, query?: object, method = 'GET') => {
    try {
      const res = await $fetch.raw<ApiResponse<T>>(baseURL + path, {
        method,
        query: query as Record<string, string>,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        timeout: 10_000,
        retry: 0,
      });
      const date = Date.parse(res.headers.get('date')!);
      if (date) skew = date - now();
      const code = res._data?.code;
      if (code !== 0 && code !== 200) throw res;
      return res._data!.data;
    } catch (e) {
      throw new SsoError((e as { status?: number }).status === 401 ? 'REFRESH_UNAUTHORIZED' : 'NETWORK', e);
    }
  };

  const read = (): LoginRecord | null => {
    try {
      return JSON.parse(store?.getItem(LOGIN_RECORD_KEY) || 'null');
    } catch {
      return null;
    }
  };
  const write = (rec: LoginRecord | null) =>
    rec ? store?.setItem(LOGIN_RECORD_KEY, JSON.stringify(rec)) : store?.removeItem(LOGIN_RECORD_KEY);
  const show = (rec: LoginRecord | null) => {
    const key = JSON.stringify(rec && [rec.access_token, rec.user_info]);
    if (key === shown) return;
    const wasSignedIn = shown[0] === '[';
    shown = key;
    const user = rec?.user_info ?? null;
    state = {
      status: rec ? 'signed-in' : 'signed-out',
      user,
      accessToken: rec?.access_token ?? null,
      isAdmin: isAdminRole(user?.role),
    };
    for (const listener of listeners) listener();
    if (wasSignedIn && !rec) for (const hook of hooks) hook();
  };
  /** Stores `rec` (null: removes the record), tells the other tabs, shows it. */
  const save = (rec: LoginRecord | null) => {
    const prev = read()?.refresh_token ?? null;
    write(rec);
    tabs!.post({ prev, record: rec });
    show(rec);
  };

  const schedule = (ms: number) => {
    clearT(timer);
    timer = setT(recheck, Math.min(ms, MAX_WAIT));
  };
  /** ms until the refresh of `rec` is due (≤ 0: due), on the server's clock. */
  const until = (rec: LoginRecord) =>
    decodeToken(rec.access_token).exp * 1000 - now() - skew - refreshAdvance;

  /** Refreshes `rec` when due, under the cross-tab lock; adopts the stored record if another tab rotated it first. */
  const refresh = async (rec: LoginRecord): Promise<LoginRecord> => {
    if (until(rec) <= 0)
      rec = await tabs!.lock(async () => {
        const cur = read();
        if (!cur) throw new SsoError('NO_LOCAL_AUTH_INFO');
        if (cur.refresh_token !== rec.refresh_token) return cur;
        const next = {
          ...cur,
          ...(await call<TokenPair>(USER_API.REFRESH_TOKEN, cur.refresh_token, {}, 'POST')),
        };
        save(next);
        return next;
      });
    show(rec);
    // At least a second, so that a token living shorter than the advance window cannot loop.
    schedule(Math.max(until(rec), 1000));
    return rec;
  };
  /** The stored record, refreshed first when due; concurrent checks of one refresh token share one promise. */
  const check = async (): Promise<LoginRecord> => {
    const rec = read();
    if (!rec) {
      show(null);
      throw new SsoError('NO_LOCAL_AUTH_INFO');
    }
    const key = rec.refresh_token;
    if (!queue.has(key))
      queue.set(
        key,
        refresh(rec)
          .catch((e) => {
            const code = (e as SsoError).code;
            if (code === 'NETWORK' || !(e instanceof SsoError)) schedule(5000);
            else {
              save(null);
              if (code === 'REFRESH_UNAUTHORIZED') toLogin();
            }
            throw e;
          })
          .finally(() => queue.delete(key)),
      );
    return queue.get(key)!;
  };
  const recheck = () => check().catch(() => {});

  const start = async (): Promise<boolean> => {
    if (!o.redirectUrl) {
      console.warn('[plugin-center/sso] init: redirect_url is empty');
      return false;
    }
    w = o.window ?? win();
    // `code` leaves the address bar before the first await (the space setting below, the page's own
    // scripts): nothing else on the page sees or keeps the one-time code.
    const href = w?.location.href;
    const url = href ? new URL(href) : undefined;
    const code = url?.searchParams.get('code');
    const exchange = url && code && url.searchParams.get('oauth2') !== '1';
    if (exchange) {
      url.searchParams.delete('code');
      w!.history?.replaceState(w!.history.state, '', url.href);
    }
    let kind = o.loginStorage ?? LoginStorage.LOCAL;
    if (kind === 'fetch')
      // `/api/pix/spaces/setting` on the server of the user API (the URL resolves `..`).
      kind = await call<SpaceSetting>('../pix/spaces/setting', '', { space_id: 2 }).then(
        (d) => d.ext.login_storage,
        () => LoginStorage.LOCAL,
      );
    /** Writes the login cookie; it expires with the refresh token (SPEC §9), on the browser's clock. */
    const cookie = (value: string, expires: number) => {
      w!.document!.cookie =
        `${LOGIN_RECORD_KEY}=${encodeURIComponent(value)};expires=${new Date(expires).toUTCString()};path=/${o.cookieAttributes ?? ''}`;
    };
    try {
      store =
        kind === LoginStorage.COOKIE
          ? {
              getItem: () =>
                decodeURIComponent(
                  w!.document!.cookie.match(`(?:^|; )${LOGIN_RECORD_KEY}=([^;]*)`)?.[1] ?? '',
                ),
              setItem: (_, v) => cookie(v, JSON.parse(v).refresh_token_expire_time - skew),
              removeItem: () => cookie('', 0),
            }
          : w?.[kind === LoginStorage.SESSION ? 'sessionStorage' : 'localStorage'];
    } catch {} // storage blocked: nothing is stored
    tabs = o.tabs ?? createTabSync(LOGIN_RECORD_KEY, w);
    tabs.listen(({ prev, record }: TabMessage) => {
      // A tab with its own (session) storage adopts the tokens rotated from its own refresh token.
      if (read()?.refresh_token === prev) write(record);
      recheck();
    });
    // Re-check when the tab is visible again or back online (after a sleep, timers may have stalled).
    for (const type of ['online', 'visibilitychange'])
      w?.addEventListener(type, () => w!.document?.visibilityState !== 'hidden' && recheck());

    let error: SsoError | undefined;
    if (exchange) {
      try {
        save(await call<LoginResult>(USER_API.LOGIN_CODE_USER, '', { code, redirect_uri: o.redirectUrl }));
      } catch (e) {
        error = new SsoError('CODE_ERR', e);
      }
    } else if (
      !(await tabs.lock(async () => {
        const rec = read();
        try {
          if (rec)
            save({ ...rec, user_info: (await call<ValidResult>(USER_API.VALID, rec.refresh_token)).info });
        } catch (e) {
          // Only a rejected refresh token ends the session; without an answer the record is kept.
          if ((e as SsoError).code === 'REFRESH_UNAUTHORIZED') return;
        }
        return rec;
      }))
    ) {
      save(null);
      if (o.privateDeployment || url?.pathname.includes('/admin')) toLogin();
    }
    await recheck();
    if (error) throw error;
    return true;
  };

  /** Waits for `init()`; rejects unless it succeeded and, with `record`, unless a login record is stored. */
  const need = async (record?: boolean) => {
    await ready?.catch(() => {});
    if (!tabs) throw new SsoError('AUTH_NEVER_INIT');
    const rec = read();
    if (record && !rec) throw new SsoError('NO_EXIST_LOCAL_AUTH_INFO');
    return rec!;
  };

  return {
    init: () => (ready ??= start()),
    signIn: async (query) => {
      await need();
      if (!toLogin(query)) throw new SsoError('NO_LOGIN_PAGE');
    },
    signOut: async () => {
      const rec = await need(true);
      const mode =
        o.privateDeployment &&
        (o.logout ??
          (await call<PrivateStandardConfig>(
            USER_API.PRIVATE_STANDARD.replace('{product}', o.loginQuery?.product ?? ''),
            rec.access_token,
          ).then(
            (c) => Object.values(c).find((m) => m.enable && m.logout_mode === 'redirect'),
            () => undefined,
          )));
      // No lock needed: had another tab rotated the token meanwhile, the server revokes the family anyway.
      await call(USER_API.LOGOUT, rec.refresh_token, {}, 'POST').catch(() => {});
      save(null);
      if (mode && mode.logout_mode === 'redirect' && mode.logout_url) navigate(mode.logout_url);
    },
    getValidAccessToken: async () => {
      await need();
      return (await check()).access_token;
    },
    getUserInfo: async () => {
      await need(true);
      const user = await call<UserInfo>(USER_API.USERINFO, (await check()).access_token);
      const rec = read();
      if (rec) save({ ...rec, user_info: user });
      return user;
    },
    getAccessToken: () => state.accessToken,
    getSnapshot: () => state,
    subscribe: subscriber(listeners),
    onSignOut: subscriber(hooks),
  };
}
