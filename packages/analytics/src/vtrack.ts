/**
 * `@plugin-center/analytics/vtrack`: the visual config used on clicks, as the Sensors Data web SDK
 * (sa-sdk-javascript 1.27.11, `vtrackBase`, `customProp`, `vapph5CustomProp`) uses it: configured
 * events that match a `$WebClick` add their names and the custom properties they extract from the
 * page. Its own entry point, outside the full tracker's 6 KB budget.
 *
 * @packageDocumentation
 */
import type { TrackedRecord, TrackerPlugin } from './types';
import { safe } from './util';
import type { VisualConfigPlugin } from './visual';

/** The element a configured event is defined on, and where (Sensors' names, `events[].event`). */
export interface VisualEventElement {
  /** The page's host name (no port), compared with the current page's. */
  url_host?: string;
  /** The page's path (as `location.pathname`, encoded), compared with the current page's. */
  url_path?: string;
  /** `$element_path` of the element (`body > div > a`). */
  element_path?: string;
  /** `$element_selector` of the element (`body > div:nth-of-type(2) > a:nth-of-type(1)`). */
  element_selector?: string;
  /** With `function`, which of the two is compared; without, `element_path` is (the older format). */
  element_field?: 'element_path' | 'element_selector';
  /** With `element_field`: `equal`, or `contain` (the click's value contains the configured one). */
  function?: 'equal' | 'contain';
  /** `$element_position` required when `limit_element_position`. */
  element_position?: string;
  limit_element_position?: boolean;
  /** `$element_content` required when `limit_element_content`. */
  element_content?: string;
  limit_element_content?: boolean;
  [key: string]: unknown;
}

/** A custom property of a configured event (Sensors' names, `events[].properties[]`). */
export interface VisualProperty {
  /** The property's name in the record. */
  name: string;
  /** How it is read; only `content` (the element's text) is supported, as in Sensors. */
  method?: string;
  /** `STRING`, or `NUMBER` (converted with `Number`); another type adds nothing, as in Sensors. */
  type?: string;
  /** A regular expression: its first match is the value; no match skips the property. */
  regular?: string;
  /** Where the element is (a `$element_selector`-style path, looked up as Sensors `getDomBySelector`). */
  element_selector?: string | null;
  /** Without `element_selector`: the element's path under the `li` around the clicked element (` > span:nth-of-type(1)`). */
  list_selector?: string | null;
  [key: string]: unknown;
}

/** One configured event of the visual config's `events` (Sensors' format). */
export interface VisualEvent {
  event_name?: string;
  /** `webclick`; other types (Sensors also takes `appclick`) never match a click. */
  event_type?: string;
  event?: VisualEventElement;
  properties?: VisualProperty[];
  [key: string]: unknown;
}

type Props = TrackedRecord['properties'];

const str = (v: unknown): v is string => typeof v === 'string';

/** Sensors `configIsMatch` (with `configIsMatchNew`, `configIsMatchOldVersion`, `isDiv`). */
const matches = (p: Props, e: VisualEventElement): unknown => {
  const f = e.function && e.element_field;
  const want = e[f || 'element_path'];
  const have = p[`$${f || 'element_path'}`];
  return (
    (!e.limit_element_content || e.element_content === p.$element_content) &&
    (!e.limit_element_position || e.element_position === String(p.$element_position)) &&
    str(want) &&
    str(have) &&
    (f
      ? e.function === 'equal'
        ? have === want
        : e.function === 'contain' && have.includes(want)
      : want &&
        (p.$element_position === undefined && /(^|>)\s*div[^>]*$/.test(want)
          ? have.includes(want)
          : want === have))
  );
};

/**
 * The element at the end of `selector` (split at `>`, from its step `from`), walked from `el`
 * (Sensors `getDomBySelector`: `body`, `#id`, or `tag:nth-of-type(n)` among the current element's
 * children), or a falsy value.
 */
const find = (doc: Document, selector: unknown, el?: Element | null, from = 0) => {
  for (const step of String(selector).split('>').slice(from)) {
    if (!step) break; // Sensors: an empty step ends the walk
    const s = step.trim();
    const [tag, nth] = s.split(':nth-of-type');
    const n = nth?.match(/\(([0-9]+)\)/);
    el =
      s === 'body'
        ? doc.body
        : s[0] === '#'
          ? doc.getElementById(s.slice(1))
          : tag && n && el
            ? [...el.children].filter((c) => c.tagName.toLowerCase() === tag)[+n[1]! - 1]
            : null;
    if (!el) return;
  }
  return el;
};

/**
 * One custom property read from the page, or undefined when skipped (Sensors `getProp`): an
 * input's value, else the element's text (trimmed, line breaks and spaces collapsed, ≤ 255, Sensors
 * `getElementContent`); an invalid regular expression throws.
 */
