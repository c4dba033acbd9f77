import { fakeWindow, hang, network, type Seen } from '@plugin-center/test-fakes/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DeeplinkOptions, deeplinkPlugin } from './deeplink';
import { createTracker } from './tracker';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const LINK = `https://plugins.example.com/plugins/?deeplink=${encodeURIComponent('https://sa.example.com/sd/app1/Ab12')}`;

function open(answer: (req: Seen) => Response | Promise<Response>, href = LINK, options?: DeeplinkOptions) {
  const net = network(answer);
  const log = vi.fn();
  const plugin = deeplinkPlugin(options);
  const tracker = createTracker({
    window: fakeWindow(href),
    fetch: net.fetch,
    deployment: 'www',
    log,
    plugins: [plugin],
  });
  tracker.init();
  return { plugin, net, log };
}

describe('deeplink (SPEC §7, §9)', () => {
  it('GETs /sdk/deeplink/param?key=&system_type=JS&project= with the key of the deeplink parameter', async () => {
    const info = { app_key: 'app1', android_info: { url_schemes: 'pc', download_url: 'https://d/a.apk' } };
    const { plugin, net } = open(() => new Response(JSON.stringify(info)));
    expect(await plugin.ready).toEqual({ ...info, key: 'Ab12' });
    expect((await net.sent())[0]!.url.pathname).toBe('/sdk/deeplink/param');
    expect(Object.fromEntries((await net.sent())[0]!.url.searchParams)).toEqual({
      key: 'Ab12',
      system_type: 'JS',
      project: 'production',
    });
  });

  it('times out after 2500 ms at least, even when asked for less', async () => {
    const { plugin, net, log } = open(hang, LINK, { timeout: 1000 });
    await vi.advanceTimersByTimeAsync(2499);
    expect((await net.sent())[0]!.init.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await net.sent())[0]!.init.signal!.aborted).toBe(true);
    expect(await plugin.ready).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('waits longer when asked', async () => {
    const { net } = open(hang, LINK, { timeout: 4000 });
    await vi.advanceTimersByTimeAsync(3999);
    expect((await net.sent())[0]!.init.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await net.sent())[0]!.init.signal!.aborted).toBe(true);
  });

  it('logs an errorMsg answer and resolves null; does nothing without a valid deeplink parameter', async () => {
    const bad = open(() => new Response(JSON.stringify({ errorMsg: 'no such key' })));
    expect(await bad.plugin.ready).toBeNull();
    expect(bad.log.mock.calls[0]![0]).toEqual(new Error('no such key'));
    for (const href of [
      'https://plugins.example.com/',
      'https://plugins.example.com/?deeplink=https%3A%2F%2Fx%2Fother',
    ]) {
      const none = open(() => new Response('{}'), href);
      expect(await none.plugin.ready).toBeNull();
      expect(await none.net.sent()).toHaveLength(0);
    }
  });
});
