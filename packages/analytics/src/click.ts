import { CLICK_DIV_MAX_LEVEL } from './constants';
import type { TrackerPlugin } from './types';
import { listen, track } from './util';

/** Options of {@link clickPlugin}. */
export interface ClickOptions {
  /**
   * Also collect clicks in `div`s (Sensors `heatmap.collect_tags.div`): `true` or a most nesting
   * level of 1 to 3 (SPEC §9 "div nesting up to 3 levels"; `true` is 3). A click outside the
   * elements always collected counts for the nearest `div` around it when no path inside that `div`
   * passes through more `div`s (itself included) than the level. Default off.
   */
  div?: boolean | 1 | 2 | 3;
}

/** Most `div`s on a path from `el` down (Sensors `isDivLevelValid`). */
const depth = (el: Element): number =>
  [...el.children].reduce((d, c) => Math.max(d, depth(c)), 0) + +(el.tagName === 'DIV');

/**
 * `$element_path` and `$element_selector` of `el` (Sensors `getElementPath`, `getDomSelector`): from
 * `body` down to `el`, or from the nearest element with a usable id; the path by tag names (`body >
 * div > a`, `div#main > a`), the selector by `tag:nth-of-type(n)` (`body > div:nth-of-type(2) >
 * a:nth-of-type(1)`, `#main > a:nth-of-type(1)`).
 */
export function elementPath(el: Element): [path: string, selector: string] {
  const path = [];
  const selector = [];
  let e: Element | null = el;
  for (; e?.parentElement && e.tagName !== 'BODY'; e = e.parentElement) {
    const t = e.tagName.toLowerCase();
    if (/^[A-Za-z][-\w:.]*$/.test(e.id)) {
      path.unshift(`${t}#${e.id}`);
      selector.unshift(`#${e.id}`);
      break;
    }
    path.unshift(t);
    selector.unshift(
      `${t}:nth-of-type(${[...e.parentElement.children].filter((c) => c.tagName === e!.tagName).indexOf(e) + 1})`,
    );
  }
  if (e?.tagName === 'BODY') {
    path.unshift('body');
    selector.unshift('body');
  }
  return [path.join(' > '), selector.join(' > ')];
}

/**
 * `$WebClick` (SPEC §3, Sensors `heatmap.initHeatmap`, clickmap `default`): clicks (capture phase) on
 * or inside `a`, `button`, `input`, `textarea` and `[data-sensors-click]` elements, and optionally in
 * `div`s (see {@link ClickOptions}). Properties: `$element_type` (tag name), `$element_content`
 * (text, whitespace collapsed, at most 255; an input's value only for buttons), `$element_path`,
 * `$element_selector`.
 *
 * @example
 * ```ts
 * import { createTracker } from '@plugin-center/analytics/core';
 * import { clickPlugin } from '@plugin-center/analytics';
 *
 * createTracker({ plugins: [clickPlugin({ div: 2 })] }).init();
 * ```
 */
export function clickPlugin(options: ClickOptions = {}): TrackerPlugin {
  const max = options.div === true ? CLICK_DIV_MAX_LEVEL : +(options.div || 0);
  return {
    setup(host) {
      listen(
        host,
        host.window.document,
        'click',
        (event) => {
          const t = event.target as Element;
          const div = max && t.closest?.('div');
          const el =
            t.closest?.('a,button,input,textarea,[data-sensors-click]') ||
            (div && depth(div) <= max ? div : 0);
          if (!el) return;
          const input = el as HTMLInputElement;
          const [path, selector] = elementPath(el);
          track(host, '$WebClick', {
            $element_type: el.tagName.toLowerCase(),
            $element_content:
              el.tagName === 'INPUT'
                ? /^(button|submit)$/.test(input.type)
                  ? input.value
                  : ''
                : (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 255),
            $element_path: path,
            $element_selector: selector,
          });
        },
        true,
      );
    },
  };
}
