import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactElement, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from '../i18n/i18n';
import { Button } from './Button';
import { type ButtonVariant, DIALOG_THROTTLE_MS, DIALOG_WIDTH_PX } from './constants';
import { useControllableState } from './useControllableState';
import './ui.css';

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** Controlled open state; leave `undefined` to let the dialog keep its own. */
  open?: boolean;
  /** Initial open state when uncontrolled (default `false`). */
  defaultOpen?: boolean;
  /** Called with `false` whenever the dialog closes (close button, cancel, confirm, Escape, backdrop). */
  onOpenChange?(open: boolean): void;
  /** An element that opens the dialog (Radix `Dialog.Trigger asChild`); focus returns to it on close. */
  trigger?: ReactElement;
  /** The dialog's name (`aria-labelledby`). Without it, the body names the dialog with a {@link DialogTitle}. */
  title?: ReactNode;
  /** A sentence describing it (`aria-describedby`). */
  description?: ReactNode;
  /** Without `description`: the id of an element of the body that describes the dialog. */
  describedBy?: string;
  /** The body. */
  children?: ReactNode;
  /** Width in px (default {@link DIALOG_WIDTH_PX}, 600); never wider than the viewport less 24 px. */
  width?: number;
  /** Confirm button text (default: the current language's "confirm", zh-CN 确定). */
  confirmLabel?: ReactNode;
  /** Cancel button text (default: the current language's "cancel", zh-CN 取消). */
  cancelLabel?: ReactNode;
  /** Variant of the confirm button (default `primary`; `error` for destructive actions). */
  confirmVariant?: ButtonVariant;
  /**
   * Called on confirm. The dialog then closes, unless `closeOnConfirm` is `false`; when it returns a
   * promise the confirm button shows loading until it settles, and a rejection keeps the dialog open.
   */
  onConfirm?(): unknown;
  /** Called when the dialog is dismissed without confirming (cancel, close button, Escape, backdrop). */
  onCancel?(): void;
  /** Whether confirming closes the dialog (default `true`). */
  closeOnConfirm?: boolean;
  /** Whether a click on the backdrop closes the dialog (SPEC §4 "backdrop click if allowed"; default `true`). */
  closeOnBackdrop?: boolean;
  /** Show the confirm and cancel buttons (default `true`). */
  footer?: boolean;
  /** Confirm in progress (shown as the confirm button's loading state). */
  busy?: boolean;
  /** `alertdialog` for a confirmation that interrupts (WAI-ARIA alert dialog pattern); default `dialog`. */
  role?: 'dialog' | 'alertdialog';
  /** Extra class of the dialog panel. */
  className?: string;
  /**
   * The classes of the overlay, panel, title and description, in place of the kit's `ui-dialog-*`
   * ones; a part left out has no class. {@link PAGE_DIALOG_CLASSES} gives the look of the app's
   * dialogs (the plugin detail's frame).
   */
  classNames?: DialogClassNames;
  /**
   * The close button: `true` (default) the kit's labelled one in the top-right corner, `false` none,
   * or a page's own button element, which then comes first in the panel (so it takes the focus when
   * the dialog opens).
   */
  closeButton?: boolean | ReactElement;
  /**
   * Called when the dialog closes, before focus returns to the trigger (Radix `onCloseAutoFocus`);
   * `event.preventDefault()` keeps focus where this handler puts it.
   */
  onCloseAutoFocus?(event: Event): void;
}

/** The classes of a {@link Dialog}'s parts (see `DialogProps.classNames`). */
export interface DialogClassNames {
  overlay?: string;
  panel?: string;
  title?: string;
  description?: string;
}

/** The kit's own look: `ui-dialog-overlay`, `ui-dialog`, `ui-dialog-title`, `ui-dialog-description` (ui.css). */
const KIT_DIALOG_CLASSES: DialogClassNames = {
  overlay: 'ui-dialog-overlay',
  panel: 'ui-dialog',
  title: 'ui-dialog-title',
  description: 'ui-dialog-description',
};

/**
 * The look of the app's dialogs (styles/dialog.css: `dialog-overlay`, `dialog`, `dialog-title`; the
 * description unstyled), for a page's dialog that brings its own body and buttons.
 */
