import { fakeWindow, network } from '@plugin-center/test-fakes/analytics';
import { describe, expect, it } from 'vitest';
import { pageModePlugin } from './mode';
import { createTracker } from './tracker';

const open = (href: string, framed = false) => {
  const net = network();
  const w = fakeWindow(href, { framed });
  const tracker = createTracker({ window: w, fetch: net.fetch, plugins: [pageModePlugin()] });
  tracker.track('Queued');
  tracker.init();
  tracker.track('After');
  return { tracker, net, w };
};

describe('page mode (SPEC §7 sa-request-*, sa-visual-mode)', () => {
  it('sends nothing in a heat-map view (sa-request-id)', async () => {
    const { tracker, net, w } = open(
      'https://plugins.example.com/?sa-request-id=r1&sa-request-type=1&sa-request-url=https%3A%2F%2Fsa.example.com',
    );
    expect(tracker.getSnapshot().mode).toBe('heatmap');
    expect(await net.sent()).toHaveLength(0);
    w.hide();
    tracker.track('Hidden');
    expect(w.navigator.sendBeacon).not.toHaveBeenCalled();
  });

  it('sends nothing in the visual mode, inside a frame only', async () => {
    const framed = open('https://plugins.example.com/?sa-visual-mode=true', true);
    expect(framed.tracker.getSnapshot().mode).toBe('visual');
    expect(await framed.net.sent()).toHaveLength(0);
    const top = open('https://plugins.example.com/?sa-visual-mode=true');
    expect(top.tracker.getSnapshot().mode).toBe('track');
    expect((await top.net.records()).map((r) => r.event)).toEqual(['Queued', 'After']);
  });
});
