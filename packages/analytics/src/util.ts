/**
 * Small helpers shared by the core and the plugins (internal).
 *
 * @packageDocumentation
 */
import { REFERRER_LENGTH } from './constants';
import type { Listenable, PluginHost } from './types';
import type { Properties } from './validate';

/** Runs `f`, returning undefined if it throws (blocked storage, malformed URI, …). */
export const safe = <T>(f: () => T): T | undefined => {
  try {
    return f();
  } catch {}
};

/** `decodeURI(s)`, or `s` when malformed (Sensors `_decodeURI`). */
export const decode = (s: string): string => safe(() => decodeURI(s)) ?? s;

/** The value of cookie `name` in `doc.cookie`, URI-decoded, or `''`. */
export const getCookie = (doc: { cookie: string }, name: string): string =>
  decodeURIComponent(doc.cookie.match(`(?:^|; )${name}=([^;]*)`)?.[1] ?? '');

/** Writes cookie `name` (URI-encoded) for `days` days, on path `/`, with `; domain=<domain>` when given. */
export const setCookie = (
  doc: { cookie: string },
  name: string,
  value: string,
  days: number,
  domain?: string,
): void => {
  doc.cookie = `${name}=${encodeURIComponent(value)}; max-age=${days * 86400}; path=/${domain ? `; domain=${domain}` : ''}`;
};

/** A query parameter of `href`, or null. */
export const query = (href: string, name: string): string | null =>
  safe(() => new URL(href).searchParams.get(name)) ?? null;

/** A random UUID (v4) from `crypto.getRandomValues`, which insecure (http) pages also have. */
export const uuid4 = (): string =>
  '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
    (+c ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (+c / 4)))).toString(16),
  );

/** The JSON stored under `key` in `s`, or null / undefined (none, malformed, blocked). */
export const readJson = <T>(
  s: { getItem(key: string): string | null } | undefined,
  key: string,
): T | null | undefined => safe(() => JSON.parse(s!.getItem(key)!));

/** Stores `value` as JSON under `key` in `s` (ignoring a blocked or full storage). */
export const writeJson = (
  s: { setItem(key: string, value: string): void } | undefined,
  key: string,
  value: unknown,
) => safe(() => s!.setItem(key, JSON.stringify(value)));

/** A URL as a `$referrer` (Sensors `getReferrer`): decoded, at most 200 characters. */
export const referrerOf = (url: string): string => decode(url).slice(0, REFERRER_LENGTH);

/** The decoded path of `href` (Sensors `getURLPath`), or `''`. */
export const pathOf = (href: string): string => decode(safe(() => new URL(href).pathname) ?? '');

/** Whether the page is hidden. */
export const isHidden = (w: { document: { readonly visibilityState: DocumentVisibilityState } }): boolean =>
  w.document.visibilityState === 'hidden';

/** Adds an event listener that the tracker's `destroy()` removes. */
export const listen = (
  host: PluginHost,
  target: Listenable,
  type: string,
  listener: (event: Event) => void,
  capture?: boolean,
) => {
  target.addEventListener(type, listener, capture);
  host.cleanups.push(() => target.removeEventListener(type, listener, capture));
};

/** Builds and sends a `track` record without validation (automatic events). */
export const track = (host: PluginHost, event: string, properties?: Properties, beacon?: boolean) =>
  host.send(host.build('track', event, properties), beacon);