export const PAGE_DIALOG_CLASSES: DialogClassNames = {
  overlay: 'dialog-overlay',
  panel: 'dialog',
  title: 'dialog-title',
};

/**
 * Closes the enclosing {@link Dialog} when its child is clicked (Radix `Dialog.Close asChild`), as a
 * dismissal (`onCancel`): the Cancel button of a body that brings its own buttons (`footer={false}`).
 */
export function DialogClose({ children }: { children: ReactElement }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}

/** The dialog's name inside a body that brings its own (a {@link Dialog} without `title`). */
export function DialogTitle({ className, children }: { className?: string; children: ReactNode }) {
  return <RadixDialog.Title className={className}>{children}</RadixDialog.Title>;
}

/** `a b` without the missing ones; `undefined` when there is none. */
const joined = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/**
 * The kit's modal dialog on Radix Dialog (WAI-ARIA dialog pattern; SPEC §4, §9): a title, an optional
 * description and body, cancel and confirm buttons with default labels in the current language, and
 * a labelled close button. It closes on close, cancel, confirm, Escape (the topmost dialog only), and
 * on a backdrop click only when `closeOnBackdrop` allows it. Focus moves into the dialog, is trapped
 * there and returns to the element that had it (the trigger) on close. Confirm actions closer than
 * {@link DIALOG_THROTTLE_MS} (20 ms) are taken once. Controlled (`open` + `onOpenChange`) or not
 * (`defaultOpen`, `trigger`). The panel carries `data-state="open"|"closed"` (Radix). A page's dialog
 * in the app's look passes `classNames={PAGE_DIALOG_CLASSES}`, and with its own buttons
 * `footer={false}` (Cancel in a {@link DialogClose}) and often `closeButton={false}`.
 */
export function Dialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  trigger,
  title,
  description,
  describedBy,
  children,
  width = DIALOG_WIDTH_PX,
  confirmLabel,
  cancelLabel,
  confirmVariant = 'primary',
  onConfirm,
  onCancel,
  closeOnConfirm = true,
  closeOnBackdrop = true,
  footer = true,
  busy = false,
  role = 'dialog',
  className,
  classNames = KIT_DIALOG_CLASSES,
  closeButton = true,
  onCloseAutoFocus,
}: DialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const [pending, setPending] = useState(false);
  const lastConfirm = useRef(Number.NEGATIVE_INFINITY);

  const dismiss = () => {
    onCancel?.();
    setOpen(false);
  };
  const confirm = () => {
    const now = Date.now();
    if (pending || busy || now - lastConfirm.current < DIALOG_THROTTLE_MS) return;
    lastConfirm.current = now;
    const result = onConfirm?.();
    if (result instanceof Promise) {
      setPending(true);
      result.then(
        () => {
          setPending(false);
          if (closeOnConfirm) setOpen(false);
        },
        () => setPending(false),
      );
    } else if (closeOnConfirm) setOpen(false);
  };
  const outside = (event: Event) => {
    if (!closeOnBackdrop) event.preventDefault();
  };

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setOpen(true);
        else dismiss();
      }}
    >
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={classNames.overlay} />
        <RadixDialog.Content
          className={joined(classNames.panel, className)}
          role={role}
          style={{ width: `${width}px`, maxWidth: 'calc(100vw - 24px)' }}
          onPointerDownOutside={outside}
          onInteractOutside={outside}
          onCloseAutoFocus={onCloseAutoFocus}
          {...(description === undefined ? { 'aria-describedby': describedBy } : {})}
        >
          {closeButton !== true && closeButton !== false && (
            <RadixDialog.Close asChild>{closeButton}</RadixDialog.Close>
          )}
          {title !== undefined && <RadixDialog.Title className={classNames.title}>{title}</RadixDialog.Title>}
          {description !== undefined && (
            <RadixDialog.Description className={classNames.description}>
              {description}
            </RadixDialog.Description>
          )}
          {children}
          {footer && (
            <div className="ui-dialog-footer">
              <Button onClick={dismiss}>{cancelLabel ?? t('ui.cancel')}</Button>
              <Button variant={confirmVariant} loading={busy || pending} onClick={confirm}>
                {confirmLabel ?? t('ui.confirm')}
              </Button>
            </div>
          )}
          {closeButton === true && (
            <RadixDialog.Close className="ui-dialog-close" aria-label={t('ui.close')}>
              <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
