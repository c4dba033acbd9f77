/**
 * The hooks of `@plugin-center/react/backoffice` over the real API client with only fetch (and the
 * upload's XMLHttpRequest) faked: what each asks, the snapshot it hands back, paging and changes.
 */
import { createApiClient } from '@plugin-center/api';
import { xhrUpload } from '@plugin-center/api/upload';
import { fakeFetch, json, ok } from '@plugin-center/test-fakes/fetch';
import { fakeXhr } from '@plugin-center/test-fakes/xhr';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from './ApiClientProvider';
import {
  useAnalyticsOverview,
  useAuditList,
  useAuditLog,
  useBackofficeAction,
  useBatchUpload,
  useMyPlugins,
  useNotificationPreferences,
  useNotifications,
  useOwnerAssignment,
  usePeopleList,
  usePersonalTokens,
  usePluginAction,
  usePublisherAnalytics,
  useResourcePositionList,
  useUnreadNotificationCount,
} from './backoffice';

type Answer = Parameters<typeof fakeFetch>[0];
afterEach(cleanup);

function setup(answer?: Answer, createXhr?: () => XMLHttpRequest) {
  const net = fakeFetch(answer);
  const client = createApiClient({
    fetch: net.fetch,
    logger: { error: vi.fn() },
    createXhr,
    upload: xhrUpload,
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiClientProvider client={client}>{children}</ApiClientProvider>
  );
  return { ...net, wrapper };
}

const paths = (requests: { url: URL }[]) => requests.map((r) => r.url.pathname + r.url.search);

describe('the paged list hooks', () => {
  it('useAuditList loads the first page, appends the next and starts over on a new query', async () => {
    const net = setup((req) =>
      ok({
        submission_list: [{ plugin_key: req.url.searchParams.get('cursor') ?? 'first' }],
        total: 2,
        next_cursor: req.url.searchParams.get('cursor') ? null : 'n1',
      }),
    );
    const { result, rerender } = renderHook((q: { status?: 0 | 1 }) => useAuditList(q), {
      wrapper: net.wrapper,
      initialProps: { status: 1 },
    });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.hasMore).toBe(true);
    await act(() => result.current.loadMore());
    expect(result.current.items.map((s) => s.plugin_key)).toEqual(['first', 'n1']);
    rerender({ status: 0 });
    await waitFor(() => expect(result.current.items.map((s) => s.plugin_key)).toEqual(['first']));
    expect(paths(net.requests)).toEqual([
      '/api/cmt/plugin/audit/list?status=1',
      '/api/cmt/plugin/audit/list?status=1&cursor=n1',
      '/api/cmt/plugin/audit/list?status=0',
    ]);
  });

  it('useAuditLog, useMyPlugins and usePeopleList read their routes', async () => {
    const net = setup((req) =>
      req.url.pathname.endsWith('audit-log')
        ? ok({ entry_list: [{ id: 1 }], next_cursor: null })
        : req.url.pathname.endsWith('users')
          ? ok({ user_list: [{ id: 2 }], total: 1, next_cursor: null })
          : ok({ submission_list: [{ plugin_key: 'mine' }], total: 1, next_cursor: null }),
    );
    const log = renderHook(() => useAuditLog({ plugin_key: 'grid' }), { wrapper: net.wrapper });
    const mine = renderHook(() => useMyPlugins(), { wrapper: net.wrapper });
    const people = renderHook(() => usePeopleList({ role: 2 }), { wrapper: net.wrapper });
    await waitFor(() => expect(people.result.current.status).toBe('success'));
    await waitFor(() => expect(log.result.current.items).toEqual([{ id: 1 }]));
    await waitFor(() => expect(mine.result.current.items).toEqual([{ plugin_key: 'mine' }]));
    expect(people.result.current.items).toEqual([{ id: 2 }]);
    expect(paths(net.requests).sort()).toEqual([
      '/api/cmt/manager/audit-log?plugin_key=grid',
      '/api/cmt/manager/users?role=2',
      '/api/cmt/plugin/audit',
    ]);
  });
});

describe('the resource positions hook', () => {
  it('useResourcePositionList reads the slots for the status', async () => {
    const net = setup(() => ok({ resource_state_list: [{ id: 7 }], total: 1, next_cursor: null }));
    const { result } = renderHook(() => useResourcePositionList({ status: 'pending' }), {
      wrapper: net.wrapper,
    });
    await waitFor(() => expect(result.current.pages).toEqual([[{ id: 7 }]]));
    expect(paths(net.requests)).toEqual(['/api/cmt/plugin/resource_state/list?status=pending']);
  });
});

