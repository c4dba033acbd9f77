/**
 * `useDocumentTitle`: the title names the page on screen, also after a dialog that set its own title
 * closes, and changes once per route change (the desktop client's window title follows each change,
 * SPEC §2).
 */
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { inEnglish } from './testing/render';
import { useDocumentTitle } from './useDocumentTitle';

inEnglish();

let observer: MutationObserver | undefined;
afterEach(() => {
  cleanup();
  observer?.disconnect();
});

/** Every title `document.title` takes from now on, in order. */
function recordTitles(): string[] {
  const titles: string[] = [];
  let last = document.title;
  observer = new MutationObserver(() => {
    if (document.title === last) return;
    last = document.title;
    titles.push(last);
  });
  observer.observe(document.head, { childList: true, characterData: true, subtree: true });
  return titles;
}

function Titled({ title }: { title?: string }) {
  useDocumentTitle(title);
  return null;
}

let openDialog: (open: boolean) => void = () => {};
function Square() {
  const [open, setOpen] = useState(false);
  openDialog = setOpen;
  return (
    <>
      <Titled />
      {open && <Titled title="Rename It" />}
    </>
  );
}

describe('useDocumentTitle', () => {
  it('shows the newest mounted title and the one before it again when that unmounts', async () => {
    const titles = recordTitles();
    render(<Square />);
    await waitFor(() => expect(document.title).toBe('Plugin Center'));
    act(() => openDialog(true));
    await waitFor(() => expect(document.title).toBe('Rename It · Plugin Center'));
    act(() => openDialog(false));
    await waitFor(() => expect(document.title).toBe('Plugin Center'));
    expect(titles.slice(-2)).toEqual(['Rename It · Plugin Center', 'Plugin Center']);
  });

  it('a route change from one titled page to another changes the title once', async () => {
    const titles = recordTitles();
    const { rerender } = render(<Titled key="a" title="Terms" />);
    await waitFor(() => expect(titles.at(-1)).toBe('Terms · Plugin Center'));
    const before = titles.length;
    rerender(<Titled key="b" title="Forbidden" />);
    await waitFor(() => expect(document.title).toBe('Forbidden · Plugin Center'));
    expect(titles.slice(before)).toEqual(['Forbidden · Plugin Center']);
  });
});
