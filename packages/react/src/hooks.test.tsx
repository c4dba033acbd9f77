import { createApiClient } from '@plugin-center/api';
import { fakeFetch, ok, page, summary } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from './ApiClientProvider';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';
import { useMorePlugins } from './useMorePlugins';
import { useMyPublisher } from './useMyPublisher';
import { usePluginDetail } from './usePluginDetail';
import { usePluginList } from './usePluginList';
import { usePublisherPage } from './usePublisherPage';
import { useRecommendations } from './useRecommendations';
import { useTagList } from './useTagList';

type Answer = Parameters<typeof fakeFetch>[0];

afterEach(cleanup);

/** A client over an injected fetch (the network edge) and a wrapper providing it. */
function setup(answer?: Answer, strict = false) {
  const net = fakeFetch(answer);
  const client = createApiClient({ fetch: net.fetch, logger: { error: vi.fn() } });
  const wrapper = ({ children }: { children: ReactNode }) => {
    const tree = <ApiClientProvider client={client}>{children}</ApiClientProvider>;
    return strict ? <StrictMode>{tree}</StrictMode> : tree;
  };
  const queries = () => net.requests.map((r) => Object.fromEntries(r.url.searchParams));
  return { ...net, client, wrapper, queries };
}

/** Answers `GET plugin/list` with 2 plugins per page named `<tag>-<n>`, three pages in all. */
const listServer: Answer = (req) => {
  const tag = req.url.searchParams.get('tag_id') ?? '0';
  const n = Number(req.url.searchParams.get('cursor') ?? '0');
  return page([`${tag}-${n}`, `${tag}-${n + 1}`], n + 2 < 6 ? String(n + 2) : null, 6);
};

describe('ApiClientProvider / useApiClient', () => {
  it('provides the client', () => {
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useApiClient(), { wrapper });
    expect(result.current).toBe(client);
  });

  it('useApiClient throws outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useApiClient())).toThrow(/ApiClientProvider/);
    vi.restoreAllMocks();
  });
});

describe('useLoader', () => {
  it('loads on mount and on deps change, cancels on unmount', async () => {
    const seen: AbortSignal[] = [];
    const fetcher = (n: number) => (signal: AbortSignal) => {
      seen.push(signal);
      return n === 3 ? new Promise<never>(() => {}) : Promise.resolve({ code: 0, data: n * 10 });
    };
    const { result, rerender, unmount } = renderHook(({ n }) => useLoader(fetcher(n), [n]), {
      initialProps: { n: 1 },
    });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 10 }));
    rerender({ n: 2 });
    await waitFor(() => expect(result.current.data).toBe(20));
    rerender({ n: 3 });
    expect(result.current.status).toBe('requesting');
    unmount();
    expect(seen).toHaveLength(3);
    expect(seen[2]?.aborted).toBe(true);
  });

  it('reload() runs the latest fetcher again', async () => {
    let n = 0;
    const { result } = renderHook(() => useLoader(() => Promise.resolve({ code: 0, data: ++n }), []));
    await waitFor(() => expect(result.current.data).toBe(1));
    act(() => {
      result.current.reload();
    });
    await waitFor(() => expect(result.current.data).toBe(2));
  });

  it('enabled false requests nothing', () => {
    const fetcher = vi.fn(() => Promise.resolve({ code: 0, data: 1 }));
    const { result } = renderHook(() => useLoader(fetcher, [], false));
    expect(fetcher).not.toHaveBeenCalled();
    expect(result.current.status).toBe('unrequest');
  });
});

