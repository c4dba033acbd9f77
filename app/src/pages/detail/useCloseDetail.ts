import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { DetailLinkState } from '../../routes';
import { useToasts } from '../../toast/toastStore';

/** What {@link useCloseDetail} returns. */
export interface CloseDetail {
  /**
   * Closes the dialog, once: back in history when a card of the square opened it (restoring the
   * square and its scroll), else to the square with the same query.
   */
  close: () => void;
  /**
   * The dialog's `onCloseAutoFocus`: gives focus back to what had it when the dialog opened (the
   * card), else to the card of `pluginKey` on the square. Without a `Dialog.Trigger`, Radix would
   * leave it on `<body>`.
   */
  restoreFocus: (event: Event) => void;
}

/**
 * How the plugin detail dialog (SPEC §2) closes and where focus goes after. Also closes it on Escape
 * while a toast is shown: a visible toast is the topmost Radix layer and would take that Escape.
 *
 * @param pluginKey - the opened plugin, to find its card when the opener is gone
 */
export function useCloseDetail(pluginKey: string): CloseDetail {
  const navigate = useNavigate();
  const location = useLocation();
  const toasts = useToasts();
  // What had focus when the dialog opened (the card), to give focus back on close.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const card = document.querySelector(`a.card[data-plugin-key="${CSS.escape(pluginKey)}"]`);
    const target =
      opener instanceof HTMLElement && opener.isConnected && opener !== document.body ? opener : card;
    if (target instanceof HTMLElement) target.focus({ preventScroll: true });
  };

  const closed = useRef(false);
  const close = useCallback(() => {
    if (closed.current) return;
    closed.current = true;
    if ((location.state as DetailLinkState | null)?.fromSquare) navigate(-1);
    else navigate({ pathname: '/', search: location.search });
  }, [location, navigate]);

  useEffect(() => {
    if (toasts.length === 0) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [toasts.length, close]);

  return { close, restoreFocus };
}
