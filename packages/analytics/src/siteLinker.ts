/**
 * `@plugin-center/analytics/site-linker`: cross-site identity through the `_sasdk` query parameter
 * (SPEC §7), the site-linker plugin of the Sensors Data web SDK (sa-sdk-javascript 1.27.11,
 * `dist/web/plugin/site-linker`) with the same link format, so that links written by Sensors sites
 * work on ours and ours on theirs. Its own entry point, outside the full tracker's 6 KB budget.
 *
 * @packageDocumentation
 */
import { ID_LENGTH } from './constants';
import { base64Encode } from './encode';
import type { TrackerPlugin } from './types';
import { listen } from './util';

/** One entry of the `linker` option (Sensors' own names). */
export interface SiteLink {
  /**
   * Links whose URL contains this text are rewritten, e.g. the host `docs.example.com` (any part of
   * the URL matches, as in Sensors). It must hold a letter or digit followed by a dot.
   */
  part_url: string;
  /**
   * Where `_sasdk` goes: `false` in the query (`/p?a=1&_sasdk=…#top`), `true` in the hash, after a
   * `?` there (`/#/p?a=1&_sasdk=…`), for sites with hash routes.
   */
  after_hash: boolean;
}

/** Options of {@link siteLinkerPlugin} (Sensors `sensors.use('SiteLinker', options)`). */
export interface SiteLinkerOptions {
  /** The sites to carry the identity to; entries that are not {@link SiteLink}s are logged and skipped. */
  linker?: readonly SiteLink[];
  /** Log in with a login id from `_sasdk` even when logged in here (another login), default false. */
  re_login?: boolean;
}

/**
 * Swaps the characters of `from` in `s` for those of `to`, dropping the others of `-_.+/=`: base64
 * ⇄ url-safe base64 without padding (Sensors `urlSafeBase64`: `+/=` ⇄ `-_.`, `trim` drops the padding).
 */
const swap = (s: string, from: string, to: string) =>
  s.replace(/[-_.+/=]/g, (c) => to[from.indexOf(c)] ?? '');

/**
 * The prefixed id of `_sasdk` in `href`, anywhere in it (Sensors `getUrlId`): `a`/`u` and the id, or
 * `d`/`f` and the id in url-safe base64 of its UTF-8, decoded. `''` when none, or malformed (bad
 * escape, not url-safe base64, not UTF-8).
 */
