/**
 * The back-office hooks over the real API client with only fetch faked: the path and
 * query each one asks, the data it hands back, a reload on a parameter change, and the error state.
 */
import { createApiClient } from '@plugin-center/api';
import { fakeFetch, json, ok, summary } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from './ApiClientProvider';
import { useBanners } from './useBanners';
import { useCuratedRecommendation } from './useCuratedRecommendation';
import { useIconfontConfig } from './useIconfontConfig';
import { useLoginMethods } from './useLoginMethods';
import { usePexelsConfig } from './usePexelsConfig';
import { useResourcePositions } from './useResourcePositions';
import { useSilentInstalls } from './useSilentInstalls';
import { useSpaceSetting } from './useSpaceSetting';
import { useUserList } from './useUserList';

type Answer = Parameters<typeof fakeFetch>[0];
afterEach(cleanup);

function setup(answer?: Answer) {
  const net = fakeFetch(answer);
  const client = createApiClient({ fetch: net.fetch, logger: { error: vi.fn() } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiClientProvider client={client}>{children}</ApiClientProvider>
  );
  return { ...net, wrapper };
}

const slot = (id: number, status: string) => ({
  id,
  plugin_key: `p${id}`,
  name: `Plugin ${id}`,
  icon: null,
  start_time: 1_000,
  end_time: 2_000,
  is_new: false,
  is_disabled: status === 'invalidated',
  status,
  create_time: 1_000,
  update_time: 1_000,
});

describe('useResourcePositions', () => {
  it('asks the list with the status filter and cursor, and again when they change', async () => {
    const net = setup((req) =>
      ok({
        resource_state_list: [slot(1, req.url.searchParams.get('status') ?? 'active')],
        total: 1,
        next_cursor: null,
      }),
    );
    const { result, rerender } = renderHook(
      (p: { status?: 'pending' | 'active' }) => useResourcePositions(p),
      {
        wrapper: net.wrapper,
        initialProps: {},
      },
    );
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(net.requests[0]!.url.pathname).toBe('/api/cmt/plugin/resource_state/list');
    expect(result.current.data?.resource_state_list[0]?.status).toBe('active');
    rerender({ status: 'pending' });
    await waitFor(() => expect(result.current.data?.resource_state_list[0]?.status).toBe('pending'));
    expect(net.requests[1]!.url.searchParams.get('status')).toBe('pending');
  });

  it('reports a refusal as an error', async () => {
    const net = setup(() =>
      json(
        { code: 40300, error: 'FORBIDDEN', message: 'Current account has no permission', data: null },
        403,
      ),
    );
    const { result } = renderHook(() => useResourcePositions(), { wrapper: net.wrapper });
    await waitFor(() => expect(result.current.status).toBe('error'));
  });
});

describe('useBanners', () => {
  it('loads the banners in order and reloads on demand', async () => {
    let n = 0;
    const net = setup(() => {
      n++;
      return ok(
        Array.from({ length: n }, (_, i) => ({
          id: i + 1,
          image: `/img${i}.png`,
          redirect_url: 'https://a.example',
          position: i,
        })),
      );
    });
    const { result } = renderHook(() => useBanners(), { wrapper: net.wrapper });
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    expect(net.requests[0]!.url.pathname).toBe('/api/cmt/plugin-banner/all');
    act(() => {
      result.current.reload();
    });
    await waitFor(() => expect(result.current.data).toHaveLength(2));
  });
});

describe('curation hooks', () => {
  it('useCuratedRecommendation and useSilentInstalls read their lists with lang', async () => {
    const net = setup((req) =>
      req.url.pathname.endsWith('/curated')
        ? ok({ plugin_list: [summary('a'), summary('b')], is_curated: true })
        : ok({ plugin_list: [summary('c')] }),
    );
    const rec = renderHook(() => useCuratedRecommendation({ lang: 'en-US' }), { wrapper: net.wrapper });
    const silent = renderHook(() => useSilentInstalls({ lang: 'en-US' }), { wrapper: net.wrapper });
    await waitFor(() =>
      expect(rec.result.current.data?.plugin_list.map((p) => p.plugin_key)).toEqual(['a', 'b']),
    );
    await waitFor(() =>
      expect(silent.result.current.data?.plugin_list.map((p) => p.plugin_key)).toEqual(['c']),
    );
    const paths = net.requests.map((r) => `${r.url.pathname}?${r.url.searchParams}`).sort();
    expect(paths).toEqual([
      '/api/cmt/plugin/recommendation/curated?lang=en-US',
      '/api/cmt/plugin/silent_install/list?lang=en-US',
    ]);
  });
});

describe('useUserList', () => {
  it('sends a trimmed keyword, leaves a blank one out, and pages by cursor', async () => {
    const net = setup(() => ok({ user_list: [], total: 0, next_cursor: null }));
    const { result, rerender } = renderHook((p: { keyword?: string; cursor?: string }) => useUserList(p), {
      wrapper: net.wrapper,
      initialProps: { keyword: '  ' } as { keyword?: string; cursor?: string },
    });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(net.requests[0]!.url.pathname).toBe('/api/cmt/manager/users');
    expect(net.requests[0]!.url.searchParams.has('keyword')).toBe(false);
    rerender({ keyword: ' ada ', cursor: 'c2' });
    await waitFor(() => expect(net.requests).toHaveLength(2));
    expect(Object.fromEntries(net.requests[1]!.url.searchParams)).toEqual({ keyword: 'ada', cursor: 'c2' });
  });
});

describe('settings hooks', () => {
  it('read the icon-font account, the Pexels key and the space setting as sent', async () => {
    const net = setup((req) => {
      if (req.url.pathname.endsWith('/iconfont'))
        return ok({ client_id: 'cid', client_secret: '••••••••wxyz', secret_status: 'set', update_time: 5 });
      if (req.url.pathname.endsWith('/pexels'))
        return ok({ api_key: '', secret_status: 'unset', update_time: null });
      return ok({
        ext: {
          brand: { enable: false, brand_key: '' },
          template: { topic_color_key: 'teal' },
          login_storage: 0,
        },
        update_time: null,
      });
    });
    const icon = renderHook(() => useIconfontConfig(), { wrapper: net.wrapper });
    const pexels = renderHook(() => usePexelsConfig(), { wrapper: net.wrapper });
    const space = renderHook(() => useSpaceSetting(), { wrapper: net.wrapper });
    await waitFor(() => expect(icon.result.current.data?.client_secret).toBe('••••••••wxyz'));
    await waitFor(() => expect(pexels.result.current.data?.secret_status).toBe('unset'));
    await waitFor(() => expect(space.result.current.data?.ext.template.topic_color_key).toBe('teal'));
    expect(net.requests.map((r) => r.url.pathname).sort()).toEqual([
      '/api/cmt/manager/space-setting/iconfont',
      '/api/cmt/srv/config/pexels',
      '/api/pix/mst/spaces/setting',
    ]);
  });
});

describe('useLoginMethods', () => {
  const ldap = {
    method: 'ldap',
    source: 'back_office',
    configured: true,
    enable: true,
    logout_mode: 'default',
    logout_url: null,
    variables: [
      {
        name: 'LDAP_URL',
        summary: 'The directory server’s URL',
        secret: false,
        value: 'ldaps://dc.example.com',
        environment: '',
      },
      {
        name: 'LDAP_BIND_PASSWORD',
        summary: 'The bind password',
        secret: true,
        value: '••••••••wxyz',
        environment: '••••••••9876',
      },
    ],
    secret_status: 'set',
    update_time: 5,
  };

  it('reads the sign-in methods as sent, secrets masked, and reloads on demand', async () => {
    const net = setup(() => ok({ method_list: [ldap] }));
    const { result } = renderHook(() => useLoginMethods(), { wrapper: net.wrapper });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(net.requests[0]!.method).toBe('GET');
    expect(net.requests[0]!.url.pathname).toBe('/api/cmt/manager/login-methods');
    expect(result.current.data?.method_list[0]?.variables.map((v) => [v.name, v.value])).toEqual([
      ['LDAP_URL', 'ldaps://dc.example.com'],
      ['LDAP_BIND_PASSWORD', '••••••••wxyz'],
    ]);
    await act(async () => {
      result.current.reload();
    });
    await waitFor(() => expect(net.requests).toHaveLength(2));
    await waitFor(() => expect(result.current.status).toBe('success'));
  });

  it('reports a refusal as an error', async () => {
    const net = setup(() =>
      json(
        { code: 40300, error: 'FORBIDDEN', message: 'Current account has no permission', data: null },
        403,
      ),
    );
    const { result } = renderHook(() => useLoginMethods(), { wrapper: net.wrapper });
    await waitFor(() => expect(result.current.status).toBe('error'));
  });
});
