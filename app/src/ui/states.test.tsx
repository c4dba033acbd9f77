import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadingState } from './States';

afterEach(cleanup);

describe('loading state', () => {
  it('is a status paragraph with a hidden spinner and its label, page-sized by default', () => {
    render(<LoadingState label="Loading…" />);
    const status = screen.getByRole('status');
    expect(status.tagName).toBe('P');
    expect(status.className).toBe('page-loading');
    expect(status.textContent).toBe('Loading…');
    const spinner = status.querySelector('.spinner');
    expect(spinner?.getAttribute('aria-hidden')).toBe('true');
  });

  it('is a small line for more results, and a span inside phrasing content', () => {
    render(
      <>
        <LoadingState label="Loading more…" variant="more" />
        <LoadingState label="Updating…" variant="more" inline />
      </>,
    );
    const [more, updating] = screen.getAllByRole('status');
    expect([more?.tagName, more?.className]).toEqual(['P', 'loading-more']);
    expect([updating?.tagName, updating?.className, updating?.textContent]).toEqual([
      'SPAN',
      'loading-more',
      'Updating…',
    ]);
  });
});