const extract = (doc: Document, q: VisualProperty, p: Props) => {
  const sel = q.element_selector;
  const li = !sel && str(q.list_selector) && find(doc, p.$element_selector)?.closest('li');
  const el = sel ? find(doc, sel) : li && find(doc, q.list_selector, li, 1);
  if (!el || q.method !== 'content' || !q.name || !str(q.name)) return;
  let v =
    el.tagName === 'INPUT'
      ? (el as HTMLInputElement).value
      : el
          .textContent!.trim()
          .replace(/[\r\n ]+/g, ' ')
          .slice(0, 255);
  if (q.regular) v = new RegExp(q.regular).exec(v)?.[0] as string;
  // biome-ignore lint/suspicious/noSelfCompare: not NaN
  return q.type === 'STRING' ? v : q.type === 'NUMBER' && v && +v === +v ? +v : undefined;
};

/**
 * Uses the visual config on clicks, as Sensors does (sa-sdk-javascript 1.27.11 `vtrackBase`,
 * `customProp.getVtrackProps`, `vapph5CustomProp.geth5Props`): when a `$WebClick` record is built,
 * every configured event of `visual.getConfig().events` that matches the click adds its
 * `event_name` to `sensorsdata_web_visual_eventName` (a list, sent when a named event matched) and
 * the custom properties it reads from the page (Sensors `extend`: later ones win, also over the
 * click's own). Nothing is added before a config arrives, nor after a 205 clears it; other records
 * are untouched. Add `visual` to the same tracker's plugins (it fetches and polls the config).
 *
 * Matching (Sensors `filterConfig`, `configIsMatch`): `event_type` `webclick`; `event.url_host` and
 * `event.url_path` equal to the page's host name and (encoded) path; with `limit_element_content`,
 * `element_content` equal to `$element_content`; with `limit_element_position`, `element_position`
 * equal to `String($element_position)`; with `element_field` and `function`, `$element_path` or
 * `$element_selector` equal to (`equal`), or containing (`contain`), the configured one; without
 * (the older format), `element_path` equal to `$element_path` or, when its last step is a `div`
 * and the click has no `$element_position`, contained in it.
 *
 * Extraction (Sensors `getProp`): `method` `content` and a `name` (else skipped); the element is
 * found by `element_selector` (Sensors `getDomBySelector`: steps `body`, `#id`, `tag:nth-of-type(n)`),
 * else by `list_selector` from the `li` around the clicked element (found by the record's
 * `$element_selector`); its value is an input's `value`, else its text (trimmed, line breaks and
 * spaces collapsed, ≤ 255); the first match of `regular` replaces it; `type` `STRING` keeps it,
 * `NUMBER` converts it with `Number`, another type adds nothing. A property is skipped, silently
 * (Sensors logs it only in its debug output), when its element is missing, `regular` is invalid or
 * does not match, or a number is empty or not a number.
 *
 * Where we differ from Sensors: our `$WebClick` records carry no `$element_position` (Sensors sets
 * it for clicks inside lists), so an event with `limit_element_position` never matches them, and an
 * older-format `div` path always matches by containment (Sensors: exactly, for clicks in a list);
 * `$element_content` is the click plugin's (all whitespace collapsed; Sensors: line breaks and
 * spaces), which `limit_element_content` compares. Sensors sends `sensorsdata_web_visual_eventName`
 * only inside its app's visual-mode bridge (leaving out configs with `h5: false`); we send it on the
 * web and ignore `h5`, `appclick` events (app configs) and the older `eventList` name of `events`.
 * Within the 1 KB budget we also leave out: a select's chosen option (we read its text, all options),
 * the check that `element_field` is `element_path` or `element_selector` (another field compares that
 * `$`-property), and Sensors' removal of reserved property names (`distinct_id`, `user_id`, `id`).
 *
 * @example
 * ```ts
 * import { createAnalytics, visualConfigPlugin } from '@plugin-center/analytics';
 * import { vtrackPlugin } from '@plugin-center/analytics/vtrack';
 *
 * const visual = visualConfigPlugin();
 * const analytics = createAnalytics({ plugins: [visual, vtrackPlugin(visual)] });
 * ```
 */
export function vtrackPlugin(visual: VisualConfigPlugin): TrackerPlugin {
  return {
    setup(host) {
      const w = host.window;
      host.decorators.push((r) =>
        safe(() => {
          const c = visual.getConfig();
          if (r.event !== '$WebClick') return;
          const p = r.properties;
          const doc = w.document as unknown as Document;
          const { hostname, pathname } = new URL(w.location.href);
          const names: string[] = [];
          // no config, or no list of events: throws, caught
          for (const e of c!.events as VisualEvent[]) {
            const on = e?.event;
            if (
              on?.url_host === hostname &&
              on.url_path === pathname &&
              e.event_type === 'webclick' &&
              matches(p, on)
            ) {
              if (str(e.event_name)) names.push(e.event_name);
              for (const q of e.properties || []) {
                const v = safe(() => extract(doc, q, p));
                if (v != null) p[q.name] = v;
              }
            }
          }
          if (names[0]) p.sensorsdata_web_visual_eventName = names;
        }),
      );
    },
  };
}
