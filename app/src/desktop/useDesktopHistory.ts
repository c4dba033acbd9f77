import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import {
  arrive,
  canGoBack,
  canGoForward,
  type DesktopHistory,
  entryOf,
  move,
  readHistory,
  visit,
  writeHistory,
} from './history';

/** What {@link useDesktopHistory} returns. */
export interface DesktopHistoryControls {
  /** The current list and index (see `history.ts`). */
  history: DesktopHistory;
  /** Index above 0. */
  canGoBack: boolean;
  /** Index below the list's end. */
  canGoForward: boolean;
  /** Moves the index one back and navigates there; nothing at the start of the list. */
  back(): void;
  /** Moves the index one forward and navigates there; nothing at the end of the list. */
  forward(): void;
}

/**
 * The desktop header's history (SPEC §2) over the router: every location change is recorded in the
 * session-stored list — a new page (`PUSH`) drops the forward entries and is appended, a `REPLACE`
 * replaces the current entry, a browser `POP` (mouse back button, `history.back()`) moves the index
 * to the neighbour it landed on; the current entry again (a reload, or the move `back`/`forward` just
 * made) changes nothing. `back`/`forward` move the index first, then navigate with react-router.
 *
 * @param storage where the list lives, default `sessionStorage` (see `readHistory`).
 */
export function useDesktopHistory(storage?: Pick<Storage, 'getItem' | 'setItem'>): DesktopHistoryControls {
  const location = useLocation();
  const type = useNavigationType();
  const navigate = useNavigate();
  const [history, setHistory] = useState(() => readHistory(storage));
  const entry = entryOf(location.pathname, location.search);

  useEffect(() => {
    setHistory((current) => {
      const next = type === 'POP' ? arrive(current, entry) : visit(current, entry, type === 'REPLACE');
      if (next !== current) writeHistory(next, storage);
      return next;
    });
  }, [entry, type, storage]);

  const go = useCallback(
    (delta: number) => {
      const next = move(history, delta);
      if (!next) return;
      writeHistory(next, storage);
      setHistory(next);
      navigate(next.entries[next.index] as string);
    },
    [history, navigate, storage],
  );

  return {
    history,
    canGoBack: canGoBack(history),
    canGoForward: canGoForward(history),
    back: () => go(-1),
    forward: () => go(1),
  };
}
