import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { isSquarePath } from '../routes';

/**
 * Scrolls the window to the top on navigation (SPEC §2), except when only the hash changes on the
 * same path, and except between the square and a plugin's dialog over it (opening or closing the
 * dialog keeps the square where it was).
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const previous = useRef({ pathname, search });
  useLayoutEffect(() => {
    const prev = previous.current;
    previous.current = { pathname, search };
    if (prev.pathname === pathname && prev.search === search) return; // nothing or only the hash changed
    const dialogToggled =
      prev.pathname !== pathname &&
      isSquarePath(prev.pathname) &&
      isSquarePath(pathname) &&
      prev.search === search;
    if (!dialogToggled) window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
