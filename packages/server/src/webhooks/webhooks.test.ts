/**
 * Webhooks through the real server (SQLite and PostgreSQL projects), with a real HTTP receiver on
 * 127.0.0.1 started here (so its endpoints are registered with `allow_private`): every event type
 * is delivered with a Standard Webhooks signature this file verifies on its own (HMAC-SHA256 over
 * `id.timestamp.body`); a failing receiver is retried on the injected schedule and the fake clock,
 * then delivered, or failed after the last attempt; redelivery; the log's response status and body;
 * the SSRF rule (loopback, private, link-local, IPv6 loopback, a name resolving to a private address
 * through the injected resolver); hostile input.
 */
import { createHmac } from 'node:crypto';
import type { Submission } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecretBox } from '../settings/secrets';
import type { AuthUser } from '../shared/auth';
import { createTestApp, dataOf, injectAs, signInTestUser, type TestApp } from '../testing/testApp';
import { multipart, publishFields } from '../testing/testFiles';
import {
  type ReceivedRequest,
  startWebhookReceiver,
  type TestWebhookReceiver,
} from '../testing/testWebhookReceiver';
import { RETRY_DELAYS_MS, type WebhookDelivery, type WebhookEndpoint, WebhooksService } from './service';
import { isNonPublicAddress } from './ssrf';

interface Account {
  token: string;
  id: number;
}

const DELAYS = [1_000, 2_000, 4_000];
let t: TestApp;
let hooks: WebhooksService;
let now = Date.UTC(2026, 10, 28, 12);
let receiver: TestWebhookReceiver;
let base = '';
const received: ReceivedRequest[] = [];
/** Statuses the receiver answers with next (then 200). */
const answers: number[] = [];
let author: Account;
let admin: Account;
let adminUser: AuthUser;
let endpoint: WebhookEndpoint;
let secret = '';

/** Names the injected resolver knows. */
const NAMES: Record<string, string[]> = {
  'inside.example.test': ['10.1.2.3'],
  'mixed.example.test': ['93.184.216.34', '192.168.1.1'],
  'public.example.test': ['93.184.216.34'],
};

async function account(app: TestApp['app'], role?: 0 | 1 | 2): Promise<Account> {
  const session = await signInTestUser(app, role === undefined ? {} : { role });
  return { token: session.access_token, id: session.user_info.user_id };
}

async function publish(who: Account, name: string): Promise<string> {
  const { payload, headers } = await multipart(publishFields({ name }));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/cmt/plugin',
    payload,
    headers: { ...headers, authorization: `Bearer ${who.token}` },
  });
  expect(response.statusCode).toBe(200);
  return dataOf<Submission>(response).plugin_key;
}

const decide = (key: string, status: 2 | 3, reason?: string) =>
  injectAs(t.app, 'POST', '/api/cmt/plugin/audit/status', admin.token, {
    plugin_key: key,
    status,
    ...(reason ? { reason } : {}),
  });

/** Lets the worker finish, then runs what is due. */
async function settle(): Promise<void> {
  await hooks.idle();
  await hooks.runDue();
  await hooks.idle();
}

/** Verifies a request the Standard Webhooks way, independently of the server's code. */
function verify(
  request: ReceivedRequest,
  whsec: string,
): { type: string; timestamp: string; data: Record<string, unknown> } {
  const id = request.headers['webhook-id'] as string;
  const timestamp = request.headers['webhook-timestamp'] as string;
  const signatures = (request.headers['webhook-signature'] as string).split(' ');
  expect(id).toMatch(/^msg_[A-Za-z0-9_-]+$/);
  expect(timestamp).toMatch(/^\d+$/);
  const key = Buffer.from(whsec.replace(/^whsec_/, ''), 'base64');
  expect(key.length).toBeGreaterThanOrEqual(24);
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest('base64');
  expect(signatures).toContain(`v1,${expected}`);
  return JSON.parse(request.body);
}

const deliveriesOf = async (id: number): Promise<WebhookDelivery[]> => (await hooks.listDeliveries(id)).list;

