import { fakeWindow, memoryStorage, network } from '@plugin-center/test-fakes/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelPlugin } from './channel';
import { CHANNEL_KEY } from './constants';
import { createTracker } from './tracker';

const T0 = Date.parse('2026-03-01T08:00:00Z');
const DAY = 86_400_000;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

function visit(href: string, referrer: string, storage = memoryStorage(), document?: object) {
  const net = network();
  const w = fakeWindow(href, { referrer, storage });
  if (document) w.document = document as typeof w.document;
  const log = vi.fn();
  const tracker = createTracker({ window: w, fetch: net.fetch, log, plugins: [channelPlugin()] });
  tracker.init();
  return { tracker, net, storage, w, log };
}

describe('channel ($ChannelLinkReaching, SPEC §3, §9)', () => {
  it('registers utm_* as $latest_utm_*, kept for later pages', async () => {
    const first = visit(
      'https://plugins.example.com/?utm_source=ad&utm_medium=cpc&utm_term=插件',
      'https://ads.example.org/',
    );
    expect(first.tracker.getSnapshot().props).toEqual({
      $latest_utm_source: 'ad',
      $latest_utm_medium: 'cpc',
      $latest_utm_term: '插件',
    });
    first.tracker.track('PluginView');
    expect((await first.net.records())[0]!.properties).toMatchObject({
      $latest_utm_source: 'ad',
      $latest_utm_term: '插件',
    });
    const later = visit(
      'https://plugins.example.com/p',
      'https://plugins.example.com/',
      first.storage,
      first.w.document,
    );
    later.tracker.track('PluginView');
    expect((await later.net.records())[0]!.properties.$latest_utm_medium).toBe('cpc');
  });

  it('tracks $ChannelLinkReaching for a channel link (sat_cf) from another site, with the landing URL', async () => {
    const href = 'https://plugins.example.com/?sat_cf=2&utm_source=wechat';
    const { tracker, net, storage } = visit(href, 'https://weixin.example.net/');
    expect(await net.records()).toMatchObject([
      {
        event: '$ChannelLinkReaching',
        properties: {
          _sa_channel_landing_url: href,
          $is_channel_callback_event: true,
          $latest_utm_source: 'wechat',
        },
      },
    ]);
    tracker.track('PluginInstall');
    tracker.track('PluginInstall');
    tracker.track('$pageview');
    expect(
      (await net.records())
        .slice(1)
        .map((r) => [r.properties._sa_channel_landing_url, r.properties.$is_channel_callback_event]),
    ).toEqual([
      [href, true],
      [href, false],
      [href, undefined],
    ]);
    // A later page of the site (referrer on the site) keeps the landing URL and the events seen.
    const next = visit(
      'https://plugins.example.com/detail',
      'https://plugins.example.com/?sat_cf=2',
      storage,
    );
    next.tracker.track('PluginInstall');
    expect((await next.net.records())[0]!.properties).toMatchObject({
      _sa_channel_landing_url: href,
      $is_channel_callback_event: false,
    });
  });

  it('clears the landing URL on a visit from another site without a channel link', async () => {
    const storage = memoryStorage();
    visit('https://plugins.example.com/?sat_cf=1', 'https://x.example.org/', storage);
    const direct = visit('https://plugins.example.com/', '', storage);
    direct.tracker.track('A');
    expect((await direct.net.records())[0]!.properties._sa_channel_landing_url).toBe('');
  });

  it('forgets the events seen after 30 days', async () => {
    const storage = memoryStorage();
    const first = visit('https://plugins.example.com/?sat_cf=1', 'https://x.example.org/', storage);
    first.tracker.track('PluginLike');
    vi.setSystemTime(T0 + 30 * DAY - 1);
    const within = visit('https://plugins.example.com/', 'https://plugins.example.com/', storage);
    within.tracker.track('PluginLike');
    expect((await within.net.records())[0]!.properties.$is_channel_callback_event).toBe(false);
    vi.setSystemTime(T0 + 30 * DAY);
    const after = visit('https://plugins.example.com/', 'https://plugins.example.com/', storage);
    after.tracker.track('PluginLike');
    expect((await after.net.records())[0]!.properties.$is_channel_callback_event).toBe(true);
    expect(JSON.parse(storage.getItem(CHANNEL_KEY)!).since).toBe(T0 + 30 * DAY);
  });

  it('takes string values up to 1024', async () => {
    const { tracker, net, log } = visit('https://plugins.example.com/', '');
    tracker.track('A', { note: 'x'.repeat(1024) });
    tracker.track('B', { note: 'x'.repeat(1025) });
    expect((await net.records()).map((r) => r.event)).toEqual(['A']);
    expect((log.mock.calls[0]![0] as Error).message).toBe("note's Value length is longer than 1024");
  });
});
