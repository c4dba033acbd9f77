import { fakeFetch, hang, json, manualFetch, ok } from '@plugin-center/test-fakes/fetch';
import { fakeXhr } from '@plugin-center/test-fakes/xhr';
import { describe, expect, it, vi } from 'vitest';
import {
  createAction,
  createAuditList,
  createAuditLog,
  createBatchUpload,
  createMyPlugins,
  createNotificationList,
  createPeopleList,
  createPersonalTokens,
  createResourcePositionList,
} from './backoffice';
import { backofficeCalls } from './backofficeCalls';
import { createApiClient } from './client';
import { xhrUpload } from './upload';

const quiet = { error: vi.fn() };
const client = (net: { fetch: typeof fetch }, createXhr?: () => XMLHttpRequest) =>
  createApiClient({ fetch: net.fetch, logger: quiet, createXhr, upload: xhrUpload });
const submissions = (keys: string[], next_cursor: string | null) =>
  ok({ submission_list: keys.map((plugin_key) => ({ plugin_key })), total: 9, next_cursor });

describe('the paged lists of the back office (one pager: cursor pages)', () => {
  it('audit list: first page for the query, next page at next_cursor, a new query starts over', async () => {
    const net = fakeFetch((req) =>
      req.url.searchParams.get('cursor') ? submissions(['c'], null) : submissions(['a', 'b'], 'n1'),
    );
    const list = createAuditList(client(net), { status: 1 });
    expect(list.getSnapshot().status).toBe('unrequest');
    await list.load();
    expect(list.getSnapshot()).toMatchObject({ status: 'success', total: 9, hasMore: true });
    await Promise.all([list.loadMore(), list.loadMore()]);
    expect(list.getSnapshot().items.map((s) => s.plugin_key)).toEqual(['a', 'b', 'c']);
    expect(list.getSnapshot().pages.map((p) => p.length)).toEqual([2, 1]);
    expect(list.getSnapshot().hasMore).toBe(false);
    list.setQuery({ status: 1 });
    expect(net.requests).toHaveLength(2);
    list.setQuery({ status: 1, keyword: 'grid' });
    expect(list.getSnapshot().items).toEqual([]);
    await vi.waitFor(() => expect(list.getSnapshot().status).toBe('success'));
    expect(net.requests.map((r) => r.url.pathname + r.url.search)).toEqual([
      '/api/cmt/plugin/audit/list?status=1',
      '/api/cmt/plugin/audit/list?status=1&cursor=n1',
      '/api/cmt/plugin/audit/list?status=1&keyword=grid',
    ]);
  });

  it('audit log, my plugins and people read their own routes and lists', async () => {
    const net = fakeFetch((req) => {
      if (req.url.pathname.endsWith('audit-log')) return ok({ entry_list: [{ id: 1 }], next_cursor: null });
      if (req.url.pathname.endsWith('users'))
        return ok({ user_list: [{ id: 2 }], total: 1, next_cursor: null });
      return submissions(['mine'], null);
    });
    const api = client(net);
    const log = createAuditLog(api, { plugin_key: 'grid' });
    const mine = createMyPlugins(api);
    const people = createPeopleList(api, { keyword: '  ', role: 2 });
    await Promise.all([log.load(), mine.load(), people.load()]);
    expect(log.getSnapshot().items).toEqual([{ id: 1 }]);
    expect(mine.getSnapshot().items).toEqual([{ plugin_key: 'mine' }]);
    expect(people.getSnapshot()).toMatchObject({ items: [{ id: 2 }], total: 1 });
    expect(net.requests.map((r) => r.url.pathname + r.url.search)).toEqual([
      '/api/cmt/manager/audit-log?plugin_key=grid',
      '/api/cmt/plugin/audit',
      '/api/cmt/manager/users?role=2',
    ]);
  });

  it("notifications: the caller's, newest first, the unread count as total, pages at next_cursor", async () => {
    const item = (id: number) => ({ id, kind: 'review_posted', payload: {}, create_time: id, read_at: null });
    const net = fakeFetch((req) =>
      req.url.searchParams.get('cursor')
        ? ok({ notification_list: [item(1)], next_cursor: null, unread_count: 2 })
        : ok({ notification_list: [item(3), item(2)], next_cursor: 'n1', unread_count: 3 }),
    );
    const inbox = createNotificationList(client(net), { page_size: 2 });
    await inbox.load();
    expect(inbox.getSnapshot()).toMatchObject({ status: 'success', total: 3, hasMore: true });
    await inbox.loadMore();
    expect(inbox.getSnapshot()).toMatchObject({ total: 2, hasMore: false });
    expect(inbox.getSnapshot().items.map((n) => n.id)).toEqual([3, 2, 1]);
    expect(net.requests.map((r) => r.url.pathname + r.url.search)).toEqual([
      '/api/cmt/plugin/notification/list?page_size=2',
      '/api/cmt/plugin/notification/list?page_size=2&cursor=n1',
    ]);
  });

  it('resource positions read their route page by page', async () => {
    const net = fakeFetch((req) =>
      ok({
        resource_state_list: [{ id: req.url.searchParams.get('cursor') ? 2 : 1 }],
        total: 2,
        next_cursor: req.url.searchParams.get('cursor') ? null : 'n1',
      }),
    );
    const slots = createResourcePositionList(client(net), { status: 'active', lang: 'en-US' });
    await slots.load();
    await slots.loadMore();
    expect(slots.getSnapshot()).toMatchObject({
      pages: [[{ id: 1 }], [{ id: 2 }]],
      total: 2,
      hasMore: false,
    });
    expect(net.requests.map((r) => r.url.pathname + r.url.search)).toEqual([
      '/api/cmt/plugin/resource_state/list?status=active&lang=en-US',
      '/api/cmt/plugin/resource_state/list?status=active&lang=en-US&cursor=n1',
    ]);
  });

  it('a failed page is an error with the items kept; a superseded answer is discarded', async () => {
    const net = manualFetch();
    const list = createMyPlugins(client(net));
    const first = list.load();
    const second = list.load();
    net.answer(1, submissions(['x'], 'n'));
    await second;
    await first;
    expect(list.getSnapshot().items).toEqual([{ plugin_key: 'x' }]);
    const more = list.loadMore();
    net.answer(2, json({ code: 500, error: 'INTERNAL', message: 'no', data: null }, 500));
    await more;
    expect(list.getSnapshot()).toMatchObject({
      status: 'error',
      items: [{ plugin_key: 'x' }],
      isLoadingMore: false,
    });
  });

  it('cancel leaves a first page in flight unrequested', async () => {
    const list = createAuditLog(client(fakeFetch(hang)));
    const pending = list.load();
    list.cancel();
    await pending;
    expect(list.getSnapshot().status).toBe('unrequest');
  });
});

