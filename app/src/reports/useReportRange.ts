import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parsePreset, presetRange, type RangePreset, type TimeRange } from './range';

/** What {@link useReportRange} returns. */
export interface ReportRangeState {
  /** The chosen preset (`?days=`), 30 by default. */
  preset: RangePreset;
  /** The preset's range, computed when the preset was chosen (so re-renders do not move `to`). */
  range: TimeRange;
  /**
   * Chooses a preset: `?days=` is replaced in the address (no new history entry); choosing the
   * current preset again moves the range's end to now.
   */
  choose(preset: RangePreset): void;
}

/**
 * The analytics pages' time range: a 7 / 30 / 90-day preset kept in the query string (`?days=`, so
 * a reload or a shared link shows the same range), and the `[from, to)` range it stands for, ending
 * at the moment the preset was chosen (or the page opened, or the address changed to another
 * preset).
 */
export function useReportRange(): ReportRangeState {
  const [params, setParams] = useSearchParams();
  const preset = parsePreset(params.get('days'));
  const [current, setCurrent] = useState(() => ({ preset, range: presetRange(preset) }));
  let state = current;
  if (current.preset !== preset) {
    // The address changed (a click, or back/forward): a new range for the new preset.
    state = { preset, range: presetRange(preset) };
    setCurrent(state);
  }
  const choose = (next: RangePreset) => {
    // The same preset again brings the range up to now.
    if (next === state.preset) setCurrent({ preset: next, range: presetRange(next) });
    else
      setParams(
        (p) => {
          const out = new URLSearchParams(p);
          out.set('days', String(next));
          return out;
        },
        { replace: true },
      );
  };
  return { preset: state.preset, range: state.range, choose };
}
