import { forwardRef, type ReactNode } from 'react';
import { BADGE_MAX } from './constants';
import './ui.css';
import './fields.css';

/**
 * The text a badge shows for `count` (SPEC §5, §9): the count itself up to `max`, then `'{max}+'`
 * ('99+'); `null` when there is nothing to show. A count that is not a finite number (or a numeric
 * string such as `'7'`) shows nothing, a negative count counts as 0, a fraction is rounded down; 0
 * shows only with `showZero`. `Infinity` counts as over `max`. A `max` that is not a positive
 * integer falls back to 99.
 */
export function badgeText(count: unknown, max: number = BADGE_MAX, showZero = false): string | null {
  const limit = Number.isInteger(max) && max > 0 ? max : BADGE_MAX;
  const n =
    typeof count === 'number'
      ? count
      : typeof count === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(count)
        ? Number(count)
        : Number.NaN;
  if (Number.isNaN(n)) return null;
  if (n > limit) return `${limit}+`;
  const whole = Math.max(0, Math.floor(n));
  if (whole === 0 && !showZero) return null;
  return String(whole);
}

/** Props of {@link Badge}. */
export interface BadgeProps {
  /** The count; see {@link badgeText} for what is shown. */
  count: number | string | null | undefined;
  /** Highest count shown as such (default 99). */
  max?: number;
  /** Show a count of 0 (hidden by default). */
  showZero?: boolean;
  /**
   * The accessible text when the number alone would not say what it counts (e.g. "3 unread"); the
   * visible number is then hidden from screen readers.
   */
  label?: string;
  /** What the badge sits on (an icon, a button); without it the badge stands alone. */
  children?: ReactNode;
}

/**
 * A count badge (SPEC §5, §9: max 99 then '99+'). With `children` it sits on their top-right corner.
 * `data-state="visible"|"hidden"` says whether a count shows. Forwards its ref to the outer `<span>`.
 */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(
  { count, max = BADGE_MAX, showZero = false, label, children },
  ref,
) {
  const text = badgeText(count, max, showZero);
  const badge =
    text === null ? null : (
      <span className="ui-badge-count">
        <span aria-hidden={label ? true : undefined}>{text}</span>
        {label && <span className="ui-visually-hidden">{label}</span>}
      </span>
    );
  return (
    <span
      ref={ref}
      className="ui-badge"
      data-state={text === null ? 'hidden' : 'visible'}
      data-standalone={children ? undefined : ''}
    >
      {children}
      {badge}
    </span>
  );
});