beforeAll(async () => {
  receiver = await startWebhookReceiver({ received, answers });
  base = receiver.origin;
  t = await createTestApp(
    { publishLimits: { perHour: 0, pendingMax: 0 } },
    {
      clock: () => now,
      webhooks: {
        pollMs: 0,
        timeoutMs: 500,
        retryDelaysMs: DELAYS,
        resolve: async (host) => {
          const addresses = NAMES[host];
          if (!addresses) throw new Error(`ENOTFOUND ${host}`);
          return addresses.map((address) => ({ address, family: 4 }));
        },
      },
    },
  );
  hooks = t.app.webhooks;
  author = await account(t.app);
  admin = await account(t.app, 2);
  adminUser = { user_id: admin.id, role: 2, sid: 'test' } as AuthUser;
  const created = await hooks.createEndpoint(adminUser, {
    url: `${base}/hook`,
    events: [
      'plugin.submitted',
      'plugin.approved',
      'plugin.rejected',
      'plugin.published',
      'plugin.deleted',
      'review.posted',
    ],
    allow_private: true,
  });
  endpoint = created.endpoint;
  secret = created.secret;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('events', () => {
  it('shows the secret once as whsec_ and never lists it', async () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(JSON.stringify(await hooks.listEndpoints())).not.toContain(secret.slice(6));
    expect(endpoint).toMatchObject({ url: `${base}/hook`, allow_private: true, enabled: true });
  });

  it('delivers each event type, signed', async () => {
    received.length = 0;
    const key = await publish(author, 'Hooked One');
    await settle();
    expect((await decide(key, 2)).statusCode).toBe(200);
    await settle();
    const other = await publish(author, 'Hooked Two');
    await settle();
    expect((await decide(other, 3, 'Not yet')).statusCode).toBe(200);
    await settle();
    const installed = await injectAs(t.app, 'POST', '/api/cmt/plugin/user', admin.token, { plugin_key: key });
    expect(installed.statusCode).toBe(200);
    const rated = await injectAs(t.app, 'PUT', '/api/cmt/plugin/rating', admin.token, {
      plugin_key: key,
      rating: 4,
      title: 'Handy',
      body: 'Saves time',
    });
    expect(rated.statusCode).toBe(200);
    await settle();
    expect(
      (await injectAs(t.app, 'DELETE', '/api/cmt/plugin', author.token, { plugin_key: other })).statusCode,
    ).toBe(200);
    await settle();

    const events = received.map((r) => verify(r, secret));
    expect(events.map((e) => e.type)).toEqual([
      'plugin.submitted',
      'plugin.approved',
      'plugin.published',
      'plugin.submitted',
      'plugin.rejected',
      'review.posted',
      'plugin.deleted',
    ]);
    expect(events[0]!.data).toMatchObject({ plugin_key: key, plugin_name: 'Hooked One' });
    expect(events[1]!.data).toMatchObject({ plugin_key: key, plugin_name: 'Hooked One' });
    expect(events[1]!.data).not.toHaveProperty('first');
    expect(events[4]!.data).toMatchObject({ plugin_key: other, reason: 'Not yet' });
    expect(events[5]!.data).toMatchObject({ plugin_key: key, rating: 4, title: 'Handy' });
    expect(events[6]!.data).toMatchObject({ plugin_key: other });
    expect(events[0]!.timestamp).toBe(new Date(now).toISOString());
    expect(received[0]!.headers['webhook-timestamp']).toBe(String(Math.floor(now / 1000)));
    expect(received[0]!.headers['content-type']).toBe('application/json');

    const log = await deliveriesOf(endpoint.id);
    expect(
      log.every((d) => d.status === 'delivered' && d.response_status === 200 && d.response_body === 'ok'),
    ).toBe(true);
  });

  it('a second approval (a new version) is not published again', async () => {
    const key = await publish(author, 'Hooked Three');
    expect((await decide(key, 2)).statusCode).toBe(200);
    await settle();
    received.length = 0;
    const { payload, headers } = await multipart({
      plugin_key: key,
      name: 'Hooked Three',
      intro: 'New intro',
      description: 'New description',
      version: '1.0.1',
      version_content: 'Second',
    });
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/cmt/plugin',
      payload,
      headers: { ...headers, authorization: `Bearer ${author.token}` },
    });
    expect(again.statusCode, again.body).toBe(200);
    await settle();
    expect((await decide(key, 2)).statusCode).toBe(200);
    await settle();
    expect(received.map((r) => verify(r, secret).type)).toEqual(['plugin.submitted', 'plugin.approved']);
  });
});

