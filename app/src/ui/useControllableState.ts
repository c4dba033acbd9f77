import { useCallback, useRef, useState } from 'react';

/**
 * State that a component owns unless its parent controls it (the Radix pattern `value` /
 * `defaultValue` / `onValueChange`): while `value` is not `undefined` it is the state and `set` only
 * calls `onChange`; otherwise the component keeps its own state, starting at `defaultValue`.
 * `onChange` is called only when the value changes (`Object.is`).
 */
export function useControllableState<T>(
  value: T | undefined,
  defaultValue: T,
  onChange?: (next: T) => void,
): [T, (next: T) => void] {
  const [own, setOwn] = useState(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : own;
  const latest = useRef({ current, controlled, onChange });
  latest.current = { current, controlled, onChange };
  const set = useCallback((next: T) => {
    const { current: now, controlled: isControlled, onChange: notify } = latest.current;
    if (Object.is(now, next)) return;
    if (!isControlled) setOwn(next);
    latest.current.current = next;
    notify?.(next);
  }, []);
  return [current, set];
}
