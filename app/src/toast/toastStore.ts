/**
 * The app's toast queue as a tiny external store, so any component can `notify()` while the Radix
 * toaster that shows them (`Toaster`) is loaded only when the first toast comes (SPEC §8 toasts).
 *
 * @packageDocumentation
 */
import { useSyncExternalStore } from 'react';
import type { ToastPosition, ToastType } from '../ui/constants';

/** Kind of a toast: one of the UI kit's toast types (success, error, warning, info, loading), its icon. */
export type ToastKind = ToastType;

/** A toast in the queue. */
export interface ToastMessage {
  id: number;
  text: string;
  kind: ToastKind;
  /** The viewport edge it stacks at (SPEC §9 "top or bottom"); absent means top. */
  position?: ToastPosition;
}

let toasts: readonly ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/**
 * Shows a toast with `text` (one of SPEC §8's texts, translated) and the icon of `kind`; it closes
 * itself after 1500 ms (SPEC §9, `TOAST_DURATION_MS` of `ui/constants.ts`). `position` puts it at
 * the top (default) or the bottom of the viewport, stacked 58 px from the toast before it there.
 */
export function notify(text: string, kind: ToastKind = 'info', position?: ToastPosition): void {
  toasts = [...toasts, { id: nextId++, text, kind, position }];
  emit();
}

/** Removes a toast from the queue (called by the toaster when the toast has closed). */
export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Empties the queue (a test file starting in a window another file used). */
export function clearToasts(): void {
  toasts = [];
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getSnapshot = () => toasts;

/** The toasts currently queued (newest last). */
export function useToasts(): readonly ToastMessage[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
