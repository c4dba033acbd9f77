import { type RefObject, useLayoutEffect } from 'react';

/**
 * The site header's layouts, widest first; the one in use is the `data-fit` attribute of `<header>`
 * (`header.css` lays each out):
 *
 * - `full`: brand, product menus, language picker, session links, avatar with the name;
 * - `avatar`: the same with the avatar alone (no name);
 * - `compact`: a signed-in person's links and log out move into the menu toggle's panel, the bar
 *   keeps the menus, the picker and the avatar (for visitors, the same as `avatar`);
 * - `menu`: the menu toggle's panel holds the menus, the picker and the session links; the bar keeps
 *   the brand (its name shortened with an ellipsis when even this is too wide), the avatar and the
 *   toggle.
 */
export const HEADER_FITS = ['full', 'avatar', 'compact', 'menu'] as const;
/** One of {@link HEADER_FITS}. */
export type HeaderFit = (typeof HEADER_FITS)[number];

/** Slack for sub-pixel layout, in px. */
const EPSILON_PX = 0.5;

/**
 * Whether the bar's items fit inside it: none of its children (each laid out at its own width, none
 * shrinking) ends past the bar's content box, and the bar does not scroll sideways.
 */
function barFits(bar: HTMLElement): boolean {
  if (bar.scrollWidth > bar.clientWidth) return false;
  const box = bar.getBoundingClientRect();
  const end = box.right - Number.parseFloat(getComputedStyle(bar).paddingRight || '0');
  for (const child of bar.children) {
    if (child.getBoundingClientRect().right > end + EPSILON_PX) return false;
  }
  return true;
}

/**
 * Picks the widest of {@link HEADER_FITS} whose items fit in `bar` (the header's row) and marks
 * `header` with it (`data-fit`): tries each in turn, measuring the laid-out items
 * (`getBoundingClientRect`), so any language, role, name and font gets the layout that fits it.
 * The last one (`menu`) is taken when nothing wider fits.
 *
 * @returns the layout now in use
 */
export function fitHeader(header: HTMLElement, bar: HTMLElement): HeaderFit {
  const last = HEADER_FITS[HEADER_FITS.length - 1] as HeaderFit;
  for (const fit of HEADER_FITS) {
    header.dataset.fit = fit;
    if (fit === last || barFits(bar)) return fit;
  }
  return last;
}

/** Whether a change of the bar's content is outside its dropdown sections (which never change its width). */
const outsideDropdowns = (record: MutationRecord) => {
  const node = record.target;
  const element = node instanceof Element ? node : node.parentElement;
  return !element?.closest('.header-dropdown');
};

/**
 * Keeps the site header in the widest layout that fits ({@link fitHeader}), measured before the first
 * paint and again, before the next paint, whenever the bar's width changes (`ResizeObserver`: the
 * window), its content changes (`MutationObserver`: language, session, the menus arriving; not the
 * dropdown sections' content) or web fonts finish loading. Instead of breakpoints: the header fits
 * every language and role at every width.
 *
 * @param header - the `<header>` that gets `data-fit`
 * @param bar - its row of items (brand, menus, end of the bar)
 */
export function useHeaderFit(
  header: RefObject<HTMLElement | null>,
  bar: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const h = header.current;
    const b = bar.current;
    if (!h || !b) return;
    const fit = () => void fitHeader(h, b);
    fit();
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    resizes?.observe(b);
    const changes =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver((records) => {
            if (records.some(outsideDropdowns)) fit();
          });
    changes?.observe(b, { childList: true, characterData: true, subtree: true });
    const fonts = typeof document.fonts === 'undefined' ? null : document.fonts;
    fonts?.addEventListener('loadingdone', fit);
    return () => {
      resizes?.disconnect();
      changes?.disconnect();
      fonts?.removeEventListener('loadingdone', fit);
    };
  }, [header, bar]);
}
