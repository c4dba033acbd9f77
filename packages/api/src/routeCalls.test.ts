import { PLUGIN_ROUTES } from '@plugin-center/contract';
import { BACKOFFICE_ROUTES } from '@plugin-center/contract/routes';
import { fakeFetch, json, ok } from '@plugin-center/test-fakes/fetch';
import { fakeXhr } from '@plugin-center/test-fakes/xhr';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { backofficeCalls } from './backofficeCalls';
import {
  type ApiClientOptions,
  type BackofficeCalls,
  CANCEL_MESSAGE,
  createApiClient,
  type PluginCalls,
} from './client';
import { xhrUpload } from './upload';

/**
 * The calls built from the route table: one per entry of the \`plugin\` and \`user\` groups, with the
 * method, path and payload the table says, and the multipart uploads with progress and cancel.
 */
function setup(answer?: Parameters<typeof fakeFetch>[0], options: ApiClientOptions = {}) {
  const net = fakeFetch(answer);
  const client = createApiClient({ fetch: net.fetch, logger: { error: vi.fn() }, ...options });
  return { ...net, client };
}

describe('typed plugin calls (SPEC §7)', () => {
  it('maps every call to its method and path under /api/cmt/', async () => {
    const { client, requests } = setup();
    const form = new FormData();
    const p = client.plugin;
    const b = backofficeCalls(client);
    const calls: [() => Promise<unknown>, string, string][] = [
      [() => p.list({}), 'GET', 'plugin/list'],
      [() => p.suggest({ q: 'ic' }), 'GET', 'plugin/suggest'],
      [() => p.tagList({ lang: 'en-US' }), 'GET', 'plugin/tag/list'],
      [() => p.detail({ plugin_key: 'k' }), 'GET', 'plugin'],
      [() => p.recommendationList({ count: 4, seed: 1 }), 'GET', 'plugin/recommendation/list'],
      [() => p.more({ plugin_key: 'k', count: 4 }), 'GET', 'plugin/more'],
      [() => p.view({ plugin_key: 'k' }), 'POST', 'plugin/view'],
      [() => p.install({ plugin_key: 'k' }), 'POST', 'plugin/user'],
      [() => p.uninstall({ plugin_key: 'k' }), 'DELETE', 'plugin/user'],
      [() => p.installedList(), 'GET', 'plugin/user'],
      [() => b.analyticsOverview(), 'GET', 'manager/analytics/overview'],
      [() => p.publisherAnalytics(), 'GET', 'plugin/analytics'],
      [() => p.praise({ plugin_key: 'k', praise: 1 }), 'POST', 'plugin/user/praise'],
      [() => p.publish(form), 'POST', 'plugin'],
      [() => p.edit(form), 'PUT', 'plugin'],
      [() => p.remove({ plugin_key: 'k' }), 'DELETE', 'plugin'],
      [() => p.unlist({ plugin_key: 'k' }), 'POST', 'plugin/unlist'],
      [() => p.relist({ plugin_key: 'k' }), 'POST', 'plugin/relist'],
      [
        () => p.deprecate({ plugin_key: 'k', message: 'm', replacement_plugin_key: 'r' }),
        'POST',
        'plugin/deprecate',
      ],
      [() => p.undeprecate({ plugin_key: 'k' }), 'POST', 'plugin/undeprecate'],
      [() => p.userPlugins(), 'GET', 'plugin/audit'],
      [() => p.submissionHistory({ plugin_key: 'k' }), 'GET', 'plugin/audit/history'],
      [() => b.auditList({ status: 1 }), 'GET', 'plugin/audit/list'],
      [() => b.auditStatus({ plugin_key: 'k', status: 3, reason: 'r' }), 'POST', 'plugin/audit/status'],
      [() => b.mirrorStatus(), 'GET', 'manager/mirror'],
      [() => b.mirrorPull(), 'POST', 'manager/mirror/pull'],
      [() => b.webhookList(), 'GET', 'manager/webhooks'],
      [
        () => b.webhookCreate({ url: 'https://h.example/', events: ['plugin.approved'] }),
        'POST',
        'manager/webhooks',
      ],
      [() => b.webhookUpdate({ id: 1, enabled: false }), 'PUT', 'manager/webhooks'],
      [() => b.webhookDelete({ id: 1 }), 'DELETE', 'manager/webhooks'],
      [() => b.webhookDeliveries({ endpoint_id: 1 }), 'GET', 'manager/webhooks/deliveries'],
      [() => b.webhookRedeliver({ delivery_id: 1 }), 'POST', 'manager/webhooks/redeliver'],
      [() => b.webhookTest({ id: 1 }), 'POST', 'manager/webhooks/test'],
      [() => b.webhookRotate({ id: 1 }), 'POST', 'manager/webhooks/rotate'],
      [() => b.auditLog({ plugin_key: 'k' }), 'GET', 'manager/audit-log'],
      [() => b.assignOwner({ plugin_key: 'k', email: 'a@b.c' }), 'POST', 'manager/plugin/owner'],
      [() => p.personalTokenList(), 'GET', 'user/tokens'],
      [() => p.createPersonalToken({ name: 'CI' }), 'POST', 'user/tokens'],
      [() => p.revokePersonalToken({ id: 1 }), 'DELETE', 'user/tokens'],
      [() => b.publishRecommendation({ plugin_keys: ['k'] }), 'POST', 'plugin/recommendation/publish'],
      [
        () => b.setSilentInstall({ plugin_key: 'k', is_default_install: false }),
        'PUT',
        'plugin/silent_install',
      ],
      [() => p.newUserSilentInstall(), 'POST', 'plugin/user/new/silent'],
      // The editor's side.
      [() => p.editorPlugins({ lang: 'en-US' }), 'GET', 'plugin/user/editor'],
      [() => p.editorCode({ plugin_key: 'k 1' }), 'GET', 'plugin/user/editor/code'],
      [() => b.download({ id: 'k 1' }), 'GET', 'manager/plugin/k%201/download'],
      [() => b.batchUpload(form), 'POST', 'manager/plugins/upload'],
      [() => b.batchStatus({ batch_id: 'b1' }), 'GET', 'manager/plugins/batch'],
      [() => b.batchRemove({ batch_id: 'b1' }), 'DELETE', 'manager/plugins/batch'],
      [
        () => b.createResourceState({ plugin_key: 'k', start_time: 1, end_time: 2, is_new: true }),
        'POST',
        'plugin/resource_state',
      ],
      [() => b.disableResourceState({ id: 4, is_disabled: true }), 'PUT', 'plugin/resource_state/disable'],
      [() => b.resourceStateList(), 'GET', 'plugin/resource_state/list'],
      // Curation: the calls added by the "curation" part.
      [() => p.featuredList({ lang: 'en-US' }), 'GET', 'plugin/resource_state/active'],
      [() => b.curatedRecommendation(), 'GET', 'plugin/recommendation/curated'],
      [() => b.silentInstallList(), 'GET', 'plugin/silent_install/list'],
      [() => p.bannerList(), 'GET', 'plugin-banner/all'],
      [() => b.saveBanner(form), 'PUT', 'manager/plugin-banner'],
      [() => b.deleteBanner({ id: 3 }), 'DELETE', 'manager/plugin-banner'],
      [() => b.qrCodeList(), 'GET', 'manager/qr-code/list'],
      [() => b.getIconfont(), 'GET', 'manager/space-setting/iconfont'],
      [() => b.saveIconfont({ client_id: 'i', client_secret: 's' }), 'PUT', 'manager/space-setting/iconfont'],
      [() => b.getPexels(), 'GET', 'srv/config/pexels'],
      [() => b.savePexels({ api_key: 'a' }), 'POST', 'srv/config/pexels'],
      [() => b.loginMethodList(), 'GET', 'manager/login-methods'],
      [
        () =>
          b.saveLoginMethod({
            method: 'ldap',
            enable: true,
            logout_mode: 'default',
            logout_url: null,
            variables: { LDAP_URL: 'ldap://directory.example.com' },
          }),
        'PUT',
        'manager/login-methods',
      ],
      [() => p.verify(), 'GET', 'manager/verify'],
      [() => p.activityInfo({ activity_id: 'a1' }), 'GET', 'activity/activity/info'],
      // Settings.
      [() => b.saveSpaceSetting({ ext: { login_storage: 1 } }), 'PUT', 'manager/space-setting'],
      [() => b.userList({ keyword: 'a' }), 'GET', 'manager/users'],
      [() => b.setUserRole({ user_id: 2, role: 2 }), 'PUT', 'manager/users/role'],
      [() => b.setUserStatus({ user_id: 2, staff_status: 0 }), 'PUT', 'manager/users/status'],
      // Ratings and reviews of plugins.
      [() => p.ratingList({ plugin_key: 'k', sort: 'helpful' }), 'GET', 'plugin/rating/list'],
      [() => p.saveRating({ plugin_key: 'k', rating: 5, title: 't' }), 'PUT', 'plugin/rating'],
      [() => p.deleteRating({ plugin_key: 'k' }), 'DELETE', 'plugin/rating'],
      [() => p.ratingHelpful({ review_id: 1, helpful: true }), 'POST', 'plugin/rating/helpful'],
      [() => p.saveRatingReply({ review_id: 1, body: 'Thanks' }), 'PUT', 'plugin/rating/reply'],
      [() => p.deleteRatingReply({ review_id: 1 }), 'DELETE', 'plugin/rating/reply'],
      [() => p.reportRating({ review_id: 1, reason: 'spam' }), 'POST', 'plugin/rating/report'],
      [() => b.ratingReportList({ status: 'open' }), 'GET', 'manager/rating/report/list'],
      [() => p.pluginStats({ plugin_key: 'k', from: '2024-01-01', to: '2024-01-07' }), 'GET', 'plugin/stats'],
      [() => p.pluginStatsCsv({ plugin_key: 'k' }), 'GET', 'plugin/stats/csv'],
      [
        () => b.moderateRating({ review_id: 1, action: 'hide', reason: 'spam' }),
        'POST',
        'manager/rating/moderate',
      ],
      // Publishers.
      [() => p.publisherPage({ handle: 'acme' }), 'GET', 'plugin/publisher'],
      [() => p.myPublisher(), 'GET', 'plugin/publisher/me'],
      [() => p.saveMyPublisher({ handle: 'acme', website: null }), 'PUT', 'plugin/publisher/me'],
      [() => p.startDomainVerification({ domain: 'acme.example' }), 'POST', 'plugin/publisher/domain'],
      [() => p.checkDomainVerification(), 'POST', 'plugin/publisher/domain/check'],
      [() => b.setPublisherVerified({ user_id: 2, verified: true }), 'PUT', 'manager/publisher/verified'],
      // Notifications.
      [() => p.notificationList({ page_size: 5 }), 'GET', 'plugin/notification/list'],
      [() => p.readNotification({ id: 7 }), 'POST', 'plugin/notification/read'],
      [() => p.readAllNotifications(), 'POST', 'plugin/notification/read-all'],
      [() => p.notificationPreferences(), 'GET', 'plugin/notification/preferences'],
      [
        () => p.saveNotificationPreferences({ email: { review_posted: false } }),
        'PUT',
        'plugin/notification/preferences',
      ],
    ];
    expect(calls.length).toBe(Object.keys(p).length + Object.keys(b).length);
    for (const [run] of calls) await run();
    expect(requests.map((r) => [r.method, r.url.pathname])).toEqual(
      calls.map(([, method, path]) => [method, `/api/cmt/${path}`]),
    );
  });

  it("has exactly the calls of the route table's plugin group (one table of routes)", () => {
    expectTypeOf<keyof PluginCalls>().toEqualTypeOf<keyof typeof PLUGIN_ROUTES>();
    const { client } = setup();
    expect(Object.keys(client.plugin).sort()).toEqual(Object.keys(PLUGIN_ROUTES).sort());
  });

  it("backofficeCalls has exactly the calls of the table's backoffice group, built once per client", () => {
    expectTypeOf<keyof BackofficeCalls>().toEqualTypeOf<keyof typeof BACKOFFICE_ROUTES>();
    const { client } = setup();
    expect(Object.keys(backofficeCalls(client)).sort()).toEqual(Object.keys(BACKOFFICE_ROUTES).sort());
    expect(backofficeCalls(client)).toBe(backofficeCalls(client));
    expect(backofficeCalls(setup().client)).not.toBe(backofficeCalls(client));
    // The square's calls carry none of the back office's.
    expect(Object.keys(client.plugin).filter((name) => name in BACKOFFICE_ROUTES)).toEqual([]);
  });

  it('sends the query of GET calls and the body of DELETE calls', async () => {
    const { client, requests } = setup();
    await client.plugin.detail({ plugin_key: 'figma-tokens', lang: 'zh-CN' });
    await client.plugin.activityInfo({ activity_id: 'a1' });
    await backofficeCalls(client).deleteBanner({ id: 3 });
    await client.plugin.remove({ plugin_key: 'k' });
    expect(requests[0]?.url.search).toBe('?plugin_key=figma-tokens&lang=zh-CN');
    expect(requests[1]?.url.search).toBe('?activity_id=a1');
    expect(requests[2]?.json).toEqual({ id: 3 });
    expect(requests[3]?.json).toEqual({ plugin_key: 'k' });
  });

  it('PUT plugin/resource_state/disable sends id and is_disabled as query, no body', async () => {
    const { client, requests } = setup();
    await backofficeCalls(client).disableResourceState({ id: 4, is_disabled: false });
    expect(requests[0]?.method).toBe('PUT');
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({ id: '4', is_disabled: 'false' });
    expect(requests[0]?.body).toBeUndefined();
  });

  it('download resolves with the code file as a Blob, id in the path and not in the query', async () => {
    const { client, requests } = setup(
      () => new Response('{"name":"x"}', { headers: { 'content-type': 'application/json' } }),
    );
    const res = await backofficeCalls(client).download({ id: 'plug/1' });
    expect(requests[0]?.url.pathname).toBe('/api/cmt/manager/plugin/plug%2F1/download');
    expect(requests[0]?.url.search).toBe('');
    expect(res.code).toBe(0);
    expect(res.data).toBeInstanceOf(Blob);
    expect(await res.data.text()).toBe('{"name":"x"}');
  });

  it('resolves with failed envelopes too (the caller checks them with isSuccess)', async () => {
    const envelope = { code: 40400, error: 'PLUGIN_NOT_FOUND', message: 'no such plugin', data: null };
    const { client } = setup(() => json(envelope));
    await expect(client.plugin.detail({ plugin_key: 'nope' })).resolves.toEqual(envelope);
  });
});

