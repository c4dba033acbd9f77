/**
 * The app's toast queue as a tiny external store, so any component can `notify()` while the Radix
 * toaster that shows them (`Toaster`) is loaded only when the first toast comes (SPEC §8 toasts).
 *
 * @packageDocumentation
 */
import { useSyncExternalStore } from 'react';

/** Kind of a toast: sets its icon colour. */
export type ToastKind = 'success' | 'error' | 'info';

/** A toast in the queue. */
export interface ToastMessage {
  id: number;
  text: string;
  kind: ToastKind;
}

let toasts: readonly ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Shows a toast with `text` (one of SPEC §8's texts, translated); it closes itself after 1500 ms. */
export function notify(text: string, kind: ToastKind = 'info'): void {
  toasts = [...toasts, { id: nextId++, text, kind }];
  emit();
}

/** Removes a toast from the queue (called by the toaster when the toast has closed). */
export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
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
