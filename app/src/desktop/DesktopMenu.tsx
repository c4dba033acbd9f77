import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** Props of {@link DesktopMenu}. */
export interface DesktopMenuProps {
  /** The button's accessible name (it may show only an icon or an avatar). */
  label: string;
  /** The button's content. */
  button: ReactNode;
  /** Class of the button (default `desktop-icon-button`). */
  buttonClassName?: string;
  /**
   * The items: elements with `role="menuitem"` (links or buttons). An item's click closes the menu;
   * `close` is passed for items that need it.
   */
  children: (close: () => void) => ReactNode;
}

/** The menu items inside `root`, in document order. */
const itemsOf = (root: HTMLElement | null) => [
  ...(root?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

/**
 * A small menu button (WAI-ARIA APG "Menu Button" pattern): the button has `aria-haspopup="menu"` and
 * `aria-expanded`; Enter, Space or ArrowDown open the menu on its first item, ArrowUp on its last;
 * in the menu ArrowDown/ArrowUp move (wrapping), Home/End jump, Escape closes it and returns focus to
 * the button, Tab closes it; a click outside or on an item closes it.
 */
export function DesktopMenu({
  label,
  button,
  buttonClassName = 'desktop-icon-button',
  children,
}: DesktopMenuProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const list = itemsOf(root.current);
    (open === 'last' ? list.at(-1) : list[0])?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = (focusButton = true) => {
    setOpen(false);
    if (focusButton) trigger.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = itemsOf(root.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(list.length - 1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className="desktop-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className={buttonClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(open ? false : 'first')}
        onKeyDown={onButtonKey}
      >
        {button}
      </button>
      {open && (
        <div
          id={id}
          role="menu"
          aria-label={label}
          className="desktop-menu-list"
          onKeyDown={onMenuKey}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('[role="menuitem"]')) close(false);
          }}
        >
          {children(() => close())}
        </div>
      )}
    </div>
  );
}