describe('retries and the log', () => {
  it('retries a failing receiver on the schedule, then delivers, keeping the same message id', async () => {
    received.length = 0;
    answers.push(500, 503);
    const test = await hooks.sendTest(endpoint.id);
    await settle();
    let [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ id: test.id, status: 'pending', attempts: 1, response_status: 500 });
    expect(row!.response_body!.startsWith('nope 500')).toBe(true);
    expect(row!.response_body!.length).toBeLessThanOrEqual(2048);
    expect(row!.next_attempt_at).toBe(now + DELAYS[0]!);
    // Not due yet: nothing is sent.
    now += DELAYS[0]! - 1;
    await settle();
    expect(received.length).toBe(1);
    now += 1;
    await settle();
    [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, response_status: 503 });
    expect(row!.next_attempt_at).toBe(now + DELAYS[1]!);
    now += DELAYS[1]!;
    await settle();
    [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({
      status: 'delivered',
      attempts: 3,
      response_status: 200,
      response_body: 'ok',
    });
    expect(received.length).toBe(3);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of received) expect(verify(r, secret).type).toBe('webhook.test');
  });

  it('fails after the last attempt of the schedule, and redelivers on demand', async () => {
    received.length = 0;
    answers.push(500, 500, 500, 500);
    const test = await hooks.sendTest(endpoint.id);
    await settle();
    for (const delay of DELAYS) {
      now += delay;
      await settle();
    }
    let [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({
      id: test.id,
      status: 'failed',
      attempts: DELAYS.length + 1,
      response_status: 500,
    });
    now += 86_400_000;
    await settle();
    expect(received.length).toBe(DELAYS.length + 1);

    const again = await hooks.redeliver(test.id);
    expect(again.msg_id).toBe(test.msg_id);
    await settle();
    [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ id: again.id, status: 'delivered', attempts: 1, response_status: 200 });
    expect(received.at(-1)!.headers['webhook-id']).toBe(test.msg_id);
  });

  it('of two workers on one database, one claims each due delivery', async () => {
    const { box } = await loadSecretBox({ dataDir: t.config.dataDir, environmentKey: t.config.secretsKey });
    const other = new WebhooksService(t.app.db, box, { clock: () => now, pollMs: 0, retryDelaysMs: DELAYS });
    received.length = 0;
    answers.push(500, 500, 500);
    for (let i = 0; i < 3; i++) await hooks.sendTest(endpoint.id);
    await settle();
    expect(received.length).toBe(3);
    now += DELAYS[0]!;
    const [mine, theirs] = await Promise.all([hooks.runDue(), other.runDue()]);
    expect(mine + theirs).toBe(3);
    expect(received.length).toBe(6);
    const log = (await deliveriesOf(endpoint.id)).slice(0, 3);
    expect(log.every((d) => d.status === 'delivered' && d.attempts === 2)).toBe(true);
    await other.close();
  });

  it('gives up on a receiver that does not answer in time, and retries', async () => {
    const slow = await hooks.createEndpoint(adminUser, {
      url: `${base}/slow`,
      events: ['plugin.deleted'],
      allow_private: true,
    });
    await hooks.sendTest(slow.endpoint.id);
    await settle();
    const [row] = await deliveriesOf(slow.endpoint.id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: null,
      last_error: 'no response within 500 ms',
    });
    await hooks.deleteEndpoint(adminUser, slow.endpoint.id);
  });

  it('pages the log with a cursor', async () => {
    const first = await hooks.listDeliveries(endpoint.id);
    const all: number[] = first.list.map((d) => d.id);
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await hooks.listDeliveries(endpoint.id, cursor);
      all.push(...page.list.map((d) => d.id));
      cursor = page.next_cursor;
    }
    expect(all).toEqual([...all].sort((a, b) => b - a));
    await expect(hooks.listDeliveries(endpoint.id, 'garbage')).rejects.toMatchObject({ status: 400 });
    await expect(hooks.listDeliveries(999_999)).rejects.toMatchObject({ status: 404 });
    await expect(hooks.redeliver(999_999)).rejects.toMatchObject({ status: 404 });
  });

  it('a disabled endpoint receives nothing', async () => {
    await hooks.updateEndpoint(adminUser, endpoint.id, { enabled: false });
    received.length = 0;
    await publish(await account(t.app), 'Hooked Quiet');
    await settle();
    expect(received).toEqual([]);
    // A test to it is still sent; a delivery due while it is disabled ends failed, without retries.
    const queued = await hooks.sendTest(endpoint.id);
    const copy = await hooks.redeliver(queued.id);
    await hooks.updateEndpoint(adminUser, endpoint.id, { enabled: false });
    await settle();
    const log = await deliveriesOf(endpoint.id);
    expect(log.find((d) => d.id === copy.id)).toMatchObject({ status: 'delivered' });
    received.length = 0;
    const stale = await t.app.webhooks.redeliver(log.find((d) => d.event_type === 'plugin.deleted')!.id);
    await settle();
    expect((await deliveriesOf(endpoint.id)).find((d) => d.id === stale.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'the endpoint is disabled',
    });
    expect(received).toEqual([]);
    await hooks.updateEndpoint(adminUser, endpoint.id, { enabled: true });
  });
});

