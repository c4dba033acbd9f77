import { forwardRef, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import './ui.css';
import './fields.css';

/** Props of {@link Input}: a native `<input>`'s, plus a label, an error text, a hint and a counter. */
export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** The visible label (a `<label>` for the field). Without it, give `aria-label` or `aria-labelledby`. */
  label?: ReactNode;
  /** An error text: shown under the field, linked by `aria-describedby`, and sets `aria-invalid`. */
  error?: ReactNode;
  /** A hint under the field, linked by `aria-describedby`. */
  hint?: ReactNode;
  /** Show the `length/maxLength` counter (default: whenever `maxLength` is given). */
  showCount?: boolean;
  /** Content after the field inside its frame (the password toggle). */
  suffix?: ReactNode;
}

/** Length as `maxLength` counts it (UTF-16 code units, like the browser); `value` of any type is safe. */
const lengthOf = (value: unknown): number =>
  typeof value === 'string' ? value.length : typeof value === 'number' ? String(value).length : 0;

/**
 * The kit's text field (SPEC §5 "input supports maxlength and error text"): a native `<input>` with
 * an optional label, hint and error text, and with `maxLength` a live `n/max` counter. The error text
 * and hint are linked to the field by `aria-describedby` (error first) and an error sets
 * `aria-invalid="true"`; the counter is linked too and shows `data-state="over"` when a value set by
 * code is longer than `maxLength` (typing stops at it). Controlled or uncontrolled like a native
 * input. The wrapper has `data-state="error"|"normal"` and `data-disabled`. Forwards its ref to the
 * `<input>`.
 */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, error, hint, showCount, suffix, maxLength, id: idProp, className, onChange, disabled, ...rest },
  ref,
) {
  const autoId = useId();
  const id = idProp ?? `ui-input${autoId}`;
  const [ownLength, setOwnLength] = useState(() => lengthOf(rest.defaultValue));
  const length = rest.value !== undefined ? lengthOf(rest.value) : ownLength;
  const limit = typeof maxLength === 'number' && maxLength >= 0 ? maxLength : undefined;
  const counting = limit !== undefined && showCount !== false;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const described =
    [
      hasError ? `${id}-error` : '',
      hint ? `${id}-hint` : '',
      counting ? `${id}-count` : '',
      rest['aria-describedby'] ?? '',
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div
      className={className ? `ui-input ${className}` : 'ui-input'}
      data-state={hasError ? 'error' : 'normal'}
      data-disabled={disabled ? '' : undefined}
    >
      {label && (
        <label className="ui-input-label" htmlFor={id}>
          {label}
        </label>
      )}
      <div className="ui-input-frame">
        <input
          ref={ref}
          id={id}
          className="ui-input-field"
          maxLength={limit}
          disabled={disabled}
          onChange={(event) => {
            setOwnLength(event.target.value.length);
            onChange?.(event);
          }}
          {...rest}
          aria-invalid={hasError ? true : rest['aria-invalid']}
          aria-describedby={described}
        />
        {suffix}
      </div>
      {hasError && (
        <p className="ui-input-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {hint && (
        <p className="ui-input-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {counting && (
        <p className="ui-input-count" id={`${id}-count`} data-state={length > limit ? 'over' : 'within'}>
          {length}/{limit}
        </p>
      )}
    </div>
  );
});
