import { lazy, Suspense, useRef } from 'react';
import { useToasts } from './toastStore';

/** The toaster (Radix Toast) as a chunk of its own, loaded with the first toast. */
const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

/**
 * Mounts the lazily loaded {@link Toaster} once the first toast is queued and keeps it mounted after,
 * so the square's first load does not pay for Radix Toast.
 */
export function ToastHost() {
  const toasts = useToasts();
  const used = useRef(false);
  if (toasts.length > 0) used.current = true;
  if (!used.current) return null;
  return (
    <Suspense fallback={null}>
      <Toaster toasts={toasts} />
    </Suspense>
  );
}
