import { forwardRef, type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/i18n';
import { NUMBER_INPUT_DEFAULTS, NUMBER_INPUT_REPEAT_MS } from './constants';
import { useControllableState } from './useControllableState';
import './ui.css';
import './fields.css';

/** Props of {@link NumberInput}. */
export interface NumberInputProps {
  /** Controlled value. */
  value?: number;
  /** Initial value when uncontrolled (default `min`). */
  defaultValue?: number;
  /** Called with each new valid value (from the buttons, the arrow keys, or typed text once committed). */
  onValueChange?(value: number): void;
  /** Lowest value (default 0, SPEC §9). */
  min?: number;
  /** Highest value (default 10, SPEC §9). */
  max?: number;
  /** Step of the buttons and arrow keys (default 1, SPEC §9). */
  step?: number;
  /** `id` of the text field, for a `<label htmlFor>`. */
  id?: string;
  /** Form field name. */
  name?: string;
  /** Not operable. */
  disabled?: boolean;
  /** The field's name when no `<label>` points to it. */
  'aria-label'?: string;
  /** Id(s) of the element(s) naming the field. */
  'aria-labelledby'?: string;
  /** Id(s) of the element(s) describing the field (a hint, an error). */
  'aria-describedby'?: string;
}

/** Longest text the field takes: hostile input (100k characters) never reaches the parser. */
const MAX_TEXT = 32;
const NUMBER_TEXT = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;

/** Decimal places of `n` as written (`0.05` has 2), so stepping by 0.1 gives 0.3, not 0.30000000000000004. */
const decimals = (n: number) => {
  const [, fraction = ''] = String(n).split('.');
  return Math.min(fraction.length, 10);
};

/**
 * Parses what a person typed: a decimal number (no exponent, hex, `Infinity` or thousands
 * separators), else `null`.
 */
export function parseNumberText(text: string): number | null {
  if (text.length > MAX_TEXT || !NUMBER_TEXT.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/**
 * The kit's number input (SPEC §5, §9; WAI-ARIA spinbutton pattern): a text field with − and +
 * buttons, min 0, max 10, step 1 by default. It never holds a value outside `[min, max]`: the buttons
 * and arrow keys stop at the bounds, and a `value` or `defaultValue` outside is clamped.
 *
 * - Holding a button down (pointer) steps at once, then again every 100 ms
 *   ({@link NUMBER_INPUT_REPEAT_MS}) until released or a bound is reached. The buttons are out of
 *   the tab order (the field's keys do the same) and keep focus in the field; a screen reader's
 *   click (no pointer) steps once.
 * - Keys in the field: ArrowUp/ArrowDown step, PageUp/PageDown step ten times, Home/End go to
 *   min/max, Enter commits the typed text.
 * - Typing is free; on blur (or Enter) a valid number within range becomes the value, anything else
 *   (invalid, out of range) reverts the text to the last valid value.
 *
 * Why a text field: a native `<input type="text" inputmode="decimal">` with `role="spinbutton"` and
 * `aria-valuemin/max/now`, not `type="number"`, whose browser-native validation bubbles speak the
 * browser's language rather than the page's, whose wheel changes values by accident and
 * whose `value` is empty for a half-typed number. The root has `data-state="idle"|"repeating"` and
 * `data-disabled`. Forwards its ref to the text field.
 */
export const NumberInput = forwardRef<HTMLInputElement, NumberInputProps>(function NumberInput(
  {
    value: valueProp,
    defaultValue,
    onValueChange,
    min: minProp = NUMBER_INPUT_DEFAULTS.min,
    max: maxProp = NUMBER_INPUT_DEFAULTS.max,
    step: stepProp = NUMBER_INPUT_DEFAULTS.step,
    id,
    name,
    disabled = false,
    ...aria
  },
  ref,
) {
  const { t } = useTranslation();
  const min = Number.isFinite(minProp) ? minProp : NUMBER_INPUT_DEFAULTS.min;
  const max = Number.isFinite(maxProp) && maxProp >= min ? maxProp : Math.max(min, NUMBER_INPUT_DEFAULTS.max);
  const step = Number.isFinite(stepProp) && stepProp > 0 ? stepProp : NUMBER_INPUT_DEFAULTS.step;
  const places = Math.max(decimals(step), decimals(min));
  const clamp = (n: number) => Math.min(max, Math.max(min, Number(n.toFixed(places))));

  const [raw, setRaw] = useControllableState<number>(
    valueProp === undefined ? undefined : clamp(Number.isFinite(valueProp) ? valueProp : min),
    clamp(defaultValue !== undefined && Number.isFinite(defaultValue) ? defaultValue : min),
    onValueChange,
  );
  const value = clamp(raw);
  const valueRef = useRef(value);
  valueRef.current = value;
  const [text, setText] = useState(String(value));
  const editing = useRef(false);
  const [repeating, setRepeating] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  // Show a new value from outside (controlled) unless the person is typing.
  useEffect(() => {
    if (!editing.current) setText(String(value));
  }, [value]);

  const commit = (next: number) => {
    const v = clamp(next);
    valueRef.current = v;
    editing.current = false;
    setRaw(v);
    setText(String(v));
    return v;
  };
  /** Takes the typed text if it is a valid in-range number, else reverts to the last valid value. */
  const commitText = () => {
    const typed = parseNumberText(text);
    return commit(typed !== null && typed >= min && typed <= max ? typed : valueRef.current);
  };
  const stop = () => {
    clearInterval(timer.current);
    timer.current = undefined;
    setRepeating(false);
  };
  const stepBy = (times: number) => {
    const base = editing.current ? commitText() : valueRef.current;
    const next = commit(base + times * step);
    if ((times > 0 && next >= max) || (times < 0 && next <= min)) stop();
  };
  useEffect(() => () => clearInterval(timer.current), []);
  useEffect(() => {
    if (!repeating) return;
    window.addEventListener('pointerup', stop);
    window.addEventListener('blur', stop);
    return () => {
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('blur', stop);
    };
  });

  const press = (dir: 1 | -1) => (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || disabled) return;
    event.preventDefault(); // keep focus in the field
    clearInterval(timer.current);
    stepBy(dir);
    const atBound = dir > 0 ? valueRef.current >= max : valueRef.current <= min;
    if (atBound) return;
    setRepeating(true);
    timer.current = setInterval(() => stepBy(dir), NUMBER_INPUT_REPEAT_MS);
  };
  const buttonProps = (dir: 1 | -1) => ({
    type: 'button' as const,
    tabIndex: -1,
    className: 'ui-number-button',
    disabled: disabled || (dir > 0 ? value >= max : value <= min),
    'aria-label': dir > 0 ? t('ui.increase') : t('ui.decrease'),
    onPointerDown: press(dir),
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onClick: (event: { detail: number }) => {
      if (event.detail === 0) stepBy(dir); // keyboard or assistive technology, no pointer
    },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (disabled) return;
    const key = event.key;
    if (key === 'ArrowUp' || key === 'ArrowDown') stepBy(key === 'ArrowUp' ? 1 : -1);
    else if (key === 'PageUp' || key === 'PageDown') stepBy(key === 'PageUp' ? 10 : -10);
    else if (key === 'Home' || key === 'End') commit(key === 'Home' ? min : max);
    else if (key === 'Enter') commitText();
    else return;
    event.preventDefault();
  };

  return (
    <span
      className="ui-number"
      data-state={repeating ? 'repeating' : 'idle'}
      data-disabled={disabled ? '' : undefined}
    >
      <button {...buttonProps(-1)}>
        <span aria-hidden="true">−</span>
      </button>
      <input
        ref={ref}
        id={id}
        name={name}
        className="ui-number-field"
        type="text"
        inputMode={places > 0 || min < 0 ? 'decimal' : 'numeric'}
        autoComplete="off"
        role="spinbutton"
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={value}
        maxLength={MAX_TEXT}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          editing.current = true;
          setText(event.target.value.slice(0, MAX_TEXT));
        }}
        onBlur={() => {
          if (editing.current) commitText();
        }}
        onKeyDown={onKeyDown}
        {...aria}
      />
      <button {...buttonProps(1)}>
        <span aria-hidden="true">+</span>
      </button>
    </span>
  );
});
