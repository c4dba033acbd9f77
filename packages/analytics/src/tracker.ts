import { AnalyticsProject, COLLECTOR_PATH } from '@plugin-center/contract';
import {
  IDENTITY_COOKIE,
  IDENTITY_COOKIE_DAYS,
  IDENTITY_KEY,
  LIB_VERSION,
  MAX_COALESCED,
  MAX_HELD,
  REFERRER_LENGTH,
  SEND_TIMEOUT,
  STORAGE_PREFIX,
  STRING_LENGTH,
  TrackerState,
} from './constants';
import { encodeBatch, encodeTrackData } from './encode';
import type { AnalyticsError } from './errors';
import { win } from './globals';
import type {
  Consent,
  IdentityState,
  PluginHost,
  TrackedRecord,
  Tracker,
  TrackerOptions,
  TrackerSnapshot,
} from './types';
import { decode, getCookie, isHidden, pathOf, referrerOf, safe, setCookie, uuid4, writeJson } from './util';
import { checkId, checkLoginKey, checkName, checkProperties, type Properties } from './validate';

const NO_LOGIN = { name: '', value: '' };
const EMPTY: IdentityState = {
  distinct_id: '',
  first_id: '',
  identities: {},
  history_login_id: NO_LOGIN,
  props: {},
};
const { COOKIE, LOGIN } = IDENTITY_KEY;

/** Cuts the string values of `p` to `max` characters, in place. */
const cut = (p: Record<string, unknown>, max: number) => {
  for (const k in p) if (typeof p[k] === 'string') p[k] = (p[k] as string).slice(0, max);
  return p;
};

/**
 * Creates the tracker (SPEC §1, §3, §4, §5, §7, §9): the core of
 * `@plugin-center/analytics`, without automatic tracking (add plugins, or use `createAnalytics`).
 *
 * - States `not started` → `init started` → `store done` ({@link TrackerState}); calls made before
 *   the tracker is ready are queued and replayed.
 * - Identity in the cookie `plugincenter2015jssdkcross` (360 days; localStorage when cookies are
 *   blocked): an anonymous UUID, `login` (a `$SignUp` `track_signup` record), `logout`.
 * - Validation of SPEC §5 with the messages of §8: invalid calls are logged and dropped, or thrown
 *   with `strict`.
 * - Records in the Sensors JSON, `POST {server}{collectorPath}?project=`: the records of one task
 *   together at its end (a microtask), one alone as `data=…&ext=crc%3D…`, more as `data_list`
 *   requests of at most {@link MAX_COALESCED} (`fetch`, `keepalive` for small bodies, aborted after
 *   8 s), by `navigator.sendBeacon` while the page is hidden (see {@link PluginHost.post}).
 * - Plugins get the tracker's kernel ({@link PluginHost}) at `store done`.
 * - Consent (the `consent` option, `grant()`, `deny()`; posthog-js `opt_out_capturing_by_default`,
 *   `opt_in_capturing`, `opt_out_capturing`): until granted the tracker does not start, so it writes
 *   no cookie or storage and sends nothing; calls wait in memory (at most {@link MAX_HELD}) and run
 *   after `grant()`. `deny()` drops them, stops the plugins (listeners, timers), forgets the identity
 *   and removes the identity cookie and every `pcsa_` storage key; a later `grant()` starts again.
 *
 * Touches no browser global before `init()`: safe to import and create during SSR.
 *
 * @example
 * ```ts
 * import { createTracker } from '@plugin-center/analytics/core';
 * import { clickPlugin, pageviewPlugin } from '@plugin-center/analytics';
 *
 * const tracker = createTracker({ deployment: 'test', plugins: [pageviewPlugin(), clickPlugin()] });
 * tracker.init();
 * tracker.track('Search', { keyword: 'icons' });
 * ```
 */