describe('SSRF', () => {
  const refused = [
    'http://127.0.0.1/hook',
    'http://127.1.2.3:8080/hook',
    'http://10.0.0.1/hook',
    'http://172.16.5.4/',
    'http://192.168.0.10/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/hook',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://inside.example.test/hook',
    'http://mixed.example.test/hook',
    'http://unknown.example.test/hook',
  ];

  it.each(refused)('refuses %s without allow_private', async (url) => {
    await expect(hooks.createEndpoint(adminUser, { url, events: ['plugin.approved'] })).rejects.toMatchObject(
      {
        status: 400,
        field: 'url',
      },
    );
  });

  it('accepts a public address, and a private one with allow_private', async () => {
    const pub = await hooks.createEndpoint(adminUser, {
      url: 'https://public.example.test/hook',
      events: ['plugin.deleted'],
    });
    expect(pub.endpoint.allow_private).toBe(false);
    const inside = await hooks.createEndpoint(adminUser, {
      url: 'http://inside.example.test/hook',
      events: ['plugin.deleted'],
      allow_private: true,
    });
    // Turning allow_private off again is refused while the host is private.
    await expect(
      hooks.updateEndpoint(adminUser, inside.endpoint.id, { allow_private: false }),
    ).rejects.toMatchObject({
      status: 400,
    });
    await hooks.deleteEndpoint(adminUser, pub.endpoint.id);
    await hooks.deleteEndpoint(adminUser, inside.endpoint.id);
  });

  it('checks again at delivery: a host that now resolves privately is not contacted', async () => {
    NAMES['flip.example.test'] = ['93.184.216.34'];
    const flip = await hooks.createEndpoint(adminUser, {
      url: `http://flip.example.test:${new URL(base).port}/hook`,
      events: ['plugin.deleted'],
    });
    NAMES['flip.example.test'] = ['127.0.0.1'];
    received.length = 0;
    await hooks.sendTest(flip.endpoint.id);
    await settle();
    expect(received).toEqual([]);
    const [row] = await deliveriesOf(flip.endpoint.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
    expect(row!.last_error).toContain('127.0.0.1');
    await hooks.deleteEndpoint(adminUser, flip.endpoint.id);
  });

  it('connects to the address it checked (a resolved name, allowed private)', async () => {
    NAMES['pinned.example.test'] = ['127.0.0.1'];
    const pinned = await hooks.createEndpoint(adminUser, {
      url: `http://pinned.example.test:${new URL(base).port}/hook`,
      events: ['plugin.deleted'],
      allow_private: true,
    });
    received.length = 0;
    await hooks.sendTest(pinned.endpoint.id);
    await settle();
    expect(received.length).toBe(1);
    expect(received[0]!.headers.host).toBe(`pinned.example.test:${new URL(base).port}`);
    verify(received[0]!, pinned.secret);
    await hooks.deleteEndpoint(adminUser, pinned.endpoint.id);
  });

  it('the default schedule: eight attempts, the last one 24 h after the first', () => {
    expect(RETRY_DELAYS_MS.slice(0, 6)).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000,
    ]);
    expect(RETRY_DELAYS_MS.length).toBe(7);
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBe(86_400_000);
  });

  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.127.0.1',
    ]) {
      expect(isNonPublicAddress(a)).toBe(true);
    }
    for (const a of [
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fdff::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      'fe80::1%eth0',
    ]) {
      expect(isNonPublicAddress(a)).toBe(true);
    }
    for (const a of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ]) {
      expect(isNonPublicAddress(a)).toBe(false);
    }
    expect(isNonPublicAddress('not an address')).toBe(true);
  });
});