// The banner form from a plain object, as the banner page sends it.
describe('saveBanner', () => {
  it('sends a plain object with multipart: true as FormData with the image as a file part', async () => {
    const { client, requests } = setup();
    const image = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    await backofficeCalls(client).saveBanner(
      { id: '7', redirect_url: 'https://example.com/', image },
      { multipart: true },
    );
    const sent = requests[0]!;
    expect([sent.method, sent.url.pathname]).toEqual(['PUT', '/api/cmt/manager/plugin-banner']);
    expect(sent.body).toBeInstanceOf(FormData);
    const form = sent.body as FormData;
    expect(form.get('id')).toBe('7');
    expect(form.get('redirect_url')).toBe('https://example.com/');
    expect(form.get('image')).toBeInstanceOf(Blob);
    expect(sent.headers.has('content-type')).toBe(false);
  });
});

describe('uploads with progress and cancel', () => {
  it('sends a multipart call with onUploadProgress through XMLHttpRequest and resolves with the envelope', async () => {
    const x = fakeXhr();
    const { client, requests } = setup(undefined, {
      createXhr: x.createXhr,
      upload: xhrUpload,
      getAccessToken: () => 'tok',
    });
    const form = new FormData();
    const seen: { loaded: number; total: number }[] = [];
    const pending = client.plugin.publish(form, { onUploadProgress: (p) => seen.push(p) });
    expect([x.xhr.method, x.xhr.url, x.xhr.body]).toEqual(['POST', '/api/cmt/plugin', form]);
    expect(x.xhr.headers.Authorization).toBe('Bearer tok');
    expect(x.xhr.headers['Content-Type']).toBeUndefined();
    x.xhr.progress(3, 10);
    x.xhr.respond(200, { code: 0, data: { plugin_key: 'grid' } });
    expect(await pending).toEqual({ code: 0, data: { plugin_key: 'grid' } });
    expect(seen).toEqual([{ loaded: 3, total: 10 }]);
    expect(requests).toHaveLength(0);
  });

  it('an aborted upload resolves with the cancel result; an error answer rejects with ApiError', async () => {
    const x = fakeXhr();
    const { client } = setup(undefined, { createXhr: x.createXhr, upload: xhrUpload });
    const controller = new AbortController();
    const pending = backofficeCalls(client).batchUpload(new FormData(), {
      signal: controller.signal,
      onUploadProgress: () => {},
    });
    controller.abort();
    expect(x.xhr.aborted).toBe(true);
    expect(await pending).toMatchObject({ code: -1, message: CANCEL_MESSAGE, error: 'CANCELLED' });
    const failing = backofficeCalls(client).saveBanner(new FormData(), { onUploadProgress: () => {} });
    x.xhr.respond(400, {
      code: 40005,
      error: 'UPLOAD_REJECTED',
      message: 'not an image',
      data: null,
      field: 'image',
    });
    await expect(failing).rejects.toMatchObject({ code: 'UPLOAD_REJECTED', status: 400 });
  });
});

