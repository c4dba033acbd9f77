import type { PageMode, TrackerState } from './constants';
import type { Properties, PropertyValue } from './validate';

/** Something that takes event listeners (`window`, `document`, an element). */
export interface Listenable {
  addEventListener(
    type: string,
    listener: (event: Event) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: (event: Event) => void,
    options?: boolean | EventListenerOptions,
  ): void;
}

/** The storage calls the tracker needs; `localStorage` and `sessionStorage` fit. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Number of keys (page-leave recovery scans the keys). */
  readonly length: number;
  key(index: number): string | null;
}

/**
 * The parts of `window` the tracker and its plugins use (inject a fake one in tests): the cookie,
 * referrer, title, visibility, ready state and scroll position of `document`; `location.href`;
 * `navigator.sendBeacon`; `localStorage`; `history` (single-page patch); `parent` (frames);
 * `performance` (page load); events (`visibilitychange`, `pagehide`, `click`, `scroll`, `load`,
 * `popstate`, `hashchange`).
 */
export interface AnalyticsWindow extends Listenable {
  location: { readonly href: string };
  document: Listenable & {
    cookie: string;
    readonly referrer: string;
    readonly title: string;
    readonly visibilityState: DocumentVisibilityState;
    readonly readyState?: DocumentReadyState;
    readonly documentElement?: { readonly scrollTop: number } | null;
  };
  navigator?: { sendBeacon?(url: string, data?: BodyInit | null): boolean };
  localStorage?: StorageLike;
  history?: Pick<History, 'pushState' | 'replaceState'>;
  /** The vertical scroll position, px, when `document.documentElement.scrollTop` is 0. */
  readonly pageYOffset?: number;
  /** Compared with the window itself: a page inside a frame may be in visual mode. */
  readonly parent?: unknown;
  performance?: Pick<Performance, 'getEntriesByType'>;
}

/** Record types the tracker sends (a subset of the collector's `TrackedEvent.type`). */
export type RecordType = 'track' | 'track_signup' | 'profile_set';

/**
 * One record as sent to the collector: the Sensors Data JSON that `TrackedEvent` of
 * `@plugin-center/contract` describes. `time` in ms since the Unix epoch.
 * `distinct_id` is the login id when logged in, else the anonymous id; `login_id` / `anonymous_id`
 * say which is which (the login key is in `identities`).
 */
export interface TrackedRecord {
  type: RecordType;
  /** The event name (`track`, `track_signup`); absent for `profile_set`. */
  event?: string;
  distinct_id: string;
  /** `track_signup`: the anonymous id the login id replaces. */
  original_id?: string;
  anonymous_id?: string;
  login_id?: string;
  identities: Record<string, string>;
  time: number;
  /** A random number that tells retries apart (set when sent). */
  _track_id?: number;
  lib: { $lib: 'js'; $lib_method: 'code'; $lib_version: string };
  properties: Record<string, string | number | boolean | string[] | null>;
}

/**
 * The identity state (SPEC §3), stored in the identity cookie (Sensors `store._state`):
 * - `distinct_id`: the anonymous id (a UUID) or, once logged in, the login id;
 * - `first_id`: the anonymous id while logged in, `''` while anonymous;
 * - `identities`: `$identity_cookie_id` (kept for the browser), and `$identity_login_id` (or the
 *   login key used) while logged in;
 * - `history_login_id`: the login key and id of the current login (`{ name: '', value: '' }` when none);
 * - `props`: the registered properties, sent with every event.
 */
export interface IdentityState {
  readonly distinct_id: string;
  readonly first_id: string;
  readonly identities: Readonly<Record<string, string>>;
  readonly history_login_id: { readonly name: string; readonly value: string };
  readonly props: Readonly<Record<string, PropertyValue>>;
}

/** An immutable snapshot of the tracker (for `useSyncExternalStore`): a new object on each change. */
export interface TrackerSnapshot extends IdentityState {
  readonly state: TrackerState;
  /** The page mode (only `track` sends; `track` unless the page-mode plugin finds another). */
  readonly mode: PageMode;
  /** The visitor's consent as the tracker knows it (the `consent` option, `grant()`, `deny()`). */
  readonly consent: Consent;
}

/**
 * The visitor's consent to analytics (cookie consent, "marketing"): `granted` tracks; `pending`
 * (not decided yet) and `denied` store nothing and send nothing. See `TrackerOptions.consent`.
 */
export type Consent = 'pending' | 'granted' | 'denied';

/** Registered properties of the marketplace (SPEC §3): product, tid, pid, uid (`null` clears one); others allowed. */
export type RegisteredProperties = {
  product?: string | null;
  tid?: string | null;
  pid?: string | null;
  uid?: string | null;
} & Properties;

/**
 * User profile properties (SPEC §3 "Analytics profile"): yt_uid, user_name, nick_name, email,
 * mobile, sex, birthday, channel, co_channel_from; others allowed.
 */
export type ProfileProperties = {
  yt_uid?: string;
  user_name?: string;
  nick_name?: string;
  email?: string;
  mobile?: string;
  sex?: string;
  birthday?: string;
  channel?: string;
  co_channel_from?: string;
} & Properties;

