import { fakeWindow, hang, memoryStorage, network, type Seen } from '@plugin-center/test-fakes/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VISUAL_CONFIG_KEY } from './constants';
import { createTracker } from './tracker';
import { visualConfigPlugin } from './visual';

const T0 = Date.parse('2026-03-01T08:00:00Z');
const MIN = 60_000;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

function open(answers: ((req: Seen) => Response | Promise<Response>)[], storage = memoryStorage()) {
  let i = 0;
  const net = network((req) =>
    (answers[Math.min(i++, answers.length - 1)] ?? (() => new Response('{}')))(req),
  );
  const log = vi.fn();
  const w = fakeWindow('https://plugins.example.com/plugins/?x=1', { storage });
  const plugin = visualConfigPlugin();
  const tracker = createTracker({
    window: w,
    fetch: net.fetch,
    server: 'https://sa.example.com',
    log,
    plugins: [plugin],
  });
  tracker.init();
  const calls = () => net.requests.filter((r) => r.url.pathname === '/config/visualized/Web.conf');
  return { tracker, net, w, plugin, log, calls, storage };
}
const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status });
const empty = (status: number) => () => new Response(null, { status });

describe('visual config (SPEC §7, §8, §9)', () => {
  it('GETs {server}/config/visualized/Web.conf?app_id=<host> and uses a 200 answer', async () => {
    const { calls, plugin, storage } = open([json({ version: '3', os: 'Web', events: [{ a: 1 }] })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls()[0]!.url.href).toBe(
      'https://sa.example.com/config/visualized/Web.conf?app_id=plugins.example.com',
    );
    expect(plugin.getConfig()).toEqual({ version: '3', os: 'Web', events: [{ a: 1 }] });
    expect(JSON.parse(storage.getItem(VISUAL_CONFIG_KEY)!)).toEqual({
      time: T0,
      server: 'https://sa.example.com',
      config: { version: '3', os: 'Web', events: [{ a: 1 }] },
    });
  });

  it('polls every 30 min with v=<version>: 304 keeps, 205 clears, another status is logged as abnormal', async () => {
    const { calls, plugin, log } = open([
      json({ version: '3' }),
      empty(304),
      empty(205),
      json({ version: '4' }),
      empty(500),
    ]);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(30 * MIN);
    expect(calls()[1]!.url.searchParams.get('v')).toBe('3');
    expect(plugin.getConfig()).toEqual({ version: '3' });
    await vi.advanceTimersByTimeAsync(30 * MIN);
    expect(plugin.getConfig()).toEqual({});
    expect(calls()[2]!.url.searchParams.has('v')).toBe(true);
    await vi.advanceTimersByTimeAsync(30 * MIN);
    expect(calls()[3]!.url.searchParams.has('v')).toBe(false);
    expect(plugin.getConfig()).toEqual({ version: '4' });
    expect(log).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30 * MIN);
    expect(log.mock.calls[0]![0]).toEqual(new Error('visual config abnormal: 500'));
    expect(plugin.getConfig()).toEqual({});
    expect(calls()).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(30 * MIN - 1);
    expect(calls()).toHaveLength(5);
  });

  it('pauses polling while the page is hidden and resumes when shown', async () => {
    const { calls, w } = open([json({ version: '1' })]);
    await vi.advanceTimersByTimeAsync(10 * MIN);
    w.hide();
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(calls()).toHaveLength(1);
    w.hide(false); // 70 min old: at once
    await vi.advanceTimersByTimeAsync(0);
    expect(calls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5 * MIN);
    w.hide();
    w.hide(false); // 5 min old: the rest of the 30 min
    await vi.advanceTimersByTimeAsync(25 * MIN - 1);
    expect(calls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()).toHaveLength(3);
  });

  it('uses a stored config younger than 30 min without a request', async () => {
    const storage = memoryStorage();
    storage.setItem(
      VISUAL_CONFIG_KEY,
      JSON.stringify({ time: T0 - 20 * MIN, server: 'https://sa.example.com', config: { version: '9' } }),
    );
    const { calls, plugin } = open([json({ version: '10' })], storage);
    expect(plugin.getConfig()).toEqual({ version: '9' });
    await vi.advanceTimersByTimeAsync(10 * MIN - 1);
    expect(calls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()[0]!.url.searchParams.get('v')).toBe('9');
    expect(plugin.getConfig()).toEqual({ version: '10' });
  });

  it('aborts the request after 5 s, logs it and keeps the config', async () => {
    const { calls, log, plugin } = open([hang]);
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls()[0]!.init.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()[0]!.init.signal!.aborted).toBe(true);
    expect(log).toHaveBeenCalledTimes(1);
    expect(plugin.getConfig()).toBeNull();
  });
});
