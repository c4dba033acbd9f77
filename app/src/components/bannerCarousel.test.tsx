/**
 * The square's banner carousel over the real API client with only `fetch` faked, as a
 * person (and a screen reader) meets it: the WAI-ARIA carousel region and its "n of m" slides, one
 * shown at a time; previous and next wrapping; links opened in a new tab with rel noopener noreferrer
 * (and no link for a non-http URL); with fake timers, the rotation every BANNER_ROTATION_MS that
 * pauses on hover and focus and stops with the rotation button, and that does not start with reduced
 * motion; nothing at all without banners. The carousel (`Carousel`, a lazily loaded chunk) is driven
 * directly under fake timers; `BannerCarousel` (fetch and lazy load) with real ones.
 */
import type { Banner } from '@plugin-center/api';
import { fakeFetch, json, ok } from '@plugin-center/test-fakes/fetch';
import { realSetTimeout, waitInRealTime } from '@plugin-center/test-fakes/timers';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inEnglish, renderWithClient } from '../testing/render';
import { BannerCarousel } from './BannerCarousel';
import { BANNER_ROTATION_MS, Carousel } from './Carousel';

inEnglish();
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const BANNER_PATH = '/api/cmt/plugin-banner/all';
const banner = (
  id: number,
  position: number,
  redirect_url = `https://site${id}.example.com/page`,
): Banner => ({
  id,
  image: `/api/cmt/file/${id}.png`,
  redirect_url,
  position,
});
const THREE = [banner(5, 0), banner(2, 1), banner(9, 2)];

/** The square's `BannerCarousel` over the faked banner list (real timers). */
function renderBanners(answer: () => Response = () => ok(THREE)) {
  const net = fakeFetch((req) => (req.url.pathname === BANNER_PATH ? answer() : json({ code: 40401 }, 404)));
  renderWithClient(net.fetch, <BannerCarousel />);
  return net;
}
/** The carousel itself, under fake timers. */
function renderCarousel(banners: Banner[] = THREE) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  render(<Carousel banners={banners} />);
}

/** Waits in real time (the fake clock stays still) until `check` passes, 2 s at most. */
const settle = <T,>(check: () => T): Promise<T> => waitInRealTime(check, act);
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const carousel = () => screen.getByRole('region', { name: 'Banners' });
/** The label of the one slide shown. */
const shown = () => {
  const visible = screen.getAllByRole('group', { hidden: true }).filter((g) => !g.hidden);
  expect(visible).toHaveLength(1);
  return visible[0]!.getAttribute('aria-label');
};

describe('banner carousel', () => {
  it('is a WAI-ARIA carousel of "n of m" slides, one shown, each a safe link to its redirect_url', async () => {
    const net = renderBanners();
    const region = await screen.findByRole('region', { name: 'Banners' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = within(region).getAllByRole('group', { hidden: true });
    expect(slides.map((s) => s.getAttribute('aria-roledescription'))).toEqual(['slide', 'slide', 'slide']);
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(slides.map((s) => s.hidden)).toEqual([false, true, true]);

    const link = within(slides[0]!).getByRole('link', {
      name: 'Banner 1: open site5.example.com in a new tab',
    });
    expect(link.getAttribute('href')).toBe('https://site5.example.com/page');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(link).getByRole('img').getAttribute('src')).toBe('/api/cmt/file/5.png');
    expect(net.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`GET ${BANNER_PATH}`]);

    // The controls come first, in this order, and control the slides.
    const buttons = within(region).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Stop automatic rotation',
      'Previous banner',
      'Next banner',
    ]);
    const slidesId = buttons[1]!.getAttribute('aria-controls');
    expect(slidesId).toBeTruthy();
    expect(document.getElementById(slidesId!)?.contains(slides[0]!)).toBe(true);
  });

  it('moves with previous and next, wrapping at both ends', async () => {
    renderCarousel();
    carousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    expect(shown()).toBe('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(shown()).toBe('1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(shown()).toBe('2 of 3');
  });

  it('rotates on its own, pauses while hovered or focused, and stops with the rotation button', async () => {
    renderCarousel();
    const region = carousel();
    const slides = document.getElementById(
      screen.getByRole('button', { name: 'Next banner' }).getAttribute('aria-controls')!,
    )!;
    expect(slides.getAttribute('aria-live')).toBe('off');
    await advance(BANNER_ROTATION_MS - 10);
    expect(shown()).toBe('1 of 3');
    await advance(10);
    expect(shown()).toBe('2 of 3');
    await advance(BANNER_ROTATION_MS);
    expect(shown()).toBe('3 of 3');
    await advance(BANNER_ROTATION_MS);
    expect(shown()).toBe('1 of 3');

    // Hover pauses; leaving resumes.
    fireEvent.mouseEnter(region);
    expect(slides.getAttribute('aria-live')).toBe('polite');
    await advance(BANNER_ROTATION_MS * 3);
    expect(shown()).toBe('1 of 3');
    fireEvent.mouseLeave(region);
    await advance(BANNER_ROTATION_MS);
    expect(shown()).toBe('2 of 3');

    // Focus inside pauses; moving it out resumes.
    act(() => screen.getByRole('button', { name: 'Next banner' }).focus());
    await advance(BANNER_ROTATION_MS * 3);
    expect(shown()).toBe('2 of 3');
    act(() => screen.getByRole('button', { name: 'Next banner' }).blur());
    await advance(BANNER_ROTATION_MS);
    expect(shown()).toBe('3 of 3');

    // The rotation button stops it for good, and starts it again.
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic rotation' }));
    act(() => screen.getByRole('button', { name: 'Start automatic rotation' }).blur());
    expect(slides.getAttribute('aria-live')).toBe('polite');
    await advance(BANNER_ROTATION_MS * 4);
    expect(shown()).toBe('3 of 3');
    const start = screen.getByRole('button', { name: 'Start automatic rotation' });
    act(() => start.focus());
    fireEvent.click(start);
    // Focus on the rotation button itself does not pause.
    await advance(BANNER_ROTATION_MS);
    expect(shown()).toBe('1 of 3');
    expect(screen.getByRole('button', { name: 'Stop automatic rotation' })).toBe(document.activeElement);
  });

  it('does not rotate on its own when the system asks for reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    renderCarousel();
    carousel();
    expect(screen.getByRole('button', { name: 'Start automatic rotation' })).toBeTruthy();
    await advance(BANNER_ROTATION_MS * 3);
    expect(shown()).toBe('1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(shown()).toBe('2 of 3');
  });

  it('shows one banner without controls, and no link for a URL that is not http(s)', async () => {
    renderCarousel([banner(4, 0, 'javascript:alert(1)')]);
    const region = carousel();
    expect(within(region).queryAllByRole('button')).toEqual([]);
    expect(within(region).queryByRole('link')).toBeNull();
    expect(within(region).getByRole('img', { name: 'Banner 1' })).toBeTruthy();
    expect(within(region).getByRole('group').getAttribute('aria-label')).toBe('1 of 1');
  });

  it('renders nothing without banners or when the call fails', async () => {
    for (const answer of [
      () => ok([]),
      () => json({ code: 50000, error: 'INTERNAL', message: 'x', data: null }, 500),
    ]) {
      const net = renderBanners(answer);
      await settle(() => expect(net.requests).toHaveLength(1));
      await act(() => new Promise((resolve) => realSetTimeout(resolve, 30)));
      expect(document.body.textContent).toBe('');
      expect(screen.queryByRole('region')).toBeNull();
      cleanup();
    }
  });
});
