import { AnalyticsProject, COLLECTOR_PATH } from '@plugin-center/contract';
import {
  IDENTITY_COOKIE,
  IDENTITY_COOKIE_DAYS,
  IDENTITY_KEY,
  LIB_VERSION,
  MAX_COALESCED,
  REFERRER_LENGTH,
  SEND_TIMEOUT,
  STRING_LENGTH,
  TrackerState,
} from './constants';
import { encodeBatch, encodeTrackData } from './encode';
import type { AnalyticsError } from './errors';
import { win } from './globals';
import type {
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
 * Creates the tracker (SPEC §1, §3, §4, §5, §7, §9; issue 4): the core of
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
 *
 * Touches no browser global before `init()`: safe to import and create during SSR.
 */
export function createTracker(options: TrackerOptions = {}): Tracker {
  let o = options;
  let state: TrackerState = TrackerState.NOT_STARTED;
  let id = EMPTY;
  let snap: TrackerSnapshot;
  let dead = false;
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
    snap = { ...id, state, mode: k.mode };
    for (const l of listeners) l();
  };
  /**
   * Merges `next` into the identity and stores it in its cookie (360 days), in storage when the
   * cookie cannot be written (also the kernel's `save`).
   */
  const save = (next: Partial<IdentityState>) => {
    id = { ...id, ...next };
    const json = JSON.stringify(id);
    const doc = k.window.document;
    setCookie(doc, IDENTITY_COOKIE, json, IDENTITY_COOKIE_DAYS, o.cookieDomain);
    if (getCookie(doc, IDENTITY_COOKIE) !== json) writeJson(k.storage, IDENTITY_COOKIE, id);
    emit();
  };
  /** Wraps a call: dropped after `destroy()`, queued until the tracker is ready (`k.ready`). */
  const call =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      if (!dead) k.ready ? fn(...args) : queue.push(() => fn(...args));
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
      const t = (o.setTimeout ?? setTimeout)(() => dead || f(), ms);
      return () => (o.clearTimeout ?? clearTimeout)(t as number);
    },
    request(url, init, timeout) {
      const abort = new AbortController();
      const stop = k.timer(() => abort.abort(), timeout);
      return (o.fetch ?? fetch)(url, { ...init, signal: abort.signal }).finally(stop);
    },
    async post(body, beacon) {
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
      if (k.mode === 'track' && !dead) {
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
      const w = o.window ?? win();
      if (!w) return;
      k.window = w;
      k.storage = o.storage ?? safe(() => w.localStorage);
      k.project =
        o.project ??
        AnalyticsProject[(o.deployment ?? 'test').toUpperCase() as keyof typeof AnalyticsProject];
      state = TrackerState.STORE_DONE;
      // The stored identity (cookie, else storage), or a new anonymous one; stored again (360 days from now).
      const s: IdentityState | undefined = safe(() =>
        JSON.parse(getCookie(w.document, IDENTITY_COOKIE) || k.storage!.getItem(IDENTITY_COOKIE)!),
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
