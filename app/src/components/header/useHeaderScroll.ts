import { useEffect, useState } from 'react';
import { HEADER_SCROLLED_THRESHOLD_PX, TAG_BANNER_OFFSET_PX } from './constants';

/** The square's banner (its hero section), whose height starts the header's tag-banner state (SPEC §4). */
export const SQUARE_BANNER_SELECTOR = '.square > .hero';

/** The header's scroll states (SPEC §4 "Header"). */
export interface HeaderScroll {
  /** The page is scrolled at all (`scrollY > 0`): the scroll-to-top control shows. */
  scrolledAny: boolean;
  /** The page is scrolled {@link HEADER_SCROLLED_THRESHOLD_PX} (20 px) or more. */
  scrolled: boolean;
  /**
   * `scrollY + TAG_BANNER_OFFSET_PX (40 px) >= ` the square's banner height: the banner has left
   * the view under the header. Always false on a page without the banner.
   */
  tagBanner: boolean;
}

/** The scroll states of `scrollY` (px) with a banner of `bannerHeight` px (`null`: no banner). */
export function headerScrollState(scrollY: number, bannerHeight: number | null): HeaderScroll {
  const y = Number.isFinite(scrollY) ? Math.max(0, scrollY) : 0;
  return {
    scrolledAny: y > 0,
    scrolled: y >= HEADER_SCROLLED_THRESHOLD_PX,
    tagBanner: bannerHeight !== null && bannerHeight > 0 && y + TAG_BANNER_OFFSET_PX >= bannerHeight,
  };
}

const same = (a: HeaderScroll, b: HeaderScroll) =>
  a.scrolledAny === b.scrolledAny && a.scrolled === b.scrolled && a.tagBanner === b.tagBanner;

/**
 * The header's scroll states (SPEC §4) for the page's main scroll container, the window: read on
 * every `scroll` (passive listener) and `resize`, and when the route changes (`key`), with the
 * banner's current `offsetHeight`. Re-renders only when a state flips.
 *
 * @param key - changes when the page changes (the pathname), so a new page is measured at once
 */
export function useHeaderScroll(key: string): HeaderScroll {
  const [state, setState] = useState<HeaderScroll>(() =>
    headerScrollState(typeof window === 'undefined' ? 0 : window.scrollY, null),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` re-measures on navigation
  useEffect(() => {
    const measure = () => {
      const banner = document.querySelector<HTMLElement>(SQUARE_BANNER_SELECTOR);
      const next = headerScrollState(window.scrollY, banner ? banner.offsetHeight : null);
      setState((prev) => (same(prev, next) ? prev : next));
    };
    measure();
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure, { passive: true });
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [key]);
  return state;
}
