import { useState } from 'react';

/**
 * Previous/next paging over cursors (SPEC §3 `next_cursor`) for a list that shows one page at a
 * time: `cursor` is the current page's cursor (undefined for the first), `page` is 1-based;
 * `next(c)` goes to the page of cursor `c`, `previous()` back one, `reset()` to the first page
 * (after a filter change). The {@link Pager} of `ui/Pager.tsx` draws its buttons.
 */
export function useCursorStack() {
  const [stack, setStack] = useState<string[]>([]);
  return {
    cursor: stack.at(-1),
    page: stack.length + 1,
    next: (c: string) => setStack((s) => [...s, c]),
    previous: () => setStack((s) => s.slice(0, -1)),
    reset: () => setStack([]),
  };
}

/** What {@link useCursorStack} answers. */
export type CursorStack = ReturnType<typeof useCursorStack>;
