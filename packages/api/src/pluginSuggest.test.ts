import { json, manualFetch, ok } from '@plugin-center/test-fakes/fetch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { createPluginSuggest, SUGGEST_DEBOUNCE_MS } from './pluginSuggest';

const tag = { kind: 'tag', text: 'Icons', plugin_key: null, tag_id: 3 } as const;
const plugin = { kind: 'plugin', text: 'Iconify', plugin_key: 'iconify', tag_id: null } as const;

function setup() {
  const net = manualFetch();
  const client = createApiClient({ fetch: net.fetch, logger: { error: vi.fn() } });
  const suggest = createPluginSuggest(client);
  const query = (i: number) => Object.fromEntries(net.requests[i]!.url.searchParams);
  return { ...net, suggest, query };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createPluginSuggest', () => {
  it('asks once after the debounce with the trimmed text and the locale', async () => {
    const { suggest, requests, answer, query } = setup();
    suggest.setText('i', 'zh-CN');
    suggest.setText(' ic ', 'zh-CN');
    expect(suggest.getSnapshot()).toMatchObject({ text: 'ic', pending: true, suggestions: [] });
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 1);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.pathname).toBe('/api/cmt/plugin/suggest');
    expect(query(0)).toEqual({ q: 'ic', lang: 'zh-CN' });
    answer(0, ok({ suggestion_list: [tag, plugin] }));
    await vi.waitFor(() => expect(suggest.getSnapshot().pending).toBe(false));
    expect(suggest.getSnapshot().suggestions).toEqual([tag, plugin]);
  });

  it('aborts a stale request and discards its answer', async () => {
    const { suggest, requests, answer } = setup();
    suggest.setText('ic');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    suggest.setText('ico');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(requests).toHaveLength(2);
    expect(requests[0]!.init.signal?.aborted).toBe(true);
    answer(0, ok({ suggestion_list: [tag] }));
    answer(1, ok({ suggestion_list: [plugin] }));
    await vi.waitFor(() => expect(suggest.getSnapshot().pending).toBe(false));
    expect(suggest.getSnapshot()).toMatchObject({ text: 'ico', suggestions: [plugin] });
  });

  it('asks nothing for empty text and clears; the same text again asks nothing', async () => {
    const { suggest, requests, answer } = setup();
    suggest.setText('ic');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    answer(0, ok({ suggestion_list: [plugin] }));
    await vi.waitFor(() => expect(suggest.getSnapshot().suggestions).toHaveLength(1));
    suggest.setText(' ic');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(requests).toHaveLength(1);
    suggest.setText('   ');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(requests).toHaveLength(1);
    expect(suggest.getSnapshot()).toEqual({ text: '', suggestions: [], pending: false });
  });

  it('shows nothing on an error envelope or a failed response', async () => {
    const { suggest, requests, answer } = setup();
    suggest.setText('ic');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    answer(0, json({ code: 40000, error: 'INVALID_PARAMETER', message: 'q', data: null }, 400));
    await vi.waitFor(() => expect(suggest.getSnapshot().pending).toBe(false));
    expect(suggest.getSnapshot().suggestions).toEqual([]);
    suggest.setText('ico');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(requests).toHaveLength(2);
    answer(1, new Response('<html>bad gateway</html>', { status: 502 }));
    await vi.waitFor(() => expect(suggest.getSnapshot().pending).toBe(false));
    expect(suggest.getSnapshot().suggestions).toEqual([]);
  });
});
