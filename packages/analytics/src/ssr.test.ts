// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createTracker as core } from './core';
import { AnalyticsError, createAnalytics, TrackerState, visualConfigPlugin } from './index';
import { presetsPlugin } from './presets';
import { connectSession } from './session';
import { siteLinkerPlugin } from './siteLinker';
import { vtrackPlugin } from './vtrack';

describe('server-side rendering (no window)', () => {
  it('imports, creates and initialises without touching browser globals; calls queue', () => {
    expect(typeof window).toBe('undefined');
    const fetch = vi.fn();
    const analytics = createAnalytics({ fetch, server: 'https://sa.example.com' });
    expect(analytics.getSnapshot()).toMatchObject({ state: TrackerState.NOT_STARTED, distinct_id: '' });
    analytics.track('PluginView', { plugin_key: 'k' });
    analytics.login('u1');
    analytics.logout();
    analytics.init();
    expect(analytics.getSnapshot().state).toBe(TrackerState.INIT_STARTED);
    analytics.track('Again');
    expect(fetch).not.toHaveBeenCalled();
    const tracker = core();
    tracker.init();
    expect(tracker.getSnapshot().state).toBe('init started');
    expect(new AnalyticsError('EMPTY', 'eventName').message).toBe("eventName's is empty");
  });

  it('imports and sets up the plugins of the other entry points without a window', () => {
    const visual = visualConfigPlugin();
    const analytics = createAnalytics({
      plugins: [
        presetsPlugin(),
        siteLinkerPlugin({ linker: [{ part_url: 'a.example.com', after_hash: false }] }),
        visual,
        vtrackPlugin(visual),
      ],
    });
    const disconnect = connectSession(analytics, {
      getSnapshot: () => ({ status: 'signed-in', user: { user_id: 7 } }),
      subscribe: () => () => {},
      onSignOut: () => () => {},
    });
    analytics.init();
    expect(analytics.getSnapshot().state).toBe(TrackerState.INIT_STARTED);
    disconnect();
  });
});
