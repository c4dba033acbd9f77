import { expect, type Mock, vi } from 'vitest';

/** Something that takes event listeners (`window`, `document`), as `@plugin-center/analytics` wants it. */
interface Listenable {
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

/** The storage calls the tracker makes (its `StorageLike`). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

/**
 * One record as the tracker sends it, declared here independently of `@plugin-center/analytics`
 * (this package depends on no package it fakes for): the same shape as its `TrackedRecord`, which
 * the tests' assignments check.
 */
export interface TrackedRecord {
  type: 'track' | 'track_signup' | 'profile_set';
  event?: string;
  distinct_id: string;
  original_id?: string;
  anonymous_id?: string;
  login_id?: string;
  identities: Record<string, string>;
  time: number;
  _track_id?: number;
  lib: { $lib: 'js'; $lib_method: 'code'; $lib_version: string };
  properties: Record<string, string | number | boolean | string[] | null>;
}

/** A Map-backed Storage with `length` and `key()`. */
export function memoryStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      map.set(k, String(v));
    },
    removeItem: (k) => {
      map.delete(k);
    },
  };
}

/** Java's `String.hashCode`, written independently of the tracker's (`Math.imul`, 32-bit). */
export const javaHashCode = (s: string) => {
  let h = 0;
  for (const c of s) for (let i = 0; i < c.length; i++) h = (Math.imul(31, h) + c.charCodeAt(i)) | 0;
  return h;
};

/** Decodes base64 of UTF-8 text. */
export const fromBase64 = (b64: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));

/**
 * Decodes a collector body as the collector does: `data=…&ext=crc%3D…` (checking the crc) or
 * `data_list=…&gzip=0`; returns the records.
 */
export function decodeBody(body: string): TrackedRecord[] {
  const q = new URLSearchParams(body);
  const list = q.get('data_list');
  if (list !== null) {
    expect(q.get('gzip')).toBe('0');
    return JSON.parse(fromBase64(list));
  }
  const data = q.get('data')!;
  expect(q.get('ext')).toBe(`crc=${javaHashCode(data)}`);
  return [JSON.parse(fromBase64(data))];
}

/** One request the fake network received. */
export interface Seen {
  url: URL;
  init: RequestInit;
  body: string;
}

/**
 * A fake `fetch` (the network edge): records requests and answers with `answer` (default 200 `{}`).
 * `records()` decodes every record POSTed to the collector path `/sa`; both it and `posts()` first let
 * the tracker post the current task's records (it coalesces them at the task's end).
 */
export function network(answer: (req: Seen) => Response | Promise<Response> = () => new Response('{}')) {
  const requests: Seen[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const req = {
      url: new URL(String(input), 'https://plugins.example.com'),
      init,
      body: String(init.body ?? ''),
    };
    requests.push(req);
    return answer(req);
  });
  /** The requests to `path` so far, once the current task's records have been posted (a microtask). */
  const posts = async (path = '/sa') => {
    await settle();
    return requests.filter((r) => r.url.pathname === path);
  };
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    fn: fetch,
    requests,
    /** Every request so far, once the current task's records have been posted. */
    sent: async () => {
      await settle();
      return requests;
    },
    posts,
    records: async (path?: string) => (await posts(path)).flatMap((r) => decodeBody(r.body)),
  };
}

/** An answer that never comes, rejecting like fetch when the request's signal aborts. */
export const hang = (req: Seen) =>
  new Promise<Response>((_, reject) => {
    const signal = req.init.signal!;
    signal.addEventListener('abort', () => reject(signal.reason));
  });

/** The window {@link fakeWindow} returns. */
export interface FakeWindow extends Listenable {
  location: { href: string };
  document: Listenable & {
    cookie: string;
    title: string;
    referrer: string;
    visibilityState: DocumentVisibilityState;
    readyState: DocumentReadyState;
    documentElement: { scrollTop: number };
  };
  navigator: { sendBeacon: Mock<(url: string, data?: BodyInit | null) => boolean> };
  localStorage: ReturnType<typeof memoryStorage>;
  history: { pushState: History['pushState']; replaceState: History['replaceState'] };
  pageYOffset: number;
  performance: Pick<Performance, 'getEntriesByType'>;
  /** The window itself, or another object when `framed`. */
  parent?: unknown;
  /** Every assignment to `document.cookie`. */
  cookieWrites: string[];
  /** Fires an event of `type` at the window. */
  dispatch(type: string): void;
  /** Hides (or shows) the page: sets `visibilityState` and fires `visibilitychange` at the document. */
  hide(hidden?: boolean): void;
  /** Records sent by `navigator.sendBeacon`. */
  beacons(): TrackedRecord[];
}

/**
 * A fake window at `href`: its own cookie jar (honouring `max-age`, with the clock), localStorage,
 * history (moving `location.href`), visibility and event targets. `cookies: false` blocks cookies.
 */
export function fakeWindow(
  href = 'https://plugins.example.com/plugins/?tag=1',
  o: {
    referrer?: string;
    title?: string;
    storage?: ReturnType<typeof memoryStorage>;
    cookies?: boolean;
    framed?: boolean;
  } = {},
): FakeWindow {
  const events = new EventTarget();
  const docEvents = new EventTarget();
  const jar = new Map<string, { value: string; expires: number }>();
  const cookieWrites: string[] = [];
  const document = {
    title: o.title ?? 'Plugins',
    referrer: o.referrer ?? '',
    visibilityState: 'visible' as DocumentVisibilityState,
    readyState: 'complete' as DocumentReadyState,
    documentElement: { scrollTop: 0 },
    get cookie() {
      return [...jar]
        .filter(([, c]) => c.expires > Date.now())
        .map(([k, c]) => `${k}=${c.value}`)
        .join('; ');
    },
    set cookie(line: string) {
      cookieWrites.push(line);
      if (o.cookies === false) return;
      const [pair = '', ...attrs] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      let expires = Number.POSITIVE_INFINITY;
      for (const a of attrs) {
        const [k = '', v = ''] = a.trim().split('=');
        if (k.toLowerCase() === 'max-age') expires = Date.now() + Number(v) * 1000;
      }
      jar.set(name, { value, expires });
    },
    addEventListener: docEvents.addEventListener.bind(docEvents),
    removeEventListener: docEvents.removeEventListener.bind(docEvents),
  };
  const move = (_s: unknown, _t: string, url?: string | URL | null) => {
    if (url) w.location.href = new URL(url, w.location.href).href;
  };
  const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
  const w: FakeWindow = {
    location: { href },
    document,
    navigator: { sendBeacon },
    localStorage: o.storage ?? memoryStorage(),
    history: { pushState: move, replaceState: move },
    pageYOffset: 0,
    performance: { getEntriesByType: () => [] },
    cookieWrites,
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatch: (type) => {
      events.dispatchEvent(new Event(type));
    },
    hide: (hidden = true) => {
      document.visibilityState = hidden ? 'hidden' : 'visible';
      docEvents.dispatchEvent(new Event('visibilitychange'));
    },
    beacons: () => sendBeacon.mock.calls.flatMap(([, data]) => decodeBody(String(data))),
  };
  (w as { parent?: unknown }).parent = o.framed ? {} : w;
  return w;
}

/** Lets pending promise callbacks (fetch answers) run. */
export const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
