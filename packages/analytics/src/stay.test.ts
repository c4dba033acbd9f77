import { fakeWindow, network } from '@plugin-center/test-fakes/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stayPlugin } from './stay';
import { createTracker } from './tracker';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function open() {
  const net = network();
  const w = fakeWindow();
  const tracker = createTracker({ window: w, fetch: net.fetch, plugins: [stayPlugin()] });
  tracker.init();
  const scroll = (y: number) => {
    w.document.documentElement.scrollTop = y;
    w.dispatch('scroll');
  };
  const stays = async () => [...(await net.records()), ...w.beacons()].filter((r) => r.event === '$WebStay');
  return { w, scroll, stays };
}

describe('$WebStay (SPEC §3, §9)', () => {
  it('reports the position where scrolling started and how long since the last report, checked 1 s later', async () => {
    const { scroll, stays } = open();
    vi.advanceTimersByTime(10_000); // read the top for 10 s
    scroll(300);
    scroll(800); // the same scroll gesture
    vi.advanceTimersByTime(999);
    expect(await stays()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(await stays()).toMatchObject([{ properties: { $viewport_position: 300, event_duration: 11 } }]);
  });

  it('does not report short stays, nor when the page is back where it was', async () => {
    const { scroll, stays } = open();
    vi.advanceTimersByTime(2000);
    scroll(500);
    vi.advanceTimersByTime(1000); // stayed 3 s: too short
    vi.advanceTimersByTime(6000);
    scroll(600);
    scroll(650);
    scroll(600); // back where the gesture started within the second
    vi.advanceTimersByTime(1000);
    expect(await stays()).toHaveLength(0);
  });

  it('reports the last position by beacon when the page is left', async () => {
    const { scroll, stays, w } = open();
    scroll(200);
    vi.advanceTimersByTime(1000);
    vi.advanceTimersByTime(2500);
    w.dispatch('pagehide');
    expect(w.beacons()).toMatchObject([
      { event: '$WebStay', properties: { $viewport_position: 200, event_duration: 2.5 } },
    ]);
    expect(await stays()).toHaveLength(1);
  });
});
