/**
 * `useDocumentTitle`: the title names the page on screen, also after a dialog that set its own title
 * closes, and the desktop client's window title follows, once per change (issue 15, SPEC §2).
 */
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DESKTOP_BRIDGE_GLOBAL } from './desktop/bridge';
import { inEnglish } from './testing/render';
import { useDocumentTitle } from './useDocumentTitle';

inEnglish();

const globals = window as unknown as Record<string, unknown>;
afterEach(() => {
  cleanup();
  delete globals[DESKTOP_BRIDGE_GLOBAL];
});

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
    const titles: string[] = [];
    globals[DESKTOP_BRIDGE_GLOBAL] = { setTitle: (t: string) => void titles.push(t) };
    render(<Square />);
    await waitFor(() => expect(document.title).toBe('Plugin Center'));
    act(() => openDialog(true));
    await waitFor(() => expect(document.title).toBe('Rename It · Plugin Center'));
    act(() => openDialog(false));
    await waitFor(() => expect(document.title).toBe('Plugin Center'));
    expect(titles.slice(-2)).toEqual(['Rename It · Plugin Center', 'Plugin Center']);
  });

  it('a route change from one titled page to another sends only the new title', async () => {
    const titles: string[] = [];
    globals[DESKTOP_BRIDGE_GLOBAL] = { setTitle: (t: string) => void titles.push(t) };
    const { rerender } = render(<Titled key="a" title="Terms" />);
    await waitFor(() => expect(titles.at(-1)).toBe('Terms · Plugin Center'));
    const before = titles.length;
    rerender(<Titled key="b" title="Forbidden" />);
    await waitFor(() => expect(document.title).toBe('Forbidden · Plugin Center'));
    expect(titles.slice(before)).toEqual(['Forbidden · Plugin Center']);
  });
});
