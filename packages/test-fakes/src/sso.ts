import type { TokenPair, UserInfo } from '@plugin-center/contract';
import { type Mock, vi } from 'vitest';
import { fakeFetch, json, ok, type SeenRequest } from './fetch';

export { json, ok };

/** The login record as `@plugin-center/sso` stores it (its `LoginRecord`). */
export type LoginRecord = TokenPair & { user_info: UserInfo | null };

/** The storage calls the SSO client makes (its `StorageLike`). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A message between tabs (the SSO client's `TabMessage`). */
export interface TabMessage {
  prev: string | null;
  record: LoginRecord | null;
}

/** Cross-tab coordination (the SSO client's `TabSync`). */
export interface TabSync {
  lock<T>(task: () => Promise<T>): Promise<T>;
  post(message: TabMessage): void;
  listen(listener: (message: TabMessage) => void): void;
}

/** An unsigned JWT whose payload has `exp` (seconds). */
export const jwt = (expMs: number, sub = 'u1', claims: Record<string, unknown> = {}) => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ exp: Math.floor(expMs / 1000), sub, ...claims })}.signature`;
};

/** A user (role 0 unless given). */
export const user = (patch: Partial<UserInfo> = {}): UserInfo => ({
  user_id: 1,
  account_id: 'acc-1',
  user_name: 'ada',
  nick_name: 'Ada',
  email: 'ada@example.com',
  mobile: null,
  avatar_url: null,
  created_at: 0,
  department: null,
  e_id: null,
  is_administrator: false,
  is_owner: false,
  staff_status: 1,
  identification: null,
  role: 0,
  ...patch,
});

/** A login record whose access token expires `accessIn` ms after `Date.now()`, refresh token after one hour. */
export const record = (accessIn: number, refresh = 'r1', info: UserInfo | null = user()): LoginRecord => ({
  access_token: jwt(Date.now() + accessIn, refresh),
  refresh_token: refresh,
  access_token_expire_time: Date.now() + accessIn,
  refresh_token_expire_time: Math.floor((Date.now() + 3_600_000) / 1000) * 1000,
  user_info: info,
});

/** A Map-backed Storage; `onSet(key, value)` sees every write (value null: removal). */
export function memoryStorage(onSet?: (key: string, value: string | null) => void): StorageLike & {
  map: Map<string, string>;
} {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      map.set(k, String(v));
      onSet?.(k, String(v));
    },
    removeItem: (k) => {
      map.delete(k);
      onSet?.(k, null);
    },
  };
}

/** A cookie jar behind `document.cookie` honouring `expires` and `max-age=0`; `writes` holds every assignment. */
export function cookieDocument() {
  const jar = new Map<string, { value: string; expires: number }>();
  const writes: string[] = [];
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    get cookie() {
      return [...jar]
        .filter(([, c]) => c.expires > Date.now())
        .map(([k, c]) => `${k}=${c.value}`)
        .join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = '', ...attrs] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      let expires = Number.POSITIVE_INFINITY;
      for (const a of attrs) {
        const [k = '', v = ''] = a.trim().split('=');
        if (k.toLowerCase() === 'expires') expires = Date.parse(v);
        if (k.toLowerCase() === 'max-age') expires = Date.now() + Number(v) * 1000;
      }
      jar.set(name, { value, expires });
    },
  };
  return { doc, jar, writes };
}

/** The window {@link fakeWindow} returns. */
export interface FakeWindow {
  location: { href: string; assign: Mock<(url: string) => void> };
  history: { state: unknown; replaceState: Mock<(state: unknown, title: string, url: string) => void> };
  localStorage: StorageLike;
  sessionStorage: StorageLike;
  document: ReturnType<typeof cookieDocument>['doc'];
  /** Every assignment to `document.cookie`. */
  cookieWrites: string[];
  addEventListener(type: string, listener: (event: Event) => void): void;
  /** Fires an event of `type` at the window. */
  dispatch(type: string): boolean;
}

/** A fake window at `href`: its own storages, cookie document, location, history and event target. */
export function fakeWindow(
  href = 'https://product.example.com/app/page',
  shared?: { localStorage?: StorageLike },
): FakeWindow {
  const events = new EventTarget();
  const { doc, writes } = cookieDocument();
  const location = { href, assign: vi.fn<(url: string) => void>() };
  const history = {
    state: { router: 1 },
    replaceState: vi.fn((_state: unknown, _title: string, url: string) => {
      location.href = new URL(url, location.href).href;
    }),
  };
  return {
    location,
    history,
    localStorage: shared?.localStorage ?? memoryStorage(),
    sessionStorage: memoryStorage(),
    document: doc,
    cookieWrites: writes,
    addEventListener: (type: string, listener: (e: Event) => void) => events.addEventListener(type, listener),
    dispatch: (type: string) => events.dispatchEvent(new Event(type)),
  };
}

/**
 * Cross-tab coordination for tests: one in-memory mutex and message bus shared by the TabSyncs that
 * `tab()` returns; a message reaches every other tab (not the sender), after a microtask.
 */
export function memoryTabs() {
  let chain: Promise<unknown> = Promise.resolve();
  const listeners = new Map<TabSync, (m: TabMessage) => void>();
  const tab = (): TabSync => {
    const self: TabSync = {
      lock: (task) => {
        const run = chain.then(task, task);
        chain = run.catch(() => {});
        return run;
      },
      post: (message) => {
        for (const [t, l] of listeners) if (t !== self) queueMicrotask(() => l(message));
      },
      listen: (listener) => {
        listeners.set(self, listener);
      },
    };
    return self;
  };
  return { tab };
}

/**
 * A fake user API server on a fake fetch. Issues rotating tokens (access tokens live `accessTtl` ms);
 * `handle[path]` overrides an answer. `requests` holds what was sent; `count(path)` counts requests to a path.
 */
export function fakeServer(options: { accessTtl?: number; serverOffset?: number; info?: UserInfo } = {}) {
  const { accessTtl = 60_000, serverOffset = 0 } = options;
  let serial = 1;
  const handle: Record<string, (req: SeenRequest) => Response | Promise<Response>> = {};
  const dated = (data: unknown) => {
    const res = ok(data);
    res.headers.set('date', new Date(Date.now() + serverOffset).toUTCString());
    return res;
  };
  const pair = (): TokenPair => {
    const t = Date.now() + serverOffset;
    serial += 1;
    return {
      access_token: jwt(t + accessTtl, `r${serial}`),
      refresh_token: `r${serial}`,
      access_token_expire_time: t + accessTtl,
      refresh_token_expire_time: Math.floor((t + 3_600_000) / 1000) * 1000,
    };
  };
  const info = options.info ?? user();
  const net = fakeFetch((req) => {
    const path = req.url.pathname;
    const own = handle[path];
    if (own) return own(req);
    if (path === '/api/uc/user/valid') return dated({ info });
    if (path === '/api/uc/user/refresh_token') return dated(pair());
    if (path === '/api/uc/user/login/code/user') return dated({ ...pair(), user_info: info });
    if (path === '/api/uc/user/logout') return dated(null);
    if (path === '/api/uc/user/userinfo') return dated({ ...info, nick_name: 'Ada Lovelace' });
    return json({ code: 40401, error: 'ROUTE_NOT_FOUND', message: 'no route', data: null }, 404);
  });
  const count = (path: string) => net.requests.filter((r) => r.url.pathname === `/api/uc/${path}`).length;
  return { ...net, handle, count, pair, dated };
}

/** The 401 answer of the user API. */
export const unauthorized = () =>
  json({ code: 401, error: 'UNAUTHORIZED', message: 'refresh token rejected', data: null }, 401);
