/**
 * Notifications through the real server (SQLite and PostgreSQL projects), with a real SMTP server
 * started here (`testing/testSmtp.ts`) whose mailbox the tests read: each kind (approval, rejection
 * with its reason, a review posted, an administrator's deletion) tells the plugin's owner only —
 * never the one who caused it, never anyone for a plugin without an owner; the list with its unread
 * count and cursor, marking read (never another account's), the e-mail preferences, the e-mails
 * (recipient, subject and text in the account's language or else the site's first locale, the RFC 8058 headers), the unsubscribe
 * link turning off its kind only, hostile input, and an SMTP server that refuses: the approval
 * stands, the notification is in the app, and a refused e-mail is sent again.
 */
import type {
  NotificationPage,
  NotificationPreferences,
  NotificationReadResult,
  Submission,
} from '@plugin-center/contract/schemas';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSiteConfig } from '../site';
import {
  approvedPluginKeys,
  body,
  createTestApp,
  dataOf,
  injectAs,
  signInTestUser,
  type TestApp,
} from '../testing/testApp';
import { multipart, publishFields } from '../testing/testFiles';
import { startTestSmtp, type TestSmtpServer } from '../testing/testSmtp';
import { UNSUBSCRIBE_TOKEN_TTL_S } from './unsubscribeToken';

const LIST = '/api/cmt/plugin/notification/list';
const READ = '/api/cmt/plugin/notification/read';
const READ_ALL = '/api/cmt/plugin/notification/read-all';
const PREFERENCES = '/api/cmt/plugin/notification/preferences';
const UNSUBSCRIBE = '/api/cmt/plugin/notification/unsubscribe';
const PUBLIC_URL = 'http://plugins.example.test';

interface Account {
  token: string;
  id: number;
  email: string;
}

let smtp: TestSmtpServer;
let t: TestApp;
let now = Date.UTC(2026, 10, 28, 12);
let author: Account;
let other: Account;
let admin: Account;

async function account(app: TestApp['app'], role?: 0 | 1 | 2): Promise<Account> {
  const session = await signInTestUser(app, role === undefined ? {} : { role });
  return { token: session.access_token, id: session.user_info.user_id, email: session.user_info.email! };
}

/** Publishes a plugin as `who` (waiting for review); its key. */
async function publish(app: TestApp['app'], who: Account, name: string): Promise<string> {
  const { payload, headers } = await multipart(publishFields({ name }));
  const response = await app.inject({
    method: 'POST',
    url: '/api/cmt/plugin',
    payload,
    headers: { ...headers, authorization: `Bearer ${who.token}` },
  });
  return dataOf<Submission>(response).plugin_key;
}

function decide(app: TestApp['app'], key: string, status: 2 | 3, reason?: string) {
  return injectAs(app, 'POST', '/api/cmt/plugin/audit/status', admin.token, {
    plugin_key: key,
    status,
    ...(reason ? { reason } : {}),
  });
}

const list = async (who: Account, query = '') =>
  dataOf<NotificationPage>(await injectAs(t.app, 'GET', `${LIST}${query}`, who.token));

/** The mails the SMTP server accepted for `email`, once every queued one was sent. */
async function mailsTo(email: string): Promise<ParsedMail[]> {
  await t.app.notifications.mailIdle();
  return smtp.received.filter((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : '') === email);
}

