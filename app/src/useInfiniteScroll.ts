import { type RefObject, useEffect, useRef } from 'react';

/** Infinite scroll settings of SPEC §9: wait 200 ms after the sentinel shows, trigger at distance 0 px. */
export const INFINITE_SCROLL = { delayMs: 200, distancePx: 0 } as const;

/** Options of {@link useInfiniteScroll}. */
export interface InfiniteScrollOptions {
  /** Whether another page may be loaded now (has more, not loading, no error). */
  enabled: boolean;
  /** Called to load the next page. */
  onLoadMore: () => void;
  /** Changes whenever a page was appended (e.g. the item count), to look again at the sentinel. */
  itemCount: number;
  /** Delay in ms between the sentinel becoming visible and the call (default 200, SPEC §9). */
  delayMs?: number;
  /** How far below the viewport, in px, the sentinel counts as visible (default 0, SPEC §9). */
  distancePx?: number;
}

/**
 * Loads the next page when the sentinel element enters the viewport (IntersectionObserver), after
 * `delayMs` and only if it is still visible then. The observer is renewed after each page, so a
 * page too short to push the sentinel out of view loads the next one too. A no-op without
 * IntersectionObserver (the visible "Load more" button remains).
 */
export function useInfiniteScroll(
  sentinel: RefObject<Element | null>,
  {
    enabled,
    onLoadMore,
    itemCount,
    delayMs = INFINITE_SCROLL.delayMs,
    distancePx = INFINITE_SCROLL.distancePx,
  }: InfiniteScrollOptions,
): void {
  const callback = useRef(onLoadMore);
  callback.current = onLoadMore;
  // biome-ignore lint/correctness/useExhaustiveDependencies: itemCount renews the observer on purpose
  useEffect(() => {
    const el = sentinel.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((e) => e.isIntersecting);
        clearTimeout(timer);
        if (visible) timer = setTimeout(() => callback.current(), delayMs);
      },
      { rootMargin: `0px 0px ${distancePx}px 0px` },
    );
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [enabled, itemCount, delayMs, distancePx, sentinel]);
}