const readId = (href: string): string => {
  try {
    const v = decodeURIComponent(/_sasdk=([aufd][^?#&=]+)/.exec(href)![1]!);
    // a, u: the id. d, f: url-safe base64; decodeURIComponent(escape(…)) reads the bytes of atob
    // as UTF-8, throwing when they are not. (Sensors also reads the rot13 text older versions wrote.)
    return /^[au]/.test(v)
      ? v
      : /^.[\w-]*\.{0,2}$/.test(v)
        ? v[0] + decodeURIComponent(escape(atob(swap(v.slice(1), '-_', '+/'))))
        : '';
  } catch {
    return ''; // none (no match), or malformed
  }
};

/**
 * `url` with `_sasdk=<id>` (Sensors `rewriteUrl`, quirks included): in the query, replacing each
 * `&`-separated part that holds `_sasdk=` (a query that does not start with a letter, digit or `_`
 * is replaced whole); with `afterHash`, in the hash after its `?` (one is added when there is none).
 */
const rewrite = (url: string, afterHash: boolean, id: string): string => {
  const [, base, q = '', h = ''] = /([^?#]+)(\?[^#]*)?(#.*)?/.exec(url)!;
  const p = `_sasdk=${id}`;
  const s = afterHash ? h : q;
  const i = s.indexOf('_sasdk');
  // From where the parts are swapped: the first `_sasdk` in the hash, the whole query.
  const j = afterHash ? i : 1;
  const t = (afterHash ? s.includes('?') : /^\?\w/.test(s))
    ? i > -1
      ? s.slice(0, j) + s.slice(j).replace(/[^&]*_sasdk=[^&]*/g, p)
      : `${s}&${p}`
    : `${afterHash ? h || '#' : ''}?${p}`;
  return afterHash ? base + q + t : base + t + h;
};

/**
 * Cross-site identity (SPEC §7 `_sasdk`; the Sensors site-linker plugin, sa-sdk-javascript 1.27.11):
 *
 * - Reading, at `store done`, before the page's first records: a landing URL with
 *   `_sasdk=<prefix><id>` (anywhere in it, the hash included). Prefix `a`, or `d` with the id in
 *   url-safe base64: an anonymous id, adopted as this visitor's (Sensors `identify(id, true)`: the
 *   `distinct_id` while anonymous; while logged in the `first_id`, and a `$SignUp` `track_signup`
 *   record with `original_id` = that id is sent). Prefix `u`, or `f` with base64: a login id, logged
 *   in with (`$identity_login_id`, a `$SignUp` with the anonymous id as `original_id`) unless
 *   already logged in here (`re_login`: anyway). Nothing changes for the `distinct_id` this tracker
 *   holds, nor for malformed values or ids (blank, over 255 characters), and nothing is logged.
 * - Writing, with `linker`: on `mousedown` / `pointerdown` on an `a` element with an http(s) `href`
 *   (or on an element right inside one) whose URL contains a `part_url`, the `href` gets
 *   `_sasdk=<current id>` (Sensors `getCurrenId`): `f` + the login id in url-safe base64 when
 *   logged in, else `d` + the anonymous id; placed as `after_hash` says (see {@link SiteLink}).
 *   Invalid entries are logged (an `Error`, `linker[<index>] is invalid`) and skipped. `destroy()`
 *   removes the listeners.
 *
 * Unlike Sensors it also reads without `linker` (a site that only receives links); it ignores a
 * `d`/`f` value that is not url-safe base64 (Sensors 1.27 reads it as the rot13 text of versions
 * before it) or whose bytes are not UTF-8 (Sensors keeps them as `%xx` text), and an invalid id
 * altogether (Sensors still sends the `$SignUp`); it listens in the capture phase, and to
 * `pointerdown` in every browser (Sensors where pointer events are supported).
 *
 * @example
 * ```ts
 * import { createAnalytics } from '@plugin-center/analytics';
 * import { siteLinkerPlugin } from '@plugin-center/analytics/site-linker';
 *
 * const analytics = createAnalytics({
 *   plugins: [siteLinkerPlugin({ linker: [{ part_url: 'docs.example.com', after_hash: false }] })],
 * });
 * // a click on https://docs.example.com/guide?a=1 opens …/guide?a=1&_sasdk=d + the anonymous id (base64url)
 * ```
 */
export function siteLinkerPlugin(options: SiteLinkerOptions = {}): TrackerPlugin {
  return {
    setup(host) {
      const { tracker, window: w } = host;
      const v = readId(w.location.href);
      const id = v.slice(1);
      const { distinct_id: d, first_id: f } = tracker.getSnapshot();
      // Done now, not by the tracker's calls, which wait for the queued ones: the first page view
      // (queued by an earlier plugin) is then sent with the new identity, as in Sensors.
      if (id !== d && id.trim() && id.length <= ID_LENGTH) {
        if (/[ad]/.test(v[0]!)) {
          host.save(f ? { first_id: id } : { distinct_id: id });
          if (f) {
            const r = host.build('track_signup', '$SignUp');
            r.original_id = id;
            host.send(r);
          }
        } else if (!f || options.re_login) {
          host.ready = true; // the tracker's call runs now, not after the queued ones
          tracker.login(id);
          host.ready = false;
        }
      }
      const links = [options.linker ?? []].flat().filter((l, i) => {
        // As Sensors checks them (and reads part_url with `indexOf`, which takes any value).
        const ok = /[a-z\d]\./i.test(l?.part_url) && typeof l.after_hash === 'boolean';
        if (!ok) host.log(Error(`linker[${i}] is invalid`));
        return ok;
      });
      const onDown = (event: Event) => {
        const t = event.target as Node | null;
        // The element, or its parent, when an `a` with an href (Sensors looks no further up). The
        // href property is absolute, its scheme lower case: what Sensors' `URL(href).protocol` reads.
        const a = [t, t?.parentNode].find(
          (e) => (e as Element | null)?.localName === 'a' && (e as HTMLAnchorElement).href,
        ) as HTMLAnchorElement | undefined;
        const href = a?.href as string; // undefined without a link: no match below
        const link = /^https?:/.test(href) && links.find((l) => href.indexOf(l.part_url) > -1);
        if (!link) return;
        const { distinct_id: current, first_id: first } = tracker.getSnapshot();
        // Sensors URI-encodes this value too; none of its characters needs it.
        a!.href = rewrite(
          href,
          link.after_hash,
          (first ? 'f' : 'd') + swap(base64Encode(current), '+/', '-_'),
        );
      };
      if (links[0])
        for (const type of ['mousedown', 'pointerdown']) listen(host, w.document, type, onDown, true);
    },
  };
}