/** Deployment types that pick the collector project (SPEC §9): www, oversea, test. */
export type Deployment = 'www' | 'oversea' | 'test';

/**
 * Options of the tracker. Everything that varies is injectable (DESIGN "inject what varies"); all are
 * optional and may be given to the factory, to `init()`, or both (`init()`'s win).
 */
export interface TrackerOptions {
  /**
   * Origin (or path prefix) of the collector, default `''`: the page's own origin. Records go to
   * `{server}{collectorPath}?project={project}`.
   */
  server?: string;
  /**
   * Path of the collector, default `COLLECTOR_PATH` (`/sa`). Give a path on the site's own origin
   * (proxied to the collector) so that blockers of known tracker hosts do not drop events.
   */
  collectorPath?: string;
  /** The collector project; default from `deployment`. */
  project?: string;
  /** Picks the project (SPEC §9): `www` → `production`, `oversea` → `oversea_production`, `test` (default) → `default`. */
  deployment?: Deployment;
  /** A send is aborted after this many ms, default 8000 (SPEC §9). */
  sendTimeout?: number;
  /**
   * The visitor's consent at start (posthog-js `opt_out_capturing_by_default`), default `granted`
   * (no change for sites that need none). `pending`: nothing is written to cookies or storage and
   * nothing is sent until `grant()`; the calls made meanwhile are held in memory and run after it.
   * `denied`: the same, calls are dropped, and `init()` removes what the tracker stored before.
   */
  consent?: Consent;
  /** Throw `AnalyticsError` on invalid calls instead of logging and dropping them. */
  strict?: boolean;
  /** Domain attribute of the identity cookie (e.g. `.example.com` to share it with sibling sites); default none. */
  cookieDomain?: string;
  /** Plugins, set up at `store done` in this order (calls they make to the tracker run after the queued ones). */
  plugins?: readonly TrackerPlugin[];
  /** The browser, default the global `window` (see {@link AnalyticsWindow}). */
  window?: AnalyticsWindow;
  /** Storage of the batch queue, heartbeats, visual config; default `window.localStorage`. */
  storage?: StorageLike;
  /** The fetch implementation, default the global `fetch`. */
  fetch?: typeof fetch;
  /** The clock, ms since the Unix epoch; default `Date.now()`. */
  now?: () => number;
  /** Timers, default the global `setTimeout`. */
  setTimeout?(callback: () => void, ms: number): unknown;
  /** Default the global `clearTimeout`. */
  clearTimeout?(id: unknown): void;
  /** New anonymous ids, default a random UUID (v4). */
  uuid?: () => string;
  /** Receives each dropped call's `AnalyticsError` and each failure (a send's error or non-2xx `Response`, visual config, deeplink); default `console.warn`. */
  log?: (error: unknown) => void;
}

/**
 * The tracker's kernel, given to each plugin's `setup` at `store done`: the merged options, the
 * window, storage, clock and timers, the ways to build and send records, the identity (`save`),
 * and the fields a plugin may change (`mode`, `maxString`, `transport`, `flush`, `decorators`,
 * `cleanups`, `ready`).
 */
export interface PluginHost {
  readonly tracker: Tracker;
  readonly options: Readonly<TrackerOptions>;
  readonly window: AnalyticsWindow;
  readonly storage: StorageLike | undefined;
  /** The collector project in use. */
  readonly project: string;
  /** The page mode (the page-mode plugin sets it); records are sent only in mode `track`. */
  mode: PageMode;
  /** Longest string value, default 500 (the channel plugin sets 1024). */
  maxString: number;
  /**
   * Delivers a sent record. Default: keeps it until the task ends (a microtask), then posts the
   * task's records, one alone as `data=`, more as `data_list` requests of at most 100; a `beacon`
   * record posts them at once by beacon. The batch plugin replaces it with its stored queue.
   */
  transport(record: TrackedRecord, beacon?: boolean): void;
  /** What `tracker.flush()` does; default: posts the records waiting for the task's end (the batch plugin sends its queue). */
  flush(): Promise<void>;
  /** Called in order on every record built, before strings are cut. */
  readonly decorators: ((record: TrackedRecord) => void)[];
  /** Called by `destroy()`. */
  readonly cleanups: (() => void)[];
  /** The clock (the `now` option), ms since the Unix epoch. */
  now(): number;
  /** Calls `callback` after `ms` ms (the `setTimeout` option) unless destroyed, or consent denied, meanwhile; returns the function that cancels it. */
  timer(callback: () => void, ms: number): () => void;
  /** Reports a failure through the `log` option (never throws). */
  log(error: unknown): void;
  /**
   * Changes the identity: merges `identity` into it, stores it in the identity cookie and notifies
   * subscribers; no validation, no record (the site-linker plugin adopts an anonymous id with it, as
   * Sensors `identify(id, true)` does).
   */
  save(identity: Partial<IdentityState>): void;
  /**
   * Whether the tracker's calls run at once: not before the plugins are set up, when they wait in
   * its queue (replayed in order after setup, the page's first). A plugin may set it to true around
   * a call that must come first, then back to false (the site-linker plugin's `login`).
   */
  ready?: boolean;
  /** `fetch(url, init)` with the `fetch` option, aborted (rejected) after `timeout` ms. */
  request(url: string, init: RequestInit | undefined, timeout: number): Promise<Response>;
  /**
   * POSTs a form body to `{server}{collectorPath}?project=`: by `navigator.sendBeacon` when `beacon`
   * or the page is hidden, else `fetch` (`keepalive` when the body is under 20,000 characters, since
   * browsers cap keepalive bodies in flight at 64 KiB), aborted after `sendTimeout`. Resolves
   * whether it was accepted (2xx, or the beacon queued); failures are logged.
   */
  post(body: string, beacon?: boolean): Promise<boolean>;
  /**
   * Builds a record as `track()` does, without validation: identity, registered properties, the
   * presets ($lib, $lib_version, $url, $title), then `properties`; decorators applied, strings
   * cut to `maxString`.
   */
  build(type: RecordType, event?: string, properties?: Properties): TrackedRecord;
  /** Stamps (`_track_id`) and delivers a record through `transport`, unless the mode is not `track`, consent is not granted or the tracker is destroyed. */
  send(record: TrackedRecord, beacon?: boolean): void;
}

