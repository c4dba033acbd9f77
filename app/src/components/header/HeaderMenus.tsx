import type { Locale, SiteConfig } from '@plugin-center/contract';
import {
  type FocusEvent,
  type KeyboardEvent,
  lazy,
  type PointerEvent,
  Suspense,
  useEffect,
  useId,
  useRef,
} from 'react';
import { useTranslation } from '../../i18n/i18n';
import { HEADER_MENUS, type HeaderMenuId, hasContent, headerLinks } from './links';

/** Loads the dropdown sections' contents (links and the hot-picks carousel): outside the first load. */
export const loadMenuPanel = () => import('./MenuPanel');
const MenuPanel = lazy(() => loadMenuPanel().then((m) => ({ default: m.MenuPanel })));

/** Whether a dialog (Radix: `role=dialog` / `alertdialog`) is open: its Escape is not the header's. */
const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/** Props of {@link HeaderMenus}. */
export interface HeaderMenusProps {
  config: SiteConfig;
  locale: Locale;
  /** The open menu, `null` when none: one at a time (SPEC §4 "dropdown sections expand one at a time"). */
  open: HeaderMenuId | null;
  onOpenChange: (menu: HeaderMenuId | null) => void;
}

/**
 * The header's product menus (SPEC §2, §4) on wide screens: Products, Resources (with the hot-picks
 * carousel), a plain Pricing link and Help, each menu a WAI-ARIA disclosure (APG "Disclosure
 * Navigation Menu"): a button with `aria-expanded` / `aria-controls` and a dropdown section after it
 * in the tab order. One section is open at a time (opening one closes the other, the state is the
 * caller's `open`). A mouse pointer opens a section on hover and closes it on leave (a click then keeps
 * it open); Escape (while the focus is in the menu, or while no dialog is open) closes it and gives
 * the focus back to its button; focus leaving a menu or a press outside the menus closes it. The
 * sections' contents are loaded on first use ({@link loadMenuPanel}, prefetched on hover or focus).
 * Which menus and links show is {@link headerLinks}' (the host origin, the parts switched on, a
 * custom menu file): a menu with nothing in it is left out, and with nothing at all there is no
 * navigation.
 */
export function HeaderMenus({ config, locale, open, onOpenChange }: HeaderMenusProps) {
  const { t } = useTranslation();
  const id = useId();
  const nav = useRef<HTMLElement>(null);
  // The menu a mouse hover opened: a click on its button then keeps it open instead of closing it.
  const hoverOpened = useRef<HeaderMenuId | null>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: Event) => {
      if (!nav.current?.contains(e.target as Node)) onOpenChange(null);
    };
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      // A menu opened by hover, with the focus elsewhere; never the Escape of a dialog on top.
      if (e.key !== 'Escape' || e.defaultPrevented || dialogOpen()) return;
      if (nav.current?.contains(document.activeElement)) return; // handled by onMenuKeyDown
      onOpenChange(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, onOpenChange]);

  const button = (menu: HeaderMenuId) => document.getElementById(`${id}-${menu}-button`);
  const onMenuKeyDown = (menu: HeaderMenuId) => (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || open !== menu) return;
    onOpenChange(null);
    button(menu)?.focus();
  };
  const onPointerEnter = (menu: HeaderMenuId) => (e: PointerEvent) => {
    void loadMenuPanel();
    if (e.pointerType !== 'mouse' || open === menu) return;
    hoverOpened.current = menu;
    onOpenChange(menu);
  };
  const onPointerLeave = (menu: HeaderMenuId) => (e: PointerEvent) => {
    if (e.pointerType !== 'mouse' || open !== menu) return;
    hoverOpened.current = null;
    onOpenChange(null);
  };
  const onClick = (menu: HeaderMenuId) => () => {
    if (open === menu && hoverOpened.current === menu) {
      hoverOpened.current = null; // pinned: a second click closes it
      return;
    }
    hoverOpened.current = null;
    onOpenChange(open === menu ? null : menu);
  };
  const onBlur = (menu: HeaderMenuId) => (e: FocusEvent<HTMLLIElement>) => {
    if (open === menu && e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) {
      onOpenChange(null);
    }
  };

  const links = headerLinks(config, locale);

  const item = (menu: HeaderMenuId) => (
    <li
      key={menu}
      className="header-menu"
      data-open={open === menu || undefined}
      onPointerEnter={onPointerEnter(menu)}
      onPointerLeave={onPointerLeave(menu)}
      onKeyDown={onMenuKeyDown(menu)}
      onBlur={onBlur(menu)}
    >
      <button
        type="button"
        id={`${id}-${menu}-button`}
        className="nav-link header-menu-button"
        aria-expanded={open === menu}
        aria-controls={`${id}-${menu}`}
        onClick={onClick(menu)}
        onFocus={() => void loadMenuPanel()}
      >
        {t(`header.${menu}`)}
        <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="none" stroke="currentColor" strokeWidth="2.5" d="m6 9 6 6 6-6" />
        </svg>
      </button>
      <div id={`${id}-${menu}`} className="header-dropdown" hidden={open !== menu}>
        {open === menu && (
          <Suspense fallback={<div className="header-dropdown-loading" aria-busy="true" />}>
            <MenuPanel menu={menu} config={config} locale={locale} />
          </Suspense>
        )}
      </div>
    </li>
  );

  if (!links.pricing && !HEADER_MENUS.some((menu) => hasContent(links, menu))) return null;
  return (
    <nav ref={nav} className="site-nav" aria-label={t('header.nav')}>
      <ul className="site-nav-list">
        {hasContent(links, HEADER_MENUS[0]) && item(HEADER_MENUS[0])}
        {hasContent(links, HEADER_MENUS[1]) && item(HEADER_MENUS[1])}
        {links.pricing && (
          <li>
            <a className="nav-link" href={links.pricing.href}>
              {links.pricing.label ?? t('header.pricing')}
            </a>
          </li>
        )}
        {hasContent(links, HEADER_MENUS[2]) && item(HEADER_MENUS[2])}
      </ul>
    </nav>
  );
}
