import type {
  ApiResponse,
  LoginResult,
  PrivateStandardConfig,
  SpaceSetting,
  TokenPair,
  UserInfo,
  ValidResult,
} from '@plugin-center/contract';
import {
  isAdminRole,
  LOGIN_METHOD_CLAIM,
  LoginStorage,
  USER_API,
  USER_API_BASE,
} from '@plugin-center/contract';
import { createFetch } from 'ofetch';
import type { SsoClient, SsoClientOptions, SsoState, SsoWindow, StorageLike } from './clientTypes';
import { SsoError } from './errors';
import { win } from './globals';
import { decodeToken, LOGIN_RECORD_KEY, type LoginRecord } from './record';
import { createTabSync, type TabMessage, type TabSync } from './tabs';
import { buildLoginUrl } from './urls';

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
    now = Date.now,
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
        (o.followLogoutMode ?? o.privateDeployment) &&
        (o.logout ??
          (await call<PrivateStandardConfig>(
            USER_API.PRIVATE_STANDARD.replace('{product}', o.loginQuery?.product || 'plugins'),
            rec.access_token,
          )
            // The session's own method when the token names it, else the first redirecting one.
            .then((c, method = decodeToken(rec.access_token)[LOGIN_METHOD_CLAIM] as string) =>
              method ? c[method] : Object.values(c).find((m) => m.enable && m.logout_mode === 'redirect'),
            )
            .catch(() => undefined)));
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