/** A plugin: `setup` runs once at `store done`; it may return a cleanup that `destroy()` calls. */
export interface TrackerPlugin {
  // biome-ignore lint/suspicious/noConfusingVoidType: a setup returns nothing, or its cleanup
  setup(host: PluginHost): void | (() => void);
}

/** The tracker (see `createTracker`). Calls never throw into the page unless `strict` is set. */
export interface Tracker {
  /**
   * Starts the tracker, once: merges `options`, loads or creates the identity (state `store
   * done`), sets up the plugins, then replays the calls made before (and those the plugins made).
   * Without a window (server) it stays `init started` and keeps queueing.
   */
  init(options?: TrackerOptions): void;
  /**
   * Tracks `event` with `properties` (a `track` record). Invalid names or properties (SPEC §5) are
   * logged and dropped (thrown with `strict`).
   * @throws `AnalyticsError` with `strict` only
   */
  track(event: string, properties?: Properties): void;
  /**
   * Tracks a `$pageview` of the current URL: `$url`, `$url_path`, `$title`, `$referrer`
   * (`document.referrer`, cut to 200) and `properties`. The page-view plugin makes `$referrer` the
   * previous page view's URL and adds `$utm_*`; on a URL other than the page's, the page-leave
   * plugin first reports the page left (single-page apps).
   */
  trackPageview(properties?: Properties): void;
  /**
   * Registers properties sent with every later event and stored in the identity cookie (strings cut
   * to 200, Sensors `setProps`); set one to `null` to clear it. The marketplace registers product,
   * tid, pid, uid.
   */
  register(properties: RegisteredProperties): void;
  /** Sets user profile properties (a `profile_set` record, SPEC §3 profile fields). */
  setProfile(properties: ProfileProperties): void;
  /**
   * Logs in (SPEC §4 anonymous → logged-in): `distinct_id` becomes `id` (a number is converted),
   * `first_id` keeps the anonymous id, `identities` holds the cookie id and `{ [key]: id }`, and a
   * `track_signup` `$SignUp` record with `original_id` = the anonymous id is sent. Logging in again
   * with the same key and id does nothing.
   * @param key - the login key, default `$identity_login_id`; not `$identity_anonymous_id` or `$identity_cookie_id`
   */
  login(id: string | number, key?: string): void;
  /**
   * Logs out (SPEC §4 "clear ... analytics identity"): a new anonymous `distinct_id`, `first_id` and
   * the login cleared, only `$identity_cookie_id` kept. Fits the SSO client's
   * `onSignOut(() => analytics.logout())`. Registered properties are kept (`register({ uid: null })`
   * clears one).
   */
  logout(): void;
  /** Sends what waits now: the batch queue with the batch plugin (resolves when answered), else the records waiting for the task's end (resolves once posted). */
  flush(): Promise<void>;
  /** The current {@link TrackerSnapshot}. */
  getSnapshot(): TrackerSnapshot;
  /** Calls `listener` after every snapshot change; returns the function that unsubscribes. */
  subscribe(listener: () => void): () => void;
  /**
   * Consent given (posthog-js `opt_in_capturing`): starts the tracker if `init()` ran (else `init()`
   * will), with the identity stored before or a new one, and runs the calls held meanwhile. Nothing
   * after `destroy()`.
   */
  grant(): void;
  /**
   * Consent refused or withdrawn (posthog-js `opt_out_capturing`): at once, nothing more is sent or
   * stored; held and unsent records are dropped, the plugins' listeners and every timer stopped; the
   * identity is forgotten and the identity cookie and every `pcsa_` key of the storage removed.
   * Later calls are dropped until `grant()`, which starts afresh with a new anonymous id.
   */
  deny(): void;
  /** Stops: runs the plugins' cleanups (listeners, history patch), cancels their timers. Later calls are dropped. */
  destroy(): void;
}