describe('usePluginList', () => {
  it('loads the first page, loads more until the last page', async () => {
    const { wrapper, queries } = setup(listServer);
    const { result } = renderHook(() => usePluginList({ tagId: 5, pageSize: 2 }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.plugins.map((p) => p.plugin_key)).toEqual(['5-0', '5-1']);
    expect(result.current).toMatchObject({ total: 6, hasMore: true });
    act(() => {
      result.current.loadMore();
      result.current.loadMore(); // deduplicated
    });
    await waitFor(() => expect(result.current.plugins).toHaveLength(4));
    act(() => {
      result.current.loadMore();
    });
    await waitFor(() => expect(result.current.plugins).toHaveLength(6));
    expect(result.current.hasMore).toBe(false);
    expect(queries()).toEqual([
      { tag_id: '5', page_size: '2' },
      { tag_id: '5', page_size: '2', cursor: '2' },
      { tag_id: '5', page_size: '2', cursor: '4' },
    ]);
  });

  it('a tag, sort or keyword change resets and reloads', async () => {
    const { wrapper, queries } = setup(listServer);
    const { result, rerender } = renderHook((p: { tagId: number; keyword?: string }) => usePluginList(p), {
      wrapper,
      initialProps: { tagId: 1 } as { tagId: number; keyword?: string },
    });
    await waitFor(() => expect(result.current.status).toBe('success'));
    act(() => {
      result.current.loadMore();
    });
    await waitFor(() => expect(result.current.plugins).toHaveLength(4));
    rerender({ tagId: 2, keyword: 'grid' });
    await waitFor(() => expect(result.current.plugins.map((p) => p.plugin_key)).toEqual(['2-0', '2-1']));
    expect(result.current.params).toEqual({ tagId: 2, keyword: 'grid' });
    expect(queries().at(-1)).toEqual({ tag_id: '2', keyword: 'grid' });
  });

  it('under StrictMode requests the first page and ends in success', async () => {
    const { wrapper, requests } = setup(listServer, true);
    const { result } = renderHook(() => usePluginList({}), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.plugins).toHaveLength(2);
    expect(requests.filter((r) => !r.init.signal?.aborted)).toHaveLength(1);
  });

  it('unmount cancels the request in flight', async () => {
    const { wrapper, requests } = setup(() => new Promise<never>(() => {}));
    const { unmount } = renderHook(() => usePluginList({}), { wrapper });
    await waitFor(() => expect(requests).toHaveLength(1));
    unmount();
    expect(requests[0]?.init.signal?.aborted).toBe(true);
  });
});

describe('useTagList', () => {
  it('loads the tags and reloads on a language change', async () => {
    const tags = (lang: string | null) => [{ id: 1, name: `tag-${lang}`, code: 'design', plugin_count: 3 }];
    const { wrapper, queries } = setup((req) => ok({ tag_list: tags(req.url.searchParams.get('lang')) }));
    const { result, rerender } = renderHook(({ lang }) => useTagList({ lang }), {
      wrapper,
      initialProps: { lang: 'zh-CN' as 'zh-CN' | 'en-US' },
    });
    expect(result.current.tags).toEqual([]);
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.tags).toEqual(tags('zh-CN'));
    rerender({ lang: 'en-US' });
    await waitFor(() => expect(result.current.tags[0]?.name).toBe('tag-en-US'));
    expect(queries()).toEqual([{ lang: 'zh-CN' }, { lang: 'en-US' }]);
  });

  it('reports an HTTP failure as error', async () => {
    const { wrapper } = setup(() => new Response('{}', { status: 500 }));
    const { result } = renderHook(() => useTagList(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toMatchObject({ numericCode: -10000, status: 500 });
    expect(result.current.tags).toEqual([]);
  });
});

describe('usePluginDetail', () => {
  const detailServer: Answer = (req) => {
    const key = req.url.searchParams.get('plugin_key')!;
    if (key === 'missing') {
      return new Response(
        JSON.stringify({ code: 40400, error: 'PLUGIN_NOT_FOUND', message: 'no such plugin', data: null }),
        { status: 404, headers: { 'content-type': 'application/json' } },
      );
    }
    return ok({ ...summary(key), description: `about ${key}`, versions: [] });
  };

  it('a null key stays unrequest and requests nothing', () => {
    const { wrapper, requests } = setup(detailServer);
    const { result } = renderHook(() => usePluginDetail(null), { wrapper });
    expect(result.current).toMatchObject({ plugin: undefined, status: 'unrequest', error: undefined });
    expect(requests).toHaveLength(0);
  });

  it('loads the detail of the key, follows key changes, back to unrequest on null', async () => {
    const { wrapper, queries } = setup(detailServer);
    const { result, rerender } = renderHook(
      ({ key }: { key: string | null }) => usePluginDetail(key, { lang: 'en-US' }),
      { wrapper, initialProps: { key: 'alpha' as string | null } },
    );
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.plugin?.description).toBe('about alpha');
    rerender({ key: 'beta' });
    expect(result.current.plugin?.plugin_key).not.toBe('alpha');
    await waitFor(() => expect(result.current.plugin?.plugin_key).toBe('beta'));
    rerender({ key: null });
    expect(result.current).toMatchObject({ plugin: undefined, status: 'unrequest' });
    expect(queries()).toEqual([
      { plugin_key: 'alpha', lang: 'en-US' },
      { plugin_key: 'beta', lang: 'en-US' },
    ]);
  });

  it('an unknown plugin is an error carrying the server envelope', async () => {
    const { wrapper } = setup(detailServer);
    const { result } = renderHook(() => usePluginDetail('missing'), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toMatchObject({ status: 404, body: { error: 'PLUGIN_NOT_FOUND' } });
  });
});

describe('useRecommendations', () => {
  it('loads a sample and refresh() reloads with another seed', async () => {
    const { wrapper, queries } = setup((req) =>
      ok({ plugin_list: [summary(`s${req.url.searchParams.get('seed')}`)] }),
    );
    const { result } = renderHook(() => useRecommendations({ count: 4 }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('success'));
    const first = result.current.plugins[0]?.plugin_key;
    act(() => {
      result.current.refresh();
    });
    expect(result.current.plugins[0]?.plugin_key).toBe(first); // kept while the new sample loads
    await waitFor(() => expect(result.current.plugins[0]?.plugin_key).not.toBe(first));
    const [q1, q2] = queries();
    expect(q1?.count).toBe('4');
    expect(q1?.seed).toMatch(/^\d+$/);
    expect(q2?.seed).not.toBe(q1?.seed);
    expect(result.current.status).toBe('success');
  });
});

describe('useMorePlugins', () => {
  it("loads the publisher's other plugins of the key, again when it changes, and nothing without a key", async () => {
    const { wrapper, queries } = setup((req) =>
      ok({ plugin_list: [summary(`more-of-${req.url.searchParams.get('plugin_key')}`)] }),
    );
    const { result, rerender } = renderHook(
      ({ key }: { key: string | null }) => useMorePlugins(key, { count: 6 }),
      {
        wrapper,
        initialProps: { key: null as string | null },
      },
    );
    expect(result.current.status).toBe('unrequest');
    expect(queries()).toEqual([]);
    rerender({ key: 'a' });
    await waitFor(() => expect(result.current.plugins.map((p) => p.plugin_key)).toEqual(['more-of-a']));
    rerender({ key: 'b' });
    expect(result.current.status).toBe('requesting');
    await waitFor(() => expect(result.current.plugins.map((p) => p.plugin_key)).toEqual(['more-of-b']));
    expect(queries()).toEqual([
      { plugin_key: 'a', count: '6' },
      { plugin_key: 'b', count: '6' },
    ]);
  });
});

describe('usePublisherPage and useMyPublisher', () => {
  const server: Answer = (req) => {
    if (req.url.pathname.endsWith('/publisher/me')) return ok({ handle: 'acme', website: null });
    const handle = req.url.searchParams.get('handle')!;
    if (handle === 'nobody') {
      return new Response(
        JSON.stringify({ code: 40430, error: 'PUBLISHER_NOT_FOUND', message: 'no publisher', data: null }),
        { status: 404, headers: { 'content-type': 'application/json' } },
      );
    }
    return ok({ profile: { handle }, totals: {}, plugin_list: [summary('grid')], truncated: false });
  };

  it('loads a publisher page by handle, requests nothing without one, and reports PUBLISHER_NOT_FOUND', async () => {
    const { wrapper, requests } = setup(server);
    const none = renderHook(() => usePublisherPage(''), { wrapper });
    expect(none.result.current.status).toBe('unrequest');
    expect(requests).toHaveLength(0);
    const { result, rerender } = renderHook(({ handle }) => usePublisherPage(handle, { lang: 'en-US' }), {
      wrapper,
      initialProps: { handle: 'acme' },
    });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.page?.profile.handle).toBe('acme');
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({ handle: 'acme', lang: 'en-US' });
    rerender({ handle: 'nobody' });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect((result.current.error as { code?: string }).code).toBe('PUBLISHER_NOT_FOUND');
  });

  it("loads the caller's publisher profile unless disabled", async () => {
    const { wrapper, requests } = setup(server);
    const off = renderHook(() => useMyPublisher(false), { wrapper });
    expect(off.result.current.status).toBe('unrequest');
    expect(requests).toHaveLength(0);
    const { result } = renderHook(() => useMyPublisher(), { wrapper });
    await waitFor(() => expect(result.current.publisher?.handle).toBe('acme'));
    expect(requests[0]!.url.pathname).toBe('/api/cmt/plugin/publisher/me');
  });
});