describe('user calls', () => {
  it("has exactly the calls of the route table's user group, with its paths", async () => {
    const { client, requests } = setup(() => ok({ ext: {} }));
    await client.user.mstSpaceSetting();
    expect(requests.map((r) => [r.method, r.url.pathname])).toEqual([['GET', '/api/pix/mst/spaces/setting']]);
  });
});

describe('uploads without an upload transport', () => {
  it('go out through fetch, without progress', async () => {
    const { client, requests } = setup(() => ok({ plugin_key: 'grid' }));
    const seen: unknown[] = [];
    const res = await client.plugin.publish(new FormData(), { onUploadProgress: (p) => seen.push(p) });
    expect(res).toEqual({ code: 0, data: { plugin_key: 'grid' } });
    expect(requests.map((r) => [r.method, r.url.pathname])).toEqual([['POST', '/api/cmt/plugin']]);
    expect(seen).toEqual([]);
  });
});

describe('multipart routes', () => {
  it('send a plain object as FormData without asking', async () => {
    const { client, requests } = setup();
    await backofficeCalls(client).saveBanner({ redirect_url: 'https://example.com', image: new Blob(['x']) });
    const body = requests[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('redirect_url')).toBe('https://example.com');
    expect(body.get('image')).toBeInstanceOf(Blob);
  });
});
