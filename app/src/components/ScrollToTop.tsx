import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { showsSquare } from '../routes';

/**
 * Scrolls the window to the top on navigation (SPEC §2), except when only the hash changes on the
 * same path, and except between the square and a plugin's dialog over it (opening or closing the
 * dialog keeps the square where it was; a plugin's full detail page starts at the top).
 */
export function ScrollToTop() {
  const location = useLocation();
  const { pathname, search } = location;
  const square = showsSquare(pathname, location.state);
  const previous = useRef({ pathname, search, square });
  useLayoutEffect(() => {
    const prev = previous.current;
    previous.current = { pathname, search, square };
    if (prev.pathname === pathname && prev.search === search) return; // nothing or only the hash changed
    const dialogToggled = prev.pathname !== pathname && prev.square && square && prev.search === search;
    if (!dialogToggled) window.scrollTo(0, 0);
  }, [pathname, search, square]);
  return null;
}