describe('hostile input', () => {
  const bad: unknown[] = [
    'http://exa\u0000mple.com/',
    `https://public.example.test/${'a'.repeat(10_000)}`,
    'ftp://public.example.test/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'gopher://127.0.0.1:25/',
    'http://user:pass@public.example.test/',
    'not a url',
    '',
    42,
    null,
    ['http://public.example.test/'],
    { href: 'http://public.example.test/' },
  ];

  it.each(bad.map((url, i) => [i, url]))('refuses url #%i', async (_i, url) => {
    await expect(
      hooks.createEndpoint(adminUser, { url: url as string, events: ['plugin.approved'] }),
    ).rejects.toMatchObject({ status: 400, field: 'url' });
  });

  it.each([[[]], [['plugin.unknown']], ['plugin.approved'], [[1]], [['plugin.approved\u0000']], [null]])(
    'refuses events %j',
    async (events) => {
      await expect(
        hooks.createEndpoint(adminUser, { url: 'https://public.example.test/', events: events as string[] }),
      ).rejects.toMatchObject({ status: 400, field: 'events' });
    },
  );

  it('nothing was saved by refused input', async () => {
    expect((await hooks.listEndpoints()).map((e) => e.id)).toEqual([endpoint.id]);
  });
});

describe('back-office routes', () => {
  const ROOT = '/api/cmt/manager/webhooks';
  let token = '';
  let user = '';

  beforeAll(async () => {
    token = (await account(t.app, 2)).token;
    user = (await account(t.app)).token;
  });

  it('create, list, update, test, log, redeliver, delete — audit-logged', async () => {
    const created = await injectAs(t.app, 'POST', ROOT, token, {
      url: `${base}/routes`,
      events: ['plugin.deleted'],
      allow_private: true,
    });
    expect(created.statusCode).toBe(200);
    const { endpoint: made, secret: whsec } = dataOf<{ endpoint: WebhookEndpoint; secret: string }>(created);
    expect(whsec).toMatch(/^whsec_/);
    const listed = dataOf<{ list: WebhookEndpoint[] }>(await injectAs(t.app, 'GET', ROOT, token));
    expect(listed.list.map((e) => e.id)).toContain(made.id);
    expect(JSON.stringify(listed)).not.toContain(whsec.slice(6));

    const updated = await injectAs(t.app, 'PUT', ROOT, token, {
      id: made.id,
      events: ['plugin.deleted', 'review.posted'],
    });
    expect(updated.statusCode).toBe(200);
    expect(dataOf<WebhookEndpoint>(updated).events).toEqual(['plugin.deleted', 'review.posted']);

    received.length = 0;
    const tested = await injectAs(t.app, 'POST', `${ROOT}/test`, token, { id: made.id });
    expect(tested.statusCode).toBe(200);
    await settle();
    expect(verify(received[0]!, whsec).type).toBe('webhook.test');
    const log = dataOf<{ list: WebhookDelivery[]; next_cursor: string | null }>(
      await injectAs(t.app, 'GET', `${ROOT}/deliveries?endpoint_id=${made.id}`, token),
    );
    expect(log.list[0]).toMatchObject({ status: 'delivered', response_status: 200, response_body: 'ok' });
    const again = await injectAs(t.app, 'POST', `${ROOT}/redeliver`, token, { delivery_id: log.list[0]!.id });
    expect(again.statusCode).toBe(200);
    await settle();
    expect(received.at(-1)!.headers['webhook-id']).toBe(log.list[0]!.msg_id);

    expect((await injectAs(t.app, 'DELETE', ROOT, token, { id: made.id })).statusCode).toBe(200);
    expect((await injectAs(t.app, 'DELETE', ROOT, token, { id: made.id })).statusCode).toBe(404);
    const audit = await injectAs(t.app, 'GET', '/api/cmt/manager/audit-log', token);
    const actions = JSON.stringify(audit.json());
    for (const action of ['webhook_create', 'webhook_update', 'webhook_delete'])
      expect(actions).toContain(action);
  });

  it('refuses non-administrators', async () => {
    expect((await injectAs(t.app, 'GET', ROOT, user)).statusCode).toBe(403);
    expect(
      (
        await injectAs(t.app, 'POST', ROOT, user, {
          url: 'https://public.example.test/',
          events: ['plugin.approved'],
        })
      ).statusCode,
    ).toBe(403);
  });

  it.each([
    [{ url: 'http://127.0.0.1/x', events: ['plugin.approved'] }],
    [{ url: 'http://[::1]/x', events: ['plugin.approved'] }],
    [{ url: 'http://169.254.169.254/', events: ['plugin.approved'] }],
    [{ url: 'http://exa\u0000mple.com/', events: ['plugin.approved'] }],
    [{ url: `https://public.example.test/${'a'.repeat(10_000)}`, events: ['plugin.approved'] }],
    [{ url: 'ftp://public.example.test/', events: ['plugin.approved'] }],
    [{ url: 42, events: ['plugin.approved'] }],
    [{ url: 'https://public.example.test/', events: 'plugin.approved' }],
    [{ url: 'https://public.example.test/', events: ['nope'] }],
    [{ url: 'https://public.example.test/', events: ['plugin.approved'], allow_private: 'yes' }],
    [{ url: 'https://public.example.test/', events: ['plugin.approved'], extra: 1 }],
  ])('answers 400 to %j', async (payload) => {
    const response = await injectAs(t.app, 'POST', ROOT, token, payload);
    expect(response.statusCode).toBe(400);
  });

  it('answers 400 or 404 to bad ids', async () => {
    expect((await injectAs(t.app, 'GET', `${ROOT}/deliveries?endpoint_id=abc`, token)).statusCode).toBe(400);
    expect(
      (await injectAs(t.app, 'GET', `${ROOT}/deliveries?endpoint_id=99999999999`, token)).statusCode,
    ).toBe(400);
    expect((await injectAs(t.app, 'GET', `${ROOT}/deliveries?endpoint_id=424242`, token)).statusCode).toBe(
      404,
    );
    expect(
      (await injectAs(t.app, 'GET', `${ROOT}/deliveries?endpoint_id=${endpoint.id}&cursor=%00`, token))
        .statusCode,
    ).toBe(400);
    expect(
      (await injectAs(t.app, 'POST', `${ROOT}/redeliver`, token, { delivery_id: 424242 })).statusCode,
    ).toBe(404);
    expect((await injectAs(t.app, 'POST', `${ROOT}/redeliver`, token, { delivery_id: '1' })).statusCode).toBe(
      400,
    );
    expect((await injectAs(t.app, 'POST', `${ROOT}/test`, token, { id: 424242 })).statusCode).toBe(404);
    expect((await injectAs(t.app, 'PUT', ROOT, token, { id: 424242, enabled: true })).statusCode).toBe(404);
  });
});
