import { json, manualFetch, page } from '@plugin-center/test-fakes/fetch';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { createPluginListQuery } from './pluginList';

function setup(params = {}) {
  const net = manualFetch();
  const client = createApiClient({ fetch: net.fetch, logger: { error: vi.fn() } });
  const list = createPluginListQuery(client, params);
  const keys = () => list.getSnapshot().plugins.map((p) => p.plugin_key);
  const query = (i: number) => Object.fromEntries(net.requests[i]!.url.searchParams);
  const sent = (n: number) => vi.waitFor(() => expect(net.requests).toHaveLength(n));
  return { ...net, list, keys, query, sent };
}

describe('createPluginListQuery (SPEC §2, §4)', () => {
  it('loads the first page with the params as query; hasMore from next_cursor', async () => {
    const { list, answer, keys, query, sent } = setup({
      tagId: 3,
      sort: 1,
      keyword: ' 设计 ',
      pageSize: 2,
      lang: 'zh-CN',
    });
    expect(list.getSnapshot().status).toBe('unrequest');
    const done = list.load();
    expect(list.getSnapshot().status).toBe('requesting');
    await sent(1);
    expect(query(0)).toEqual({ tag_id: '3', sort: '1', keyword: '设计', page_size: '2', lang: 'zh-CN' });
    answer(0, page(['a', 'b'], 'c1', 5));
    await done;
    expect(keys()).toEqual(['a', 'b']);
    expect(list.getSnapshot()).toMatchObject({
      status: 'success',
      total: 5,
      hasMore: true,
      isLoadingMore: false,
    });
  });

  it('sends no empty keyword and no undefined params', async () => {
    const { list, answer, query, sent } = setup({ keyword: '   ' });
    const done = list.load();
    await sent(1);
    expect(query(0)).toEqual({});
    answer(0, page([], null, 0));
    await done;
    expect(list.getSnapshot()).toMatchObject({ status: 'success', plugins: [], total: 0, hasMore: false });
  });

  it('load more appends the page at next_cursor until the last page', async () => {
    const { list, answer, keys, query, sent } = setup({ pageSize: 2 });
    let done = list.load();
    await sent(1);
    answer(0, page(['a', 'b'], 'c1'));
    await done;
    done = list.loadMore();
    expect(list.getSnapshot()).toMatchObject({ status: 'success', isLoadingMore: true });
    await sent(2);
    expect(query(1)).toEqual({ page_size: '2', cursor: 'c1' });
    answer(1, page(['c', 'd'], 'c2'));
    await done;
    expect(keys()).toEqual(['a', 'b', 'c', 'd']);
    done = list.loadMore();
    await sent(3);
    expect(query(2).cursor).toBe('c2');
    answer(2, page(['e'], null));
    await done;
    expect(keys()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(list.getSnapshot()).toMatchObject({ hasMore: false, isLoadingMore: false });
    await list.loadMore(); // last page: nothing more is requested
    expect(keys()).toHaveLength(5);
  });

  it('concurrent loadMore calls share one request', async () => {
    const { list, answer, keys, fn, sent } = setup();
    const first = list.load();
    await sent(1);
    answer(0, page(['a'], 'c1'));
    await first;
    const m1 = list.loadMore();
    const m2 = list.loadMore();
    const m3 = list.loadMore();
    expect(m2).toBe(m1);
    expect(m3).toBe(m1);
    await sent(2);
    answer(1, page(['b'], 'c2'));
    await Promise.all([m1, m2, m3]);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(keys()).toEqual(['a', 'b']);
  });

  it('loadMore does nothing before the first page or while it loads', async () => {
    const { list, fn } = setup();
    await list.loadMore();
    expect(fn).not.toHaveBeenCalled();
    void list.load();
    await list.loadMore();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a params change mid-flight discards the stale page and resets the list', async () => {
    const { list, answer, keys, query, requests, sent } = setup({ tagId: 1 });
    const first = list.load();
    await sent(1);
    list.setParams({ tagId: 2 });
    expect(list.getSnapshot()).toMatchObject({ status: 'requesting', plugins: [], params: { tagId: 2 } });
    await sent(2);
    expect(requests[0]?.init.signal?.aborted).toBe(true);
    expect(query(1)).toEqual({ tag_id: '2' });
    answer(0, page(['stale'], 'x'));
    await first;
    answer(1, page(['fresh'], null, 1));
    await vi.waitFor(() => expect(list.getSnapshot().status).toBe('success'));
    expect(keys()).toEqual(['fresh']);
    expect(list.getSnapshot()).toMatchObject({ total: 1, hasMore: false });
  });

  it('a params change during load more discards the stale next page and starts from page one', async () => {
    const { list, answer, keys, query, sent } = setup({ sort: 0 });
    const first = list.load();
    await sent(1);
    answer(0, page(['a'], 'c1'));
    await first;
    const more = list.loadMore();
    await sent(2);
    list.setParams({ sort: 1 });
    await sent(3);
    expect(query(2)).toEqual({ sort: '1' }); // no cursor: a fresh first page
    answer(1, page(['stale'], 'c2'));
    await more;
    expect(keys()).toEqual([]);
    answer(2, page(['z'], 'k1'));
    await vi.waitFor(() => expect(keys()).toEqual(['z']));
    expect(list.getSnapshot()).toMatchObject({ status: 'success', isLoadingMore: false, hasMore: true });
  });

  it('setParams with the same values does nothing', async () => {
    const { list, fn } = setup({ tagId: 1, keyword: 'a' });
    list.setParams({ tagId: 1, keyword: 'a' });
    expect(fn).not.toHaveBeenCalled();
    expect(list.getSnapshot().status).toBe('unrequest');
  });

  it('keyword changes reset and reload (search)', async () => {
    const { list, answer, query, sent } = setup();
    list.setParams({ keyword: 'icon' });
    await sent(1);
    expect(query(0)).toEqual({ keyword: 'icon' });
    answer(0, page(['icons'], null, 1));
    await vi.waitFor(() => expect(list.getSnapshot()).toMatchObject({ status: 'success', total: 1 }));
  });

  it('a failed first page → error; a failed next page keeps the plugins and can be retried', async () => {
    const { list, answer, keys, sent } = setup();
    let done = list.load();
    await sent(1);
    answer(0, json({ code: 40002, error: 'INVALID_CURSOR', message: 'm', data: null }));
    await done;
    expect(list.getSnapshot()).toMatchObject({ status: 'error', error: { error: 'INVALID_CURSOR' } });
    done = list.load();
    await sent(2);
    answer(1, page(['a'], 'c1'));
    await done;
    done = list.loadMore();
    await sent(3);
    answer(2, json({}, 500));
    await done;
    expect(list.getSnapshot()).toMatchObject({ status: 'error', isLoadingMore: false, hasMore: true });
    expect(list.getSnapshot().error).toMatchObject({ numericCode: -10000, status: 500 });
    expect(keys()).toEqual(['a']);
    done = list.loadMore();
    await sent(4);
    answer(3, page(['b'], null));
    await done;
    expect(keys()).toEqual(['a', 'b']);
    expect(list.getSnapshot()).toMatchObject({ status: 'success', error: undefined });
  });

  it('cancel aborts the first page in flight, leaving unrequest', async () => {
    const { list, answer, requests, sent } = setup();
    const done = list.load();
    await sent(1);
    list.cancel();
    expect(requests[0]?.init.signal?.aborted).toBe(true);
    answer(0, page(['late'], null));
    await done;
    expect(list.getSnapshot()).toMatchObject({ status: 'unrequest', plugins: [] });
  });
});
