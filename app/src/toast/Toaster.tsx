import * as Toast from '@radix-ui/react-toast';
import type { CSSProperties } from 'react';
import { useTranslation } from '../i18n/i18n';
import { dismissToast, type ToastMessage } from './toastStore';

/** How long a toast stays, in ms (SPEC §9). */
export const TOAST_DURATION_MS = 1500;
/** Vertical distance between stacked toasts, in px (SPEC §9). */
export const TOAST_STACK_GAP_PX = 58;

/**
 * The toasts of the app with Radix Toast (SPEC §8, §9): top centre, each closing after
 * {@link TOAST_DURATION_MS}, stacked {@link TOAST_STACK_GAP_PX} apart (the n-th visible toast is
 * moved down by n × 58 px). Announced politely to screen readers by Radix.
 */
export function Toaster({ toasts }: { toasts: readonly ToastMessage[] }) {
  const { t } = useTranslation();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="up" label={t('app.notifications')}>
      {toasts.map((toast, index) => (
        <Toast.Root
          key={toast.id}
          className="toast"
          data-kind={toast.kind}
          style={{ '--toast-offset': `${index * TOAST_STACK_GAP_PX}px` } as CSSProperties}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
        >
          <span className="toast-dot" aria-hidden="true" />
          <Toast.Title className="toast-title">{toast.text}</Toast.Title>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