describe('createAction (owners, tokens, any change)', () => {
  it('runs, succeeds with the data, or fails with the message and field of the envelope', async () => {
    const net = fakeFetch((req) =>
      (req.json as { email: string | null }).email === 'nobody@example.com'
        ? json(
            {
              code: 40000,
              error: 'INVALID_PARAMETER',
              message: 'no such account',
              data: null,
              field: 'email',
            },
            400,
          )
        : ok({ plugin_key: 'grid', owner: 'ada@example.com' }),
    );
    const api = client(net);
    const assign = createAction((b: { plugin_key: string; email: string | null }) =>
      backofficeCalls(api).assignOwner(b),
    );
    const seen: string[] = [];
    assign.subscribe(() => seen.push(assign.getSnapshot().status));
    const done = await assign.run({ plugin_key: 'grid', email: 'ada@example.com' });
    expect(done).toMatchObject({ status: 'success', data: { plugin_key: 'grid' } });
    const failed = await assign.run({ plugin_key: 'grid', email: 'nobody@example.com' });
    expect(failed).toMatchObject({ status: 'error', message: 'no such account', field: 'email' });
    expect(seen).toEqual(['running', 'success', 'running', 'error']);
    assign.reset();
    expect(assign.getSnapshot().status).toBe('idle');
  });

  it('names the error code of a refusal (HTTP error or failed envelope) and of a network failure', async () => {
    const refusal = (error: string, status: number) =>
      json({ code: 40400, error, message: 'gone', data: null }, status);
    const answers = [refusal('PLUGIN_NOT_FOUND', 404), refusal('PLUGIN_NOT_FOUND', 200)];
    const net = fakeFetch(() => answers.shift() ?? Promise.reject(new TypeError('offline')));
    const api = client(net);
    const remove = createAction((b: { plugin_key: string }) => api.plugin.remove(b));
    expect(await remove.run({ plugin_key: 'grid' })).toMatchObject({
      status: 'error',
      code: 'PLUGIN_NOT_FOUND',
    });
    expect(await remove.run({ plugin_key: 'grid' })).toMatchObject({
      status: 'error',
      code: 'PLUGIN_NOT_FOUND',
    });
    expect(await remove.run({ plugin_key: 'grid' })).toMatchObject({
      status: 'error',
      code: 'NETWORK_ERROR',
    });
  });
});