describe('the change hooks', () => {
  it('useOwnerAssignment hands back the field of a refusal', async () => {
    const net = setup(() =>
      json(
        { code: 40000, error: 'INVALID_PARAMETER', message: 'no such account', data: null, field: 'email' },
        400,
      ),
    );
    const { result } = renderHook(() => useOwnerAssignment(), { wrapper: net.wrapper });
    await act(async () => {
      await result.current.run({ plugin_key: 'grid', email: 'x@example.com' });
    });
    expect(result.current).toMatchObject({ status: 'error', field: 'email', message: 'no such account' });
    expect(net.requests[0]?.json).toEqual({ plugin_key: 'grid', email: 'x@example.com' });
  });

  it('usePluginAction sends each listing change (unlist, relist, undeprecate, deprecate) to its route', async () => {
    const net = setup((req) =>
      req.url.pathname.endsWith('/deprecate') && !(req.json as { message: string }).message.trim()
        ? json(
            {
              code: 40000,
              error: 'INVALID_PARAMETER',
              message: 'message: must not be blank',
              data: null,
              field: 'message',
            },
            400,
          )
        : ok({
            plugin_key: 'grid',
            unlisted: req.url.pathname.endsWith('/unlist'),
            unlisted_time: null,
            deprecation: null,
          }),
    );
    const { result } = renderHook(
      () => ({
        unlist: usePluginAction('unlist'),
        relist: usePluginAction('relist'),
        undeprecate: usePluginAction('undeprecate'),
        deprecate: usePluginAction('deprecate'),
      }),
      { wrapper: net.wrapper },
    );
    await act(async () => {
      await result.current.unlist.run({ plugin_key: 'grid' });
    });
    expect(result.current.unlist).toMatchObject({
      status: 'success',
      data: { plugin_key: 'grid', unlisted: true },
    });
    for (const action of ['relist', 'undeprecate'] as const)
      await act(async () => {
        await result.current[action].run({ plugin_key: 'grid' });
      });
    await act(async () => {
      await result.current.deprecate.run({
        plugin_key: 'grid',
        message: ' ',
        replacement_plugin_key: 'grid-2',
      });
    });
    expect(result.current.deprecate).toMatchObject({ status: 'error', field: 'message' });
    expect(net.requests.map((r) => [r.method, r.url.pathname, r.json])).toEqual([
      ['POST', '/api/cmt/plugin/unlist', { plugin_key: 'grid' }],
      ['POST', '/api/cmt/plugin/relist', { plugin_key: 'grid' }],
      ['POST', '/api/cmt/plugin/undeprecate', { plugin_key: 'grid' }],
      [
        'POST',
        '/api/cmt/plugin/deprecate',
        { plugin_key: 'grid', message: ' ', replacement_plugin_key: 'grid-2' },
      ],
    ]);
  });

  it('useBackofficeAction runs the named call of the route table and hands back its data or refusal', async () => {
    const net = setup((req) =>
      (req.json as { api_key: string }).api_key
        ? ok({ api_key: 'k1' })
        : json(
            { code: 40000, error: 'INVALID_PARAMETER', message: 'required', data: null, field: 'api_key' },
            400,
          ),
    );
    const { result } = renderHook(() => useBackofficeAction('savePexels'), { wrapper: net.wrapper });
    expect(result.current.status).toBe('idle');
    await act(() => result.current.run({ api_key: 'k1' }));
    expect(result.current).toMatchObject({ status: 'success', data: { api_key: 'k1' } });
    const refused = await act(() => result.current.run({ api_key: '' }));
    expect(refused).toMatchObject({ status: 'error', field: 'api_key', code: 'INVALID_PARAMETER' });
    expect(net.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'POST /api/cmt/srv/config/pexels',
      'POST /api/cmt/srv/config/pexels',
    ]);
  });

  it('usePersonalTokens loads the list and loads it again after a create', async () => {
    const net = setup((req) =>
      req.method === 'GET' ? ok({ token_list: [] }) : ok({ id: 1, name: 'ci', token: 'pcpat_x' }),
    );
    const { result } = renderHook(() => usePersonalTokens(), { wrapper: net.wrapper });
    await waitFor(() => expect(result.current.list.status).toBe('success'));
    await act(async () => {
      await result.current.create.run({ name: 'ci' });
    });
    expect(result.current.create.data?.token).toBe('pcpat_x');
    await waitFor(() => expect(net.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']));
  });

  it('useBatchUpload reports progress and the result', async () => {
    const x = fakeXhr();
    const net = setup(undefined, x.createXhr);
    const { result } = renderHook(() => useBatchUpload(), { wrapper: net.wrapper });
    let pending: Promise<unknown> = Promise.resolve();
    act(() => {
      pending = result.current.upload(new Blob(['[]']), 'plugins.json');
    });
    act(() => x.xhr.progress(1, 4));
    expect(result.current).toMatchObject({ status: 'uploading', progress: { loaded: 1, total: 4 } });
    await act(async () => {
      x.xhr.respond(200, {
        code: 0,
        data: { added: 1, skipped: 0, translations: 0, failed: [], cancelled: false },
      });
      await pending;
    });
    expect(result.current).toMatchObject({ status: 'success', result: { added: 1 } });
  });
});

describe('the report hooks', () => {
  it('useAnalyticsOverview and usePublisherAnalytics ask for the range', async () => {
    const net = setup(() => ok({ from: 1, to: 2 }));
    const overview = renderHook(() => useAnalyticsOverview({ from: 1, to: 2 }), { wrapper: net.wrapper });
    const publisher = renderHook(() => usePublisherAnalytics({ developer: 'Ada' }), { wrapper: net.wrapper });
    await waitFor(() => expect(overview.result.current.status).toBe('success'));
    await waitFor(() => expect(publisher.result.current.status).toBe('success'));
    expect(paths(net.requests)).toEqual([
      '/api/cmt/manager/analytics/overview?from=1&to=2',
      '/api/cmt/plugin/analytics?developer=Ada',
    ]);
  });
});

describe('the notification hooks', () => {
  const item = (id: number, read_at: number | null = null) => ({
    id,
    kind: 'submission_approved',
    payload: { plugin_key: 'k', plugin_name: 'K' },
    create_time: id,
    read_at,
  });
  const server: Answer = (req) => {
    if (req.url.pathname.endsWith('/preferences'))
      return ok({
        email: {
          submission_approved: true,
          submission_rejected: false,
          review_posted: true,
          plugin_deleted_by_admin: true,
        },
        email_available: true,
      });
    if (req.url.pathname.endsWith('/read-all')) return ok({ unread_count: 0 });
    const size = Number(req.url.searchParams.get('page_size') ?? 20);
    return ok({
      notification_list: [item(2), item(1, 5)].slice(0, size),
      next_cursor: null,
      unread_count: 1,
    });
  };

  it('useNotifications lists the pages with the unread count as total; a read-all then a reload', async () => {
    const net = setup(server);
    const { result } = renderHook(
      () => ({ list: useNotifications({ page_size: 10 }), readAll: usePluginAction('readAllNotifications') }),
      { wrapper: net.wrapper },
    );
    await waitFor(() => expect(result.current.list.status).toBe('success'));
    expect(result.current.list.items.map((n) => n.id)).toEqual([2, 1]);
    expect(result.current.list.total).toBe(1);
    await act(async () => {
      await result.current.readAll.run(undefined as never);
    });
    expect(result.current.readAll.data).toEqual({ unread_count: 0 });
    expect(paths(net.requests)).toEqual([
      '/api/cmt/plugin/notification/list?page_size=10',
      '/api/cmt/plugin/notification/read-all',
    ]);
  });

  it('useUnreadNotificationCount asks one item for the count, nothing while disabled', async () => {
    const net = setup(server);
    const off = renderHook(() => useUnreadNotificationCount(false), { wrapper: net.wrapper });
    expect(off.result.current).toMatchObject({ status: 'unrequest', unread: undefined });
    expect(net.requests).toHaveLength(0);
    const { result } = renderHook(() => useUnreadNotificationCount(), { wrapper: net.wrapper });
    await waitFor(() => expect(result.current.unread).toBe(1));
    expect(paths(net.requests)).toEqual(['/api/cmt/plugin/notification/list?page_size=1']);
  });

  it('useNotificationPreferences loads the e-mail setting of each kind', async () => {
    const net = setup(server);
    const { result } = renderHook(() => useNotificationPreferences(), { wrapper: net.wrapper });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.preferences?.email.submission_rejected).toBe(false);
    expect(result.current.preferences?.email_available).toBe(true);
  });
});
