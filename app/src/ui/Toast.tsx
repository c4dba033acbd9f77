import * as RadixToast from '@radix-ui/react-toast';
import type { CSSProperties, ReactNode } from 'react';
import {
  DEFAULT_TOAST_POSITION,
  TOAST_DURATION_MS,
  TOAST_POSITIONS,
  TOAST_STACK_GAP_PX,
  type ToastPosition,
  type ToastType,
} from './constants';
import { Icon } from './Icon';
import './ui.css';

/** One toast of a {@link Toaster}. */
export interface ToastItem {
  /** Stable key; handed back to `onDismiss`. */
  id: string | number;
  /** SPEC §9 type, shown as the icon of the same name (default `info`). */
  type?: ToastType;
  /** The message (a toast) or the heading (a notification, when `description` is given). */
  title: ReactNode;
  /** A second line: makes the toast a notification (SPEC §9 message types, `data-message`). */
  description?: ReactNode;
  /** ms before it closes itself (default {@link TOAST_DURATION_MS}, 1500). */
  duration?: number;
  /** `top` (default) or `bottom` edge of the viewport (SPEC §9). */
  position?: ToastPosition;
}

/** Props of {@link Toaster}. */
export interface ToasterProps {
  /** The toasts to show, oldest first. */
  toasts: readonly ToastItem[];
  /** Called with a toast's `id` once it has closed (its duration ran out, or it was swiped or dismissed with Escape). */
  onDismiss(id: ToastItem['id']): void;
  /** Name of the toast region for screen readers (Radix appends its F8 hotkey), e.g. "通知". */
  label: string;
  /** Extra class on each toast (the app adds `toast`, which its browser tests select). */
  toastClassName?: string;
}

/**
 * The kit's toasts on Radix Toast (SPEC §4, §9): each closes after its duration (1500 ms by default),
 * shows the icon of its type (success, error, warning, info, loading) and stacks 58 px from the one
 * before it at its edge (top toasts move down, bottom toasts up: `--ui-toast-offset` is n × 58 px).
 * One Radix provider and viewport per edge in use, announced politely by Radix (assertively for
 * `error`). Each toast has `data-type`, `data-position`, `data-message` (`toast` or `notification`)
 * and Radix's `data-state="open"|"closed"`.
 */
export function Toaster({ toasts, onDismiss, label, toastClassName }: ToasterProps) {
  return (
    <>
      {TOAST_POSITIONS.map((position) => {
        const here = toasts.filter((toast) => (toast.position ?? DEFAULT_TOAST_POSITION) === position);
        if (here.length === 0) return null;
        return (
          <RadixToast.Provider
            key={position}
            duration={TOAST_DURATION_MS}
            swipeDirection={position === 'top' ? 'up' : 'down'}
            label={label}
          >
            {here.map((toast, index) => {
              const type = toast.type ?? 'info';
              return (
                <RadixToast.Root
                  key={toast.id}
                  className={toastClassName ? `ui-toast ${toastClassName}` : 'ui-toast'}
                  type={type === 'error' ? 'foreground' : 'background'}
                  duration={toast.duration}
                  data-type={type}
                  data-position={position}
                  data-message={toast.description === undefined ? 'toast' : 'notification'}
                  style={{ '--ui-toast-offset': `${index * TOAST_STACK_GAP_PX}px` } as CSSProperties}
                  onOpenChange={(open) => {
                    if (!open) onDismiss(toast.id);
                  }}
                >
                  <Icon name={type} className="ui-toast-icon" />
                  <div className="ui-toast-text">
                    <RadixToast.Title className="ui-toast-title">{toast.title}</RadixToast.Title>
                    {toast.description !== undefined && (
                      <RadixToast.Description className="ui-toast-description">
                        {toast.description}
                      </RadixToast.Description>
                    )}
                  </div>
                </RadixToast.Root>
              );
            })}
            <RadixToast.Viewport className="ui-toast-viewport" data-position={position} />
          </RadixToast.Provider>
        );
      })}
    </>
  );
}
