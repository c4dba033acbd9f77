import { useEffect, useState } from 'react';

/** Whether the person asked the system for reduced motion (a carousel then starts stopped). */
function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** What {@link useRotation} returns. */
export interface Rotation {
  /** The slide shown, 0-based (kept below `count` when slides go away). */
  index: number;
  /** Shows slide `i` (any integer: it wraps both ways). */
  go(i: number): void;
  /** Whether the timer runs: two or more slides, playing, neither hovered nor focused. */
  rotating: boolean;
  /** Whether rotation is on (off after a stop, and at start with `prefers-reduced-motion: reduce`). */
  playing: boolean;
  setPlaying(playing: boolean | ((playing: boolean) => boolean)): void;
  /** Pauses while true (the pointer is over the carousel or a link of it). */
  setHovered(hovered: boolean): void;
  /** Pauses while true (the focus is in the carousel or on a link of it). */
  setFocused(focused: boolean): void;
}

/**
 * The rotation of a carousel of `count` slides (WAI-ARIA APG carousel: it stops on request, pauses
 * while hovered or focused, and starts stopped with `prefers-reduced-motion: reduce`): one timer per
 * shown slide, advancing after `intervalMs` (ms) and wrapping, so a manual move starts the full wait
 * again. Shared by the square's banner carousel (5000 ms) and the header's hot picks
 * (2000 ms, SPEC §9).
 */
export function useRotation(count: number, intervalMs: number): Rotation {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const current = Math.min(index, Math.max(count - 1, 0));
  const rotating = count > 1 && playing && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((current + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [rotating, current, count, intervalMs]);

  return {
    index: current,
    go: (i) => setIndex(((i % count) + count) % count),
    rotating,
    playing,
    setPlaying,
    setHovered,
    setFocused,
  };
}