export function createTracker(options: TrackerOptions = {}): Tracker {
  let o = options;
  let state: TrackerState = TrackerState.NOT_STARTED;
  let id = EMPTY;
  let snap: TrackerSnapshot;
  let dead = false;
  let consent: Consent = o.consent ?? 'granted';
  /** Whether the identity is loaded and the plugins are set up (consent granted). */
  let started = false;
  /** Counts `deny()` calls: a timer set before one does not fire. */
  let era = 0;
  /** Whether the tracker may store and send: consent granted, not destroyed. */
  const on = () => consent === 'granted' && !dead;
  const listeners = new Set<() => void>();
  const queue: (() => void)[] = [];
  /** Records sent in the current task, not yet posted (see `transport`). */
  const pending: TrackedRecord[] = [];
  /** Posts the pending records: one alone as Sensors' `data=`, more as `data_list` batches of at most {@link MAX_COALESCED}. */
  const drain = (beacon?: boolean) => {
    for (const rs = pending.splice(0); rs[0]; ) {
      const c = rs.splice(0, MAX_COALESCED);
      void k.post(c[1] ? encodeBatch(c) : encodeTrackData(c[0]!), beacon);
    }
  };
  const log = (e: unknown) => (o.log ?? console.warn)(e);
  const uuid = () => (o.uuid ?? uuid4)();
  /** True when valid; else logs and returns false, or throws with `strict`. */
  const valid = (error: AnalyticsError | undefined) => {
    if (error && o.strict) throw error;
    if (error) log(error);
    return !error;
  };
  const emit = () => {
    snap = { ...id, state, mode: k.mode, consent };
    for (const l of listeners) l();
  };
  /**
   * Merges `next` into the identity and stores it in its cookie (360 days), in storage when the
   * cookie cannot be written (also the kernel's `save`).
   */
  const save = (next: Partial<IdentityState>) => {
    id = { ...id, ...next };
    if (!on()) return;
    const json = JSON.stringify(id);
    const doc = k.window.document;
    setCookie(doc, IDENTITY_COOKIE, json, IDENTITY_COOKIE_DAYS, o.cookieDomain);
    if (getCookie(doc, IDENTITY_COOKIE) !== json) writeJson(k.storage, IDENTITY_COOKIE, id);
    emit();
  };
  /**
   * Wraps a call: dropped after `destroy()` or while consent is denied, queued until the tracker is
   * ready (`k.ready`; at most {@link MAX_HELD} calls held, the later ones dropped).
   */
  const call =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      if (dead || consent === 'denied') return;
      if (k.ready) fn(...args);
      else if (queue.length < MAX_HELD) queue.push(() => fn(...args));
    };
  /** The browser's storage: `o.storage`, else localStorage (undefined when blocked or absent). */
  const store = () => o.storage ?? safe(() => k.window.localStorage);
  /** Removes what the tracker stored: the identity cookie, and its storage keys (`pcsa_…`, the identity). */
  const wipe = () => {
    setCookie(k.window.document, IDENTITY_COOKIE, '', 0, o.cookieDomain);
    const s = store();
    safe(() => {
      for (let i = s!.length; i--; ) {
        const key = s!.key(i)!;
        if (key === IDENTITY_COOKIE || key.startsWith(STORAGE_PREFIX)) s!.removeItem(key);
      }
    });
  };
  /**
   * Starts, with consent and a window: loads the stored identity (cookie, else storage) or creates an
   * anonymous one and stores it again (360 days from now), sets up the plugins, then replays the
   * calls made before.
   */
  const start = () => {
    if (started || !on() || !k.window) return;
    started = true;
    state = TrackerState.STORE_DONE;
    // Plugins set the rest up again (mode, maxString, transport, flush); their decorators are added again.
    k.decorators.length = 0;
    const s: IdentityState | undefined = safe(() =>
      JSON.parse(getCookie(k.window.document, IDENTITY_COOKIE) || k.storage!.getItem(IDENTITY_COOKIE)!),
    );
    const u = uuid();
    save(s?.distinct_id ? s : { distinct_id: u, identities: { [COOKIE]: u } });
    for (const plugin of o.plugins ?? []) {
      const cleanup = plugin.setup(k);
      if (cleanup) k.cleanups.push(cleanup);
    }
    k.ready = true;
    emit();
    for (const f of queue.splice(0)) f();
  };

  type Kernel = { -readonly [P in keyof PluginHost]: PluginHost[P] };
  const k = {
    mode: 'track',
    maxString: STRING_LENGTH,
    decorators: [],
    cleanups: [],
    log,
    save,
    now: () => (o.now ?? Date.now)(),
    timer(f, ms) {
      const e = era;
      const t = (o.setTimeout ?? setTimeout)(() => e === era && on() && f(), ms);
      return () => (o.clearTimeout ?? clearTimeout)(t as number);
    },
    request(url, init, timeout) {
      const abort = new AbortController();
      const stop = k.timer(() => abort.abort(), timeout);
      return (o.fetch ?? fetch)(url, { ...init, signal: abort.signal }).finally(stop);
    },
    async post(body, beacon) {
      if (!on()) return false;
      const url = `${o.server ?? ''}${o.collectorPath ?? COLLECTOR_PATH}?project=${encodeURIComponent(k.project)}`;
      // A form by fetch (URLSearchParams sets application/x-www-form-urlencoded; its parse and
      // re-serialise is paid once a task, not once a record), a text/plain string by beacon, as
      // Sensors' senders do.
      return (beacon || isHidden(k.window)) && k.window.navigator?.sendBeacon?.(url, body)
        ? true
        : k
            .request(
              url,
              {
                method: 'POST',
                body: new URLSearchParams(body),
                // Browsers refuse keepalive requests beyond 64 KiB in flight: only small bodies (the
                // usual one record, or a few) ask to outlive the page; big bursts are sent while it stays.
                keepalive: body.length < 2e4,
              },
              o.sendTimeout ?? SEND_TIMEOUT,
            )
            .then(
              (res) => {
                if (!res.ok) log(res);
                return res.ok;
              },
              (e) => {
                log(e);
                return false;
              },
            );
    },
    transport(r, beacon) {
      // Records of one task go together at its end (a microtask): one request instead of one each.
      // (A beacon record takes the waiting ones with it; the queued drain then finds none.)
      if (pending.push(r) < 2) queueMicrotask(drain);
      if (beacon) drain(true);
    },
    flush: async () => drain(),
    build(type, event, p) {
      const { distinct_id: d, first_id: f } = id;
      const w = k.window;
      const r = {
        type,
        event,
        distinct_id: d,
        ...(f ? { login_id: d, anonymous_id: f } : { anonymous_id: d }),
        identities: { ...id.identities },
        time: k.now(),
        lib: { $lib: 'js', $lib_method: 'code', $lib_version: LIB_VERSION },
        properties:
          type[0] === 'p'
            ? { ...p }
            : {
                $lib: 'js',
                $lib_version: LIB_VERSION,
                $url: decode(w.location.href),
                $title: w.document.title,
                ...id.props,
                ...p,
              },
      } as TrackedRecord;
      for (const dec of k.decorators) dec(r);
      cut(r.properties, k.maxString);
      return r;
    },
    send(r, beacon) {
      if (k.mode === 'track' && on()) {
        r._track_id = (Math.random() * 1e9) | 0; // below 2^31: | 0 floors it
        k.transport(r, beacon);
      }
    },
  } as Partial<Kernel> as Kernel;

  const tracker: Tracker = {
    init(more) {
      if (k.options) return;
      k.options = o = { ...o, ...more };
      state = TrackerState.INIT_STARTED;
      emit();
      if (more?.consent) consent = more.consent;
      const w = o.window ?? win();
      if (!w) return;
      k.window = w;
      const s = store();
      // Plugins write through this storage: nothing is written without consent (an answer that
      // arrives after `deny()` included).
      k.storage = s && {
        getItem: (key) => s.getItem(key),
        setItem(key, value) {
          if (on()) s.setItem(key, value);
        },
        removeItem: (key) => s.removeItem(key),
        get length() {
          return s.length;
        },
        key: (i) => s.key(i),
      };
      k.project =
        o.project ??
        AnalyticsProject[(o.deployment ?? 'test').toUpperCase() as keyof typeof AnalyticsProject];
      if (consent === 'denied') wipe();
      start();
    },
    grant() {
      if (dead) return;
      consent = 'granted';
      start();
      emit();
    },
    deny() {
      consent = 'denied';
      queue.length = pending.length = 0;
      era++;
      for (const c of k.cleanups.splice(0)) c();
      if (started) {
        started = k.ready = false;
        state = TrackerState.INIT_STARTED;
        id = EMPTY;
      }
      if (k.window) wipe();
      emit();
    },
    track: call((event: string, p?: Properties) => {
      if (valid(checkName(event, 'eventName') ?? checkProperties(p, k.maxString)))
        k.send(k.build('track', event, p));
    }),
    trackPageview: call((p?: Properties) => {
      if (valid(checkProperties(p, k.maxString)))
        k.send(
          k.build('track', '$pageview', {
            $referrer: referrerOf(k.window.document.referrer),
            $url_path: pathOf(k.window.location.href),
            ...p,
          }),
        );
    }),
    register: call((p: Properties) => {
      if (!valid(checkProperties(p, k.maxString))) return;
      save({ props: cut({ ...id.props, ...p }, REFERRER_LENGTH) as Properties });
    }),
    setProfile: call((p: Properties) => {
      if (valid(checkProperties(p ?? null, k.maxString))) k.send(k.build('profile_set', undefined, p));
    }),
    login: call((raw: string | number, key: string = LOGIN) => {
      const v = typeof raw === 'number' ? `${raw}` : raw;
      if (!valid(checkLoginKey(key) ?? checkId(v))) return;
      const { distinct_id: d, first_id: f, history_login_id: h, identities } = id;
      if (v === d && (!f || h.name === key)) return;
      save({
        distinct_id: v,
        first_id: f || d,
        history_login_id: { name: key, value: v },
        identities: { [COOKIE]: identities[COOKIE]!, [key]: v },
      });
      const r = k.build('track_signup', '$SignUp');
      r.original_id = f || d;
      r.identities = { ...identities, [key]: v };
      k.send(r);
    }),
    logout: call(() =>
      save({
        distinct_id: uuid(),
        first_id: '',
        history_login_id: NO_LOGIN,
        identities: { [COOKIE]: id.identities[COOKIE]! },
      }),
    ),
    flush: () => k.flush(),
    getSnapshot: () => snap,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    destroy() {
      dead = true;
      for (const c of k.cleanups.splice(0)) c();
    },
  };
  k.tracker = tracker;
  emit();
  return tracker;
}