/** The raw value of header `name` (lower case) as it arrived, unfolded. */
function headerText(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((header) => header.key === name)?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, '')
    .trim();
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp(
    {
      smtpUrl: smtp.url,
      mailFrom: 'Plugin Center <notify@plugins.example.test>',
      publicUrl: PUBLIC_URL,
      site: resolveSiteConfig({ locales: ['ja-JP', 'en-US'] }),
      publishLimits: { perHour: 0, pendingMax: 0 },
    },
    { clock: () => now },
  );
  author = await account(t.app);
  other = await account(t.app);
  admin = await account(t.app, 2);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('what is told, and to whom', () => {
  let key = '';

  it('tells the owner of an approval, in the app and by e-mail in the site language', async () => {
    key = await publish(t.app, author, 'Notify Approve');
    now += 1000;
    expect((await decide(t.app, key, 2)).statusCode).toBe(200);
    const mine = await list(author);
    expect(mine.unread_count).toBe(1);
    expect(mine.notification_list).toEqual([
      {
        id: expect.any(Number),
        kind: 'submission_approved',
        payload: { plugin_key: key, plugin_name: 'Notify Approve', version: '1.0.0' },
        create_time: now,
        read_at: null,
      },
    ]);
    // Nobody else: not the administrator who decided, not another account.
    expect((await list(admin)).notification_list).toEqual([]);
    expect((await list(other)).notification_list).toEqual([]);

    const [mail, ...more] = await mailsTo(author.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('「Notify Approve」が承認されました');
    expect(mail!.from?.value).toEqual([{ name: 'Plugin Center', address: 'notify@plugins.example.test' }]);
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.value[0]!.address : '').toBe(author.email);
    expect(mail!.text).toContain('プラグイン「Notify Approve」のバージョン 1.0.0 が承認され');
    expect(mail!.text).toContain(`${PUBLIC_URL}/plugins/notifications`);
    expect(headerText(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headerText(mail!, 'list-unsubscribe')).toMatch(
      new RegExp(`^<${PUBLIC_URL}${UNSUBSCRIBE}\\?token=[\\w.-]+>$`),
    );
    expect(await mailsTo(admin.email)).toEqual([]);
  });

  it('writes to an account in the language its browser signed in with (lang cookie, else Accept-Language)', async () => {
    const signIn = async (email: string, headers: Record<string, string>) => {
      const password = 'correct horse battery';
      const up = await t.app.inject({
        method: 'POST',
        url: '/api/uc/user/sign_up',
        payload: { email, password, nick_name: 'Polyglot', redirect_uri: '/plugins/' },
      });
      const code = new URL(
        dataOf<{ redirect_to: string }>(up).redirect_to,
        'http://x.invalid',
      ).searchParams.get('code');
      const login = dataOf<{ access_token: string; user_info: { user_id: number } }>(
        await t.app.inject({
          method: 'GET',
          url: '/api/uc/user/login/code/user',
          query: { code: code!, redirect_uri: '/plugins/' },
          headers,
        }),
      );
      return { token: login.access_token, id: login.user_info.user_id, email };
    };
    const english = await signIn(`en-${now}@test.local`, { 'accept-language': 'en-US,en;q=0.9,ja;q=0.5' });
    const cookie = await signIn(`ck-${now}@test.local`, { 'accept-language': 'ja-JP', cookie: 'lang=en' });
    // A language the site does not offer falls back to its first, as the pages do (en-US here is offered).
    const other = await signIn(`fr-${now}@test.local`, { 'accept-language': 'fr-FR' });
    const stored = await t.app.db.kysely
      .selectFrom('user_account')
      .select(['id', 'locale'])
      .where('id', 'in', [english.id, cookie.id, other.id])
      .orderBy('id')
      .execute();
    expect(stored.map((r) => r.locale)).toEqual(['en-US', 'en-US', 'en-US']);
    await t.app.db.kysely
      .updateTable('user_account')
      .set({ locale: 'ko-KR' })
      .where('id', '=', other.id)
      .execute();

    for (const who of [english, cookie, other]) {
      const key = await publish(t.app, who, `Polyglot ${who.id}`);
      now += 1000;
      expect((await decide(t.app, key, 2)).statusCode).toBe(200);
    }
    expect((await mailsTo(english.email))[0]!.subject).toBe(`“Polyglot ${english.id}” is approved`);
    expect((await mailsTo(cookie.email))[0]!.subject).toBe(`“Polyglot ${cookie.id}” is approved`);
    // A stored language the site does not offer (ko-KR) gets the site's first: Japanese.
    expect((await mailsTo(other.email))[0]!.subject).toBe(`「Polyglot ${other.id}」が承認されました`);
  });

  it('tells the owner of a rejection with its reason', async () => {
    const rejected = await publish(t.app, author, 'Notify Reject');
    now += 1000;
    expect((await decide(t.app, rejected, 3, 'The icon is blurry')).statusCode).toBe(200);
    const [latest] = (await list(author)).notification_list;
    expect(latest).toMatchObject({
      kind: 'submission_rejected',
      payload: {
        plugin_key: rejected,
        plugin_name: 'Notify Reject',
        version: '1.0.0',
        reason: 'The icon is blurry',
      },
    });
    const mail = (await mailsTo(author.email)).at(-1)!;
    expect(mail.subject).toBe('「Notify Reject」は承認されませんでした');
    expect(mail.text).toContain('理由：The icon is blurry');
  });

  it('tells the owner of a new review with a text, not of an edit, a bare rating or their own', async () => {
    const reviewer = await account(t.app);
    const quiet = await account(t.app);
    for (const who of [reviewer, quiet, author]) {
      const installed = await injectAs(t.app, 'POST', '/api/cmt/plugin/user', who.token, { plugin_key: key });
      expect(installed.statusCode).toBe(200);
    }
    const before = (await list(author)).notification_list.length;
    const rate = (who: Account, payload: Record<string, unknown>) =>
      injectAs(t.app, 'PUT', '/api/cmt/plugin/rating', who.token, { plugin_key: key, ...payload });

    expect((await rate(reviewer, { rating: 4, title: 'Handy', body: 'Saves me time' })).statusCode).toBe(200);
    expect((await rate(reviewer, { rating: 2, title: 'Changed my mind', body: 'Edited' })).statusCode).toBe(
      200,
    );
    expect((await rate(quiet, { rating: 5 })).statusCode).toBe(200);
    expect((await rate(author, { rating: 5, body: 'My own plugin' })).statusCode).toBe(200);

    const after = (await list(author)).notification_list;
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({
      kind: 'review_posted',
      payload: { plugin_key: key, plugin_name: 'Notify Approve', rating: 4, title: 'Handy' },
    });
    expect((await list(reviewer)).notification_list).toEqual([]);
    const mail = (await mailsTo(author.email)).at(-1)!;
    expect(mail.subject).toBe('「Notify Approve」に新しいレビューが届きました');
    expect(mail.text).toContain('評価：5 つ星中 4');
    expect(mail.text).toContain('タイトル：Handy');
  });

  it('tells the owner once of a first review sent twice at once', async () => {
    const reviewer = await account(t.app);
    const installed = await injectAs(t.app, 'POST', '/api/cmt/plugin/user', reviewer.token, {
      plugin_key: key,
    });
    expect(installed.statusCode).toBe(200);
    const before = (await list(author)).notification_list.length;
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        injectAs(t.app, 'PUT', '/api/cmt/plugin/rating', reviewer.token, {
          plugin_key: key,
          rating: n + 1,
          title: `At once ${n}`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const after = (await list(author)).notification_list;
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({
      kind: 'review_posted',
      payload: { title: expect.stringMatching(/^At once /) },
    });
  });

  it('tells the owner when an administrator deletes the plugin, not when the owner deletes their own', async () => {
    const doomed = await publish(t.app, author, 'Notify Doomed');
    const own = await publish(t.app, author, 'Notify Own');
    const before = (await list(author)).notification_list.length;
    const removed = await injectAs(t.app, 'DELETE', '/api/cmt/plugin', admin.token, { plugin_key: doomed });
    expect(removed.statusCode).toBe(200);
    const self = await injectAs(t.app, 'DELETE', '/api/cmt/plugin', author.token, { plugin_key: own });
    expect(self.statusCode).toBe(200);
    const after = (await list(author)).notification_list;
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({
      kind: 'plugin_deleted_by_admin',
      payload: { plugin_key: doomed, plugin_name: 'Notify Doomed' },
    });
    expect((await mailsTo(author.email)).at(-1)!.subject).toBe(
      '「Notify Doomed」は管理者により削除されました',
    );
  });

  it("tells nobody of what happens to a plugin without an owner (the catalogue's)", async () => {
    const count = async () =>
      Number(
        (
          await t.app.db.kysely
            .selectFrom('notification')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const mailsBefore = smtp.received.length;
    const [catalogueKey] = await approvedPluginKeys(t.app, 1);
    const removed = await injectAs(t.app, 'DELETE', '/api/cmt/plugin', admin.token, {
      plugin_key: catalogueKey,
    });
    expect(removed.statusCode).toBe(200);
    expect(await count()).toBe(before);
    await t.app.notifications.mailIdle();
    expect(smtp.received.length).toBe(mailsBefore);
  });
});

describe('the list, the unread count and marking read', () => {
  it('pages newest first with a cursor, counting every unread one', async () => {
    const all = await list(author);
    expect(all.notification_list.length).toBeGreaterThanOrEqual(4);
    const ids = all.notification_list.map((n) => n.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const first = await list(author, '?page_size=2');
    expect(first.notification_list.map((n) => n.id)).toEqual(ids.slice(0, 2));
    expect(first.unread_count).toBe(all.unread_count);
    const second = await list(author, `?page_size=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.notification_list.map((n) => n.id)).toEqual(ids.slice(2, 4));
    // Another account's cursor of the same list shape does not continue this one.
    const foreign = await injectAs(
      t.app,
      'GET',
      `${LIST}?cursor=${encodeURIComponent(first.next_cursor!)}`,
      other.token,
    );
    expect(foreign.statusCode).toBe(400);
    expect(body<{ error: string }>(foreign).error).toBe('INVALID_CURSOR');
  });

  it("marks one read (idempotently), never another account's, then all", async () => {
    const { notification_list: items, unread_count: unread } = await list(author);
    const target = items[0]!;
    now += 1000;
    const marked = dataOf<NotificationReadResult>(
      await injectAs(t.app, 'POST', READ, author.token, { id: target.id }),
    );
    expect(marked.unread_count).toBe(unread - 1);
    const again = dataOf<NotificationReadResult>(
      await injectAs(t.app, 'POST', READ, author.token, { id: target.id }),
    );
    expect(again.unread_count).toBe(unread - 1);
    expect((await list(author)).notification_list[0]).toMatchObject({ id: target.id, read_at: now });

    // Another account: the same answer as an unknown id, and nothing changes.
    const foreign = await injectAs(t.app, 'POST', READ, other.token, { id: items[1]!.id });
    expect(foreign.statusCode).toBe(404);
    expect(body<{ error: string }>(foreign).error).toBe('NOTIFICATION_NOT_FOUND');
    expect((await injectAs(t.app, 'POST', READ, other.token, { id: 2_000_000_000 })).statusCode).toBe(404);
    expect((await list(author)).notification_list[1]!.read_at).toBeNull();

    expect(dataOf<NotificationReadResult>(await injectAs(t.app, 'POST', READ_ALL, other.token))).toEqual({
      unread_count: 0,
    });
    expect((await list(author)).unread_count).toBe(unread - 1);
    expect(dataOf<NotificationReadResult>(await injectAs(t.app, 'POST', READ_ALL, author.token))).toEqual({
      unread_count: 0,
    });
    const read = await list(author);
    expect(read.unread_count).toBe(0);
    expect(read.notification_list.every((n) => n.read_at !== null)).toBe(true);
  });

  it('answers 401 to a visitor', async () => {
    expect((await injectAs(t.app, 'GET', LIST)).statusCode).toBe(401);
    expect((await injectAs(t.app, 'POST', READ, undefined, { id: 1 })).statusCode).toBe(401);
    expect((await injectAs(t.app, 'POST', READ_ALL)).statusCode).toBe(401);
    expect((await injectAs(t.app, 'GET', PREFERENCES)).statusCode).toBe(401);
    expect((await injectAs(t.app, 'PUT', PREFERENCES, undefined, { email: {} })).statusCode).toBe(401);
  });

  it('refuses hostile input with 400', async () => {
    const bad = [
      ['GET', `${LIST}?cursor=%00`],
      ['GET', `${LIST}?cursor=${'x'.repeat(600)}`],
      ['GET', `${LIST}?page_size=0`],
      ['GET', `${LIST}?page_size=1e300`],
      ['GET', `${LIST}?page_size=abc`],
      ['GET', `${LIST}?cursor=eyJ2IjoxLCJxIjoibm90aWZpY2F0aW9ucyIsImsiOls5OTk5OTk5OTk5OTk5OV19.AAAA`],
    ] as const;
    for (const [method, url] of bad) {
      const response = await injectAs(t.app, method, url, author.token);
      expect(response.statusCode, url).toBe(400);
    }
    for (const payload of [
      { id: 2_147_483_648 },
      { id: 1e300 },
      { id: -1 },
      { id: 0 },
      { id: '1\u0000' },
      { id: 'abc' },
      { id: [1] },
      { id: null },
      {},
      { id: 1, extra: true },
    ]) {
      const response = await injectAs(t.app, 'POST', READ, author.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const payload of [
      { email: { review_posted: 'no' } },
      { email: { review_posted: 0 } },
      { email: { 'review_posted\u0000': false } },
      { email: { unknown_kind: false } },
      { email: null },
      { email: [] },
      {},
    ]) {
      const response = await injectAs(t.app, 'PUT', PREFERENCES, author.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // A cursor this server issued for another account's list.
    const issued = (await list(other, '?page_size=1')).next_cursor;
    expect(issued).toBeNull();
  });
});

describe('e-mail preferences and the unsubscribe link', () => {
  it('starts with every kind on, saves the kinds sent and keeps the others', async () => {
    const fresh = await account(t.app);
    expect(dataOf<NotificationPreferences>(await injectAs(t.app, 'GET', PREFERENCES, fresh.token))).toEqual({
      email: {
        submission_approved: true,
        submission_rejected: true,
        review_posted: true,
        plugin_deleted_by_admin: true,
      },
      email_available: true,
    });
    const saved = dataOf<NotificationPreferences>(
      await injectAs(t.app, 'PUT', PREFERENCES, fresh.token, { email: { review_posted: false } }),
    );
    expect(saved.email).toEqual({
      submission_approved: true,
      submission_rejected: true,
      review_posted: false,
      plugin_deleted_by_admin: true,
    });
    // Another account's settings are its own.
    expect(
      dataOf<NotificationPreferences>(await injectAs(t.app, 'GET', PREFERENCES, other.token)).email
        .review_posted,
    ).toBe(true);
  });

  it('sends no e-mail of a kind turned off, and keeps the notification in the app', async () => {
    const owner = await account(t.app);
    await injectAs(t.app, 'PUT', PREFERENCES, owner.token, { email: { submission_approved: false } });
    const key = await publish(t.app, owner, 'Notify Quiet');
    expect((await decide(t.app, key, 2)).statusCode).toBe(200);
    expect((await list(owner)).notification_list[0]!.kind).toBe('submission_approved');
    expect(await mailsTo(owner.email)).toEqual([]);
    const rejected = await publish(t.app, owner, 'Notify Loud');
    expect((await decide(t.app, rejected, 3, 'No')).statusCode).toBe(200);
    expect((await mailsTo(owner.email)).map((m) => m.subject)).toEqual([
      '「Notify Loud」は承認されませんでした',
    ]);
  });

  it('turns off only the kind of its e-mail, with one button and by RFC 8058 one-click', async () => {
    const owner = await account(t.app);
    const key = await publish(t.app, owner, 'Notify Unsubscribe');
    expect((await decide(t.app, key, 3, 'Try again')).statusCode).toBe(200);
    const [mail] = await mailsTo(owner.email);
    const link = /<(http[^>]+)>/.exec(headerText(mail!, 'list-unsubscribe'))![1]!;
    // The same link is in the text.
    expect(mail!.text).toContain(link);
    const path = link.slice(PUBLIC_URL.length);

    // Opening it changes nothing: a page in the e-mail's language with one button.
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<html lang="ja-JP">');
    expect(page.body).toContain('非承認のメール通知をオフにしますか？');
    expect(page.body).toMatch(/<form method="post">/);
    const preferences = async () =>
      dataOf<NotificationPreferences>(await injectAs(t.app, 'GET', PREFERENCES, owner.token)).email;
    expect((await preferences()).submission_rejected).toBe(true);

    // The mail client's one-click POST (no cookie, no token of the account).
    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('非承認のメール通知をオフにしました');
    expect(await preferences()).toEqual({
      submission_approved: true,
      submission_rejected: false,
      review_posted: true,
      plugin_deleted_by_admin: true,
    });
    // Again: the same answer. Without a body (the page's button posts one; some clients none), and
    // as multipart/form-data (RFC 8058's SHOULD).
    expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
    const multipartBody =
      '--b1\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b1--\r\n';
    const asMultipart = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'multipart/form-data; boundary=b1' },
      payload: multipartBody,
    });
    expect(asMultipart.statusCode).toBe(200);

    // That kind sends no more; another still does.
    const second = await publish(t.app, owner, 'Notify Second');
    expect((await decide(t.app, second, 3, 'Still no')).statusCode).toBe(200);
    expect((await mailsTo(owner.email)).length).toBe(1);
    expect((await decide(t.app, await publish(t.app, owner, 'Notify Third'), 2)).statusCode).toBe(200);
    expect((await mailsTo(owner.email)).map((m) => m.subject)).toEqual([
      '「Notify Unsubscribe」は承認されませんでした',
      '「Notify Third」が承認されました',
    ]);
  });

  it('answers a bad, altered or expired token with a 400 page and changes nothing', async () => {
    const owner = await account(t.app);
    const key = await publish(t.app, owner, 'Notify Expiry');
    expect((await decide(t.app, key, 2)).statusCode).toBe(200);
    const link = /<(http[^>]+)>/.exec(headerText((await mailsTo(owner.email))[0]!, 'list-unsubscribe'))![1]!;
    const token = new URL(link).searchParams.get('token')!;
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const query of [
      '',
      '?token=',
      `?token=${encodeURIComponent(altered)}`,
      '?token=%00',
      `?token=${'a'.repeat(5000)}`,
      '?token=a&token=b',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({ method, url: `${UNSUBSCRIBE}${query}` });
        expect(response.statusCode, `${method} ${query.slice(0, 40)}`).toBe(400);
        expect(response.body).toContain('このリンクは無効か、期限が切れています');
      }
    }
    // An access token is not an unsubscribe token.
    expect(
      (await t.app.inject({ method: 'POST', url: `${UNSUBSCRIBE}?token=${owner.token}` })).statusCode,
    ).toBe(400);
    const saved = now;
    now += (UNSUBSCRIBE_TOKEN_TTL_S + 60) * 1000;
    try {
      expect((await t.app.inject({ method: 'POST', url: `${UNSUBSCRIBE}?token=${token}` })).statusCode).toBe(
        400,
      );
    } finally {
      now = saved;
    }
    expect(
      dataOf<NotificationPreferences>(await injectAs(t.app, 'GET', PREFERENCES, owner.token)).email
        .submission_approved,
    ).toBe(true);
  });
});

describe('an SMTP server that refuses', () => {
  let failing: TestSmtpServer;
  let flaky: TestSmtpServer;
  let f: TestApp;
  let g: TestApp;

  beforeAll(async () => {
    failing = await startTestSmtp({ failAll: true });
    flaky = await startTestSmtp({ failFirst: 1 });
    f = await createTestApp({ smtpUrl: failing.url, publishLimits: { perHour: 0, pendingMax: 0 } });
    g = await createTestApp({ smtpUrl: flaky.url, publishLimits: { perHour: 0, pendingMax: 0 } });
  }, 60_000);

  afterAll(async () => {
    await f?.close();
    await g?.close();
    await failing?.close();
    await flaky?.close();
  });

  it('never fails the approval, and the notification is in the app', async () => {
    const owner = await account(f.app);
    admin = await account(f.app, 2);
    const key = await publish(f.app, owner, 'Notify Refused');
    const decided = await decide(f.app, key, 2);
    expect(decided.statusCode).toBe(200);
    const mine = dataOf<NotificationPage>(await injectAs(f.app, 'GET', LIST, owner.token));
    expect(mine.notification_list[0]).toMatchObject({ kind: 'submission_approved' });
    // The first attempt was refused; the retries wait in the background (dropped at close).
    await expect.poll(() => failing.refused()).toBeGreaterThanOrEqual(1);
    expect(failing.received).toEqual([]);
  });

  it('sends a refused e-mail again after a second', async () => {
    const owner = await account(g.app);
    admin = await account(g.app, 2);
    const key = await publish(g.app, owner, 'Notify Retried');
    expect((await decide(g.app, key, 2)).statusCode).toBe(200);
    await g.app.notifications.mailIdle();
    expect(flaky.refused()).toBe(1);
    // The domestic site's first locale is zh-CN.
    expect(flaky.received.map((m) => m.subject)).toEqual(['“Notify Retried”已通过审核']);
  }, 15_000);
});

describe('without SMTP_URL', () => {
  it('says e-mail is not available, and keeps the notifications in the app', async () => {
    const plain = await createTestApp({ publishLimits: { perHour: 0, pendingMax: 0 } });
    try {
      const owner = await account(plain.app);
      admin = await account(plain.app, 2);
      const prefs = dataOf<NotificationPreferences>(
        await injectAs(plain.app, 'GET', PREFERENCES, owner.token),
      );
      expect(prefs.email_available).toBe(false);
      const key = await publish(plain.app, owner, 'Notify Plain');
      expect((await decide(plain.app, key, 2)).statusCode).toBe(200);
      expect(
        dataOf<NotificationPage>(await injectAs(plain.app, 'GET', LIST, owner.token)).notification_list[0],
      ).toMatchObject({ kind: 'submission_approved' });
    } finally {
      await plain.close();
    }
  });
});