describe('createPersonalTokens', () => {
  it('loads the list again after a create and a revoke that succeed', async () => {
    const net = fakeFetch((req) =>
      req.method === 'GET'
        ? ok({ token_list: [] })
        : req.method === 'POST'
          ? ok({ id: 5, name: 'ci', token: 'pcpat_x' })
          : ok({ id: 5 }),
    );
    const tokens = createPersonalTokens(client(net));
    await tokens.list.load();
    const made = await tokens.create.run({ name: 'ci' });
    expect(made.data?.token).toBe('pcpat_x');
    await tokens.revoke.run({ id: 5 });
    await vi.waitFor(() => expect(net.requests).toHaveLength(5));
    expect(net.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'DELETE', 'GET']);
    expect(net.requests.every((r) => r.url.pathname === '/api/cmt/user/tokens')).toBe(true);
  });
});

describe('createBatchUpload', () => {
  it('sends the file with progress and ends with the result', async () => {
    const x = fakeXhr();
    const batch = createBatchUpload(client(fakeFetch(), x.createXhr));
    const pending = batch.upload(new Blob(['[]'], { type: 'application/json' }), 'plugins.json');
    expect(batch.getSnapshot().status).toBe('uploading');
    expect([x.xhr.method, x.xhr.url]).toEqual(['POST', '/api/cmt/manager/plugins/upload']);
    expect((x.xhr.body as FormData).get('file')).toBeInstanceOf(Blob);
    x.xhr.progress(50, 200);
    expect(batch.getSnapshot().progress).toEqual({ loaded: 50, total: 200 });
    x.xhr.respond(200, {
      code: 0,
      data: { added: 2, skipped: 0, translations: 0, failed: [], cancelled: false },
    });
    const done = await pending;
    expect(done).toMatchObject({ status: 'success', result: { added: 2 } });
  });

  it('cancel aborts the request and ends cancelled; a failure ends in error', async () => {
    const x = fakeXhr();
    const batch = createBatchUpload(client(fakeFetch(), x.createXhr));
    const pending = batch.upload(new Blob(['[]']));
    batch.cancel();
    expect(x.xhr.aborted).toBe(true);
    expect((await pending).status).toBe('cancelled');
    const failing = batch.upload(new Blob(['x']));
    x.xhr.respond(400, { code: 40005, error: 'UPLOAD_REJECTED', message: 'not JSON', data: null });
    expect((await failing).status).toBe('error');
  });
});
