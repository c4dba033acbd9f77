// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createTracker as core } from './core';
import { AnalyticsError, createAnalytics, TrackerState } from './index';

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
});
