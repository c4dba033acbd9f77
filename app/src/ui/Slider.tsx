import * as RadixSlider from '@radix-ui/react-slider';
import { type CSSProperties, forwardRef, useEffect } from 'react';
import { SLIDER_DEFAULTS, SLIDER_THUMB_SIZE_PX, SLIDER_WARNINGS } from './constants';
import { useControllableState } from './useControllableState';
import './ui.css';
import './fields.css';

/** Props of {@link Slider}. */
export interface SliderProps {
  /** The accessible name of the thumb (required: a slider without a name cannot be used by a screen reader). */
  label: string;
  /** Controlled value. */
  value?: number;
  /** Initial value when uncontrolled (default `min`). */
  defaultValue?: number;
  /** Called with the new value while it changes. */
  onValueChange?(value: number): void;
  /** Called with the final value when the pointer is released or a key changed it. */
  onValueCommit?(value: number): void;
  /** Lowest value (default 0, SPEC §9). */
  min?: number;
  /** Highest value (default 100, SPEC §9). */
  max?: number;
  /** Step between values (default 1). */
  step?: number;
  /** Not operable. */
  disabled?: boolean;
  /** Extra class of the root. */
  className?: string;
}

/** What {@link sliderProblems} finds: the warnings to print and the range the slider uses. */
export interface SliderCheck {
  warnings: string[];
  min: number;
  max: number;
  step: number;
  /** `true` when `min >= max`: the slider is shown disabled at `min`. */
  broken: boolean;
}

const finite = (n: unknown, fallback: number) => (typeof n === 'number' && Number.isFinite(n) ? n : fallback);

/**
 * Checks a slider's range and step (SPEC §8's slider messages, {@link SLIDER_WARNINGS}): `min >= max`
 * gives `minGreaterThanMax` (the slider is then disabled over `[min, min + 1]`), a step that is not a
 * positive finite number gives `invalidStep` and becomes 1, a step that does not divide `max - min`
 * gives `invalidStep` too (kept; Radix still lets End reach `max`). Non-finite bounds fall back to
 * the defaults.
 */
export function sliderProblems(minIn: unknown, maxIn: unknown, stepIn: unknown): SliderCheck {
  const warnings: string[] = [];
  const min = finite(minIn, SLIDER_DEFAULTS.min);
  let max = finite(maxIn, SLIDER_DEFAULTS.max);
  let step = finite(stepIn, Number.NaN);
  let broken = false;
  if (min >= max) {
    warnings.push(SLIDER_WARNINGS.minGreaterThanMax);
    max = min + 1;
    broken = true;
  }
  if (!(step > 0)) {
    warnings.push(SLIDER_WARNINGS.invalidStep);
    step = 1;
  } else if (!broken) {
    const steps = (max - min) / step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) warnings.push(SLIDER_WARNINGS.invalidStep);
  }
  return { warnings, min, max, step, broken };
}

/**
 * `value` kept within `[min, max]`, with the warning of SPEC §8 when it was not (`valueBelowMin`,
 * `valueAboveMax`); a value that is not a finite number becomes `min` without a warning about range.
 */
export function clampSliderValue(
  value: unknown,
  min: number,
  max: number,
): { value: number; warning?: string } {
  const v = finite(value, min);
  if (v < min) return { value: min, warning: SLIDER_WARNINGS.valueBelowMin };
  if (v > max) return { value: max, warning: SLIDER_WARNINGS.valueAboveMax };
  return { value: v };
}

/**
 * The kit's slider on Radix Slider (WAI-ARIA slider pattern: arrows step, Page Up/Down step by ten
 * steps, Home/End go to the ends): min 0, max 100, step 1 and a 10 px thumb by default (SPEC §9).
 * Misuse is reported with `console.warn` using the exact texts of {@link SLIDER_WARNINGS} (SPEC §8
 * "the three console messages", plus our step message), once per change of the offending props: a
 * value outside `[min, max]` is clamped, `min >= max` disables the slider. Controlled (`value` +
 * `onValueChange`) or not (`defaultValue`). Root and thumb carry Radix's `data-orientation` and
 * `data-disabled`. Forwards its ref to the root element.
 */
export const Slider = forwardRef<HTMLSpanElement, SliderProps>(function Slider(
  {
    label,
    value: valueProp,
    defaultValue,
    onValueChange,
    onValueCommit,
    min: minProp = SLIDER_DEFAULTS.min,
    max: maxProp = SLIDER_DEFAULTS.max,
    step: stepProp = SLIDER_DEFAULTS.step,
    disabled = false,
    className,
  },
  ref,
) {
  const check = sliderProblems(minProp, maxProp, stepProp);
  const [raw, setRaw] = useControllableState<number>(valueProp, defaultValue ?? check.min, onValueChange);
  const clamped = clampSliderValue(raw, check.min, check.max);
  const shown = check.broken ? check.min : clamped.value;

  const rangeWarnings = check.warnings.join('\n');
  useEffect(() => {
    if (rangeWarnings) for (const w of rangeWarnings.split('\n')) console.warn(w);
  }, [rangeWarnings]);
  const valueWarning = check.broken ? undefined : clamped.warning;
  // biome-ignore lint/correctness/useExhaustiveDependencies: warn once per offending value, not per render
  useEffect(() => {
    if (valueWarning) console.warn(valueWarning);
  }, [valueWarning, raw]);

  return (
    <RadixSlider.Root
      ref={ref}
      className={className ? `ui-slider ${className}` : 'ui-slider'}
      min={check.min}
      max={check.max}
      step={check.step}
      value={[shown]}
      disabled={disabled || check.broken}
      onValueChange={([next]) => {
        if (next !== undefined) setRaw(next);
      }}
      onValueCommit={([next]) => {
        if (next !== undefined) onValueCommit?.(next);
      }}
      style={{ '--ui-slider-thumb': `${SLIDER_THUMB_SIZE_PX}px` } as CSSProperties}
    >
      <RadixSlider.Track className="ui-slider-track">
        <RadixSlider.Range className="ui-slider-range" />
      </RadixSlider.Track>
      <RadixSlider.Thumb className="ui-slider-thumb" aria-label={label} />
    </RadixSlider.Root>
  );
});
