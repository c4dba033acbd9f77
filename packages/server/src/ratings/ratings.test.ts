/**
 * Ratings and reviews of plugins through the real server (SQLite and PostgreSQL projects): rating
 * after installing, one rating per user and plugin, edits and deletion, the summary and its
 * counters under concurrent writes, sorts and cursors, helpful votes, the publisher's reply,
 * reports and the moderation queue with its audit entries, hostile input and the rate limit.
 */
import type {
  AuditLogPage,
  PluginDetail,
  PluginListResult,
  PluginReview,
  RatingHelpfulResult,
  RatingPage,
  RatingReportPage,
  ReportedRating,
  SaveRatingResult,
} from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedPluginKeys, body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { RATING_WRITES_PER_MINUTE } from './routes';
import { NOT_INSTALLED_MESSAGE } from './service';

let t: TestApp;
let keys: string[];
let admin: string;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestApp();
  keys = await approvedPluginKeys(t.app, 6);
  admin = (await signInTestUser(t.app, { role: 2 })).access_token;
});

afterAll(async () => {
  await t?.close();
});

/** A fresh account; with `installed`, it has installed that plugin. */
async function user(installed?: string): Promise<{ token: string; id: number }> {
  const session = await signInTestUser(t.app);
  if (installed) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/user',
      headers: bearer(session.access_token),
      payload: { plugin_key: installed },
    });
    expect(res.statusCode).toBe(200);
  }
  return { token: session.access_token, id: session.user_info.user_id };
}

function rate(token: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: '/api/cmt/plugin/rating', headers: bearer(token), payload });
}

function call(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload: Record<string, unknown>,
) {
  return t.app.inject({ method, url, headers: bearer(token), payload });
}

async function list(pluginKey: string, query = '', token?: string): Promise<RatingPage> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/cmt/plugin/rating/list?plugin_key=${encodeURIComponent(pluginKey)}${query}`,
    headers: token ? bearer(token) : {},
  });
  expect(res.statusCode).toBe(200);
  return body<{ data: RatingPage }>(res).data;
}

/** The plugin's counters and what its rating rows say they should be. */
async function counters(pluginKey: string) {
  const db = t.app.db.kysely;
  const plugin = await db
    .selectFrom('plugin')
    .select(['id', 'rating_count', 'rating_sum', 'rating_1', 'rating_2', 'rating_3', 'rating_4', 'rating_5'])
    .where('plugin_key', '=', pluginKey)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('plugin_rating')
    .select(['id', 'rating', 'helpful_count'])
    .where('plugin_id', '=', plugin.id)
    .where('hidden_at', 'is', null)
    .execute();
  const votes = await db
    .selectFrom('plugin_rating_vote as v')
    .innerJoin('plugin_rating as r', 'r.id', 'v.rating_id')
    .select(['v.rating_id'])
    .where('r.plugin_id', '=', plugin.id)
    .execute();
  return {
    stored: {
      count: Number(plugin.rating_count),
      sum: Number(plugin.rating_sum),
      distribution: [plugin.rating_1, plugin.rating_2, plugin.rating_3, plugin.rating_4, plugin.rating_5].map(
        Number,
      ),
      helpful: Object.fromEntries(rows.map((r) => [r.id, Number(r.helpful_count)])),
    },
    rows: {
      count: rows.length,
      sum: rows.reduce((a, r) => a + r.rating, 0),
      distribution: [1, 2, 3, 4, 5].map((n) => rows.filter((r) => r.rating === n).length),
      helpful: Object.fromEntries(rows.map((r) => [r.id, votes.filter((v) => v.rating_id === r.id).length])),
    },
  };
}

describe('rating a plugin', () => {
  it('asks for a sign-in, then for an install (403 with a clear message)', async () => {
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/cmt/plugin/rating',
      payload: { plugin_key: keys[0], rating: 5 },
    });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await user();
    const res = await rate(stranger.token, { plugin_key: keys[0], rating: 5 });
    expect(res.statusCode).toBe(403);
    expect(body<{ error: string; message: string }>(res)).toMatchObject({
      error: 'FORBIDDEN',
      message: NOT_INSTALLED_MESSAGE,
    });
    expect((await list(keys[0]!, '', stranger.token)).can_rate).toBe(false);
  });

  it('keeps one rating per user and plugin: a second save edits it; deleting removes it', async () => {
    const key = keys[0]!;
    const me = await user(key);
    expect((await list(key, '', me.token)).can_rate).toBe(true);
    const first = await rate(me.token, {
      plugin_key: key,
      rating: 4,
      title: '  Handy  ',
      body: 'Works well.',
    });
    expect(first.statusCode).toBe(200);
    const saved = body<{ data: SaveRatingResult }>(first).data;
    expect(saved.review).toMatchObject({ rating: 4, title: 'Handy', body: 'Works well.', is_mine: true });
    expect(saved.summary).toEqual({ rating_count: 1, rating_average: 4, distribution: [0, 0, 0, 1, 0] });

    const edit = body<{ data: SaveRatingResult }>(await rate(me.token, { plugin_key: key, rating: 2 })).data;
    expect(edit.review).toMatchObject({ id: saved.review!.id, rating: 2, title: '', body: '' });
    expect(edit.summary).toEqual({ rating_count: 1, rating_average: 2, distribution: [0, 1, 0, 0, 0] });

    const page = await list(key, '', me.token);
    expect(page.review_list.map((r) => r.id)).toEqual([saved.review!.id]);
    expect(page.my_review?.id).toBe(saved.review!.id);

    // The square's card and the detail carry the average and the count.
    const detail = body<{ data: PluginDetail }>(
      await t.app.inject({ method: 'GET', url: `/api/cmt/plugin?plugin_key=${encodeURIComponent(key)}` }),
    ).data;
    expect(detail).toMatchObject({ rating_count: 1, rating_average: 2 });
    const cards = body<{ data: PluginListResult }>(
      await t.app.inject({ method: 'GET', url: '/api/cmt/plugin/list?page_size=100' }),
    ).data;
    for (const card of cards.plugin_list) expect(card).toHaveProperty('rating_count');

    const removed = await call('DELETE', '/api/cmt/plugin/rating', me.token, { plugin_key: key });
    expect(body<{ data: SaveRatingResult }>(removed).data).toEqual({
      review: null,
      summary: { rating_count: 0, rating_average: null, distribution: [0, 0, 0, 0, 0] },
    });
    const again = await call('DELETE', '/api/cmt/plugin/rating', me.token, { plugin_key: key });
    expect(again.statusCode).toBe(200);
    expect((await list(key, '', me.token)).my_review).toBeNull();
  });

  it('lets someone who uninstalled since still rate; 404 for an unknown plugin', async () => {
    const key = keys[1]!;
    const me = await user(key);
    await call('DELETE', '/api/cmt/plugin/user', me.token, { plugin_key: key });
    expect((await rate(me.token, { plugin_key: key, rating: 1 })).statusCode).toBe(200);
    const missing = await rate(me.token, { plugin_key: 'no-such-plugin', rating: 3 });
    expect(missing.statusCode).toBe(404);
    expect(body<{ error: string }>(missing).error).toBe('PLUGIN_NOT_FOUND');
  });

  it('refuses hostile input in the envelope and strips hidden characters from the texts', async () => {
    const key = keys[2]!;
    const me = await user(key);
    const cases: Record<string, unknown>[] = [
      { plugin_key: key, rating: 0 },
      { plugin_key: key, rating: 6 },
      { plugin_key: key, rating: '5' },
      { plugin_key: key, rating: 4.5 },
      { plugin_key: key, rating: null },
      { plugin_key: key, rating: 3, title: 'x'.repeat(101) },
      { plugin_key: key, rating: 3, body: 'y'.repeat(5001) },
      { plugin_key: key, rating: 3, title: 'a\u0000b' },
      { plugin_key: key, rating: 3, body: 'nul \u0000 here' },
      { plugin_key: key, rating: 3, title: ['array'] },
      { plugin_key: key, rating: 3, extra: 1 },
      { plugin_key: `${key}\u0000`, rating: 3 },
    ];
    for (const payload of cases) {
      const res = await rate(me.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body<{ error: string; data: null }>(res)).toMatchObject({
        error: 'INVALID_PARAMETER',
        data: null,
      });
    }
    for (const payload of [
      { review_id: 2 ** 40, helpful: true },
      { review_id: -1, helpful: true },
      { review_id: 1, helpful: 'yes' },
    ]) {
      const res = await call('POST', '/api/cmt/plugin/rating/helpful', me.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const clean = await rate(me.token, {
      plugin_key: key,
      rating: 3,
      title: 'Fine\u202e tool',
      body: 'ok\u200b\n👩‍💻 works',
    });
    expect(body<{ data: SaveRatingResult }>(clean).data.review).toMatchObject({
      title: 'Fine tool',
      body: 'ok\n👩‍💻 works',
    });
  });
});

describe('counters under concurrent writes', () => {
  it('keeps count, sum, distribution and helpful counts equal to their rows', async () => {
    const key = keys[3]!;
    const people = await Promise.all(Array.from({ length: 16 }, () => user(key)));
    // Every person rates at once, several times each.
    await Promise.all(
      people.flatMap((p, i) => [
        rate(p.token, { plugin_key: key, rating: (i % 5) + 1 }),
        rate(p.token, { plugin_key: key, rating: ((i + 2) % 5) + 1, title: 'again' }),
      ]),
    );
    let c = await counters(key);
    expect(c.stored).toEqual(c.rows);
    expect(c.rows.count).toBe(16);

    const page = await list(key, '&page_size=100');
    const ids = page.review_list.map((r) => r.id);
    // Votes on and off, deletions and re-ratings all at once.
    await Promise.all([
      ...people.flatMap((p, i) => [
        call('POST', '/api/cmt/plugin/rating/helpful', p.token, {
          review_id: ids[(i + 1) % ids.length]!,
          helpful: true,
        }),
        call('POST', '/api/cmt/plugin/rating/helpful', p.token, {
          review_id: ids[(i + 2) % ids.length]!,
          helpful: true,
        }),
        call('POST', '/api/cmt/plugin/rating/helpful', p.token, {
          review_id: ids[(i + 1) % ids.length]!,
          helpful: false,
        }),
      ]),
      ...people
        .slice(0, 5)
        .map((p) => call('DELETE', '/api/cmt/plugin/rating', p.token, { plugin_key: key })),
      ...people.slice(5, 9).map((p) => rate(p.token, { plugin_key: key, rating: 5 })),
    ]);
    c = await counters(key);
    expect(c.stored).toEqual(c.rows);
    expect(c.rows.count).toBe(11);
    const summary = (await list(key)).summary;
    expect(summary.rating_count).toBe(c.rows.count);
    expect(summary.distribution).toEqual(c.rows.distribution);
  });
});

describe('sorts, cursors, helpful votes, replies and reports', () => {
  let key: string;
  let owner: { token: string; id: number };
  let authors: { token: string; id: number }[];
  let reviews: PluginReview[];

  beforeAll(async () => {
    key = keys[4]!;
    owner = await user();
    await t.app.db.kysely
      .updateTable('plugin')
      .set({ owner_id: owner.id })
      .where('plugin_key', '=', key)
      .execute();
    authors = [];
    for (const stars of [3, 5, 1, 4]) {
      const a = await user(key);
      expect(
        (await rate(a.token, { plugin_key: key, rating: stars, body: `${stars} stars` })).statusCode,
      ).toBe(200);
      authors.push(a);
    }
    reviews = (await list(key)).review_list;
  });

  it('sorts newest, highest, lowest and most helpful, and pages with a cursor', async () => {
    expect(reviews.map((r) => r.rating)).toEqual([4, 1, 5, 3]);
    expect((await list(key, '&sort=highest')).review_list.map((r) => r.rating)).toEqual([5, 4, 3, 1]);
    expect((await list(key, '&sort=lowest')).review_list.map((r) => r.rating)).toEqual([1, 3, 4, 5]);
    const voter = await user();
    const three = reviews.find((r) => r.rating === 3)!;
    const vote = await call('POST', '/api/cmt/plugin/rating/helpful', voter.token, {
      review_id: three.id,
      helpful: true,
    });
    expect(body<{ data: RatingHelpfulResult }>(vote).data).toEqual({
      review_id: three.id,
      is_helpful: true,
      helpful_count: 1,
    });
    const helpful = await list(key, '&sort=helpful', voter.token);
    expect(helpful.review_list[0]).toMatchObject({ id: three.id, helpful_count: 1, is_helpful: true });

    const first = await list(key, '&sort=highest&page_size=3');
    expect(first.review_list.map((r) => r.rating)).toEqual([5, 4, 3]);
    const second = await list(
      key,
      `&sort=highest&page_size=3&cursor=${encodeURIComponent(first.next_cursor!)}`,
    );
    expect(second.review_list.map((r) => r.rating)).toEqual([1]);
    expect(second.next_cursor).toBeNull();
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/cmt/plugin/rating/list?plugin_key=${encodeURIComponent(key)}&sort=lowest&cursor=${encodeURIComponent(first.next_cursor!)}`,
    });
    expect(body<{ error: string }>(wrong).error).toBe('INVALID_CURSOR');
  });

  it("refuses a helpful vote or a report on one's own review", async () => {
    const mine = (await list(key, '', authors[0]!.token)).my_review!;
    const vote = await call('POST', '/api/cmt/plugin/rating/helpful', authors[0]!.token, {
      review_id: mine.id,
      helpful: true,
    });
    expect(vote.statusCode).toBe(403);
    const report = await call('POST', '/api/cmt/plugin/rating/report', authors[0]!.token, {
      review_id: mine.id,
      reason: 'mine',
    });
    expect(report.statusCode).toBe(403);
    const unknown = await call('POST', '/api/cmt/plugin/rating/helpful', authors[1]!.token, {
      review_id: 2_000_000_000,
      helpful: true,
    });
    expect(body<{ error: string }>(unknown).error).toBe('RATING_NOT_FOUND');
  });

  it("lets only the plugin's owner reply, once per review, edit and delete it", async () => {
    const target = reviews[0]!;
    const stranger = await call('PUT', '/api/cmt/plugin/rating/reply', authors[1]!.token, {
      review_id: target.id,
      body: 'not mine',
    });
    expect(stranger.statusCode).toBe(403);
    const asAdmin = await call('PUT', '/api/cmt/plugin/rating/reply', admin, {
      review_id: target.id,
      body: 'admin',
    });
    expect(asAdmin.statusCode).toBe(403);
    expect((await list(key, '', owner.token)).can_reply).toBe(true);

    const reply = await call('PUT', '/api/cmt/plugin/rating/reply', owner.token, {
      review_id: target.id,
      body: 'Thanks!',
    });
    expect(reply.statusCode).toBe(200);
    const first = body<{ data: PluginReview }>(reply).data.reply!;
    expect(first.body).toBe('Thanks!');
    const edited = body<{ data: PluginReview }>(
      await call('PUT', '/api/cmt/plugin/rating/reply', owner.token, {
        review_id: target.id,
        body: 'Fixed in 2.0',
      }),
    ).data.reply!;
    expect(edited).toMatchObject({ body: 'Fixed in 2.0', create_time: first.create_time });
    expect((await list(key)).review_list.find((r) => r.id === target.id)?.reply?.body).toBe('Fixed in 2.0');
    const empty = await call('PUT', '/api/cmt/plugin/rating/reply', owner.token, {
      review_id: target.id,
      body: '\u200b',
    });
    expect(empty.statusCode).toBe(400);
    const removed = await call('DELETE', '/api/cmt/plugin/rating/reply', owner.token, {
      review_id: target.id,
    });
    expect(body<{ data: PluginReview }>(removed).data.reply).toBeNull();
  });

  it('sends reported reviews to the moderation queue: hide with a reason, restore, dismiss, audit-logged', async () => {
    const target = reviews.find((r) => r.rating === 1)!;
    const reporters = [await user(), await user()];
    for (const r of reporters) {
      for (let i = 0; i < 2; i++) {
        const res = await call('POST', '/api/cmt/plugin/rating/report', r.token, {
          review_id: target.id,
          reason: 'spam link',
        });
        expect(res.statusCode).toBe(200);
      }
    }
    const queue = async (status = 'open') =>
      body<{ data: RatingReportPage }>(
        await t.app.inject({
          method: 'GET',
          url: `/api/cmt/manager/rating/report/list?status=${status}`,
          headers: bearer(admin),
        }),
      ).data;
    const open = await queue();
    const entry = open.entry_list.find((e) => e.review.id === target.id)!;
    expect(entry.report_list).toHaveLength(2);
    expect(entry.is_hidden).toBe(false);

    const noReason = await call('POST', '/api/cmt/manager/rating/moderate', admin, {
      review_id: target.id,
      action: 'hide',
    });
    expect(noReason.statusCode).toBe(400);
    expect(body<{ field: string }>(noReason).field).toBe('reason');
    const before = (await list(key)).summary.rating_count;
    const hidden = await call('POST', '/api/cmt/manager/rating/moderate', admin, {
      review_id: target.id,
      action: 'hide',
      reason: 'advertising',
    });
    expect(body<{ data: ReportedRating }>(hidden).data).toMatchObject({ is_hidden: true, report_list: [] });
    const after = await list(key);
    expect(after.summary.rating_count).toBe(before - 1);
    expect(after.review_list.some((r) => r.id === target.id)).toBe(false);
    const authorView = await list(key, '', authors[2]!.token);
    expect(authorView.my_review).toMatchObject({ id: target.id, hidden_reason: 'advertising' });
    expect((await queue()).entry_list.some((e) => e.review.id === target.id)).toBe(false);
    expect((await queue('hidden')).entry_list[0]?.review.id).toBe(target.id);
    // Hidden reviews take no votes, reports or replies.
    const vote = await call('POST', '/api/cmt/plugin/rating/helpful', reporters[0]!.token, {
      review_id: target.id,
      helpful: true,
    });
    expect(vote.statusCode).toBe(404);
    let c = await counters(key);
    expect(c.stored).toEqual(c.rows);

    await call('POST', '/api/cmt/manager/rating/moderate', admin, {
      review_id: target.id,
      action: 'restore',
    });
    expect((await list(key)).summary.rating_count).toBe(before);
    c = await counters(key);
    expect(c.stored).toEqual(c.rows);

    const other = reviews.find((r) => r.rating === 5)!;
    await call('POST', '/api/cmt/plugin/rating/report', reporters[0]!.token, {
      review_id: other.id,
      reason: 'rude',
    });
    const dismissed = await call('POST', '/api/cmt/manager/rating/moderate', admin, {
      review_id: other.id,
      action: 'dismiss',
    });
    expect(body<{ data: ReportedRating }>(dismissed).data).toMatchObject({
      is_hidden: false,
      report_list: [],
    });
    expect((await queue()).entry_list.some((e) => e.review.id === other.id)).toBe(false);

    const log = body<{ data: AuditLogPage }>(
      await t.app.inject({
        method: 'GET',
        url: `/api/cmt/manager/audit-log?plugin_key=${encodeURIComponent(key)}`,
        headers: bearer(admin),
      }),
    ).data;
    expect(log.entry_list.slice(0, 3).map((e) => [e.action, e.reason])).toEqual([
      ['rating_dismiss', `rating #${other.id}`],
      ['rating_restore', `rating #${target.id}`],
      ['rating_hide', `rating #${target.id}: advertising`],
    ]);
  });
});

describe('rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After beyond the writes per minute of one account', async () => {
    const key = keys[5]!;
    const author = await user(key);
    const review = body<{ data: SaveRatingResult }>(await rate(author.token, { plugin_key: key, rating: 4 }))
      .data.review!;
    const voter = await user();
    const statuses: number[] = [];
    for (let i = 0; i <= RATING_WRITES_PER_MINUTE; i++) {
      const res = await call('POST', '/api/cmt/plugin/rating/helpful', voter.token, {
        review_id: review.id,
        helpful: i % 2 === 0,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toBeDefined();
        expect(body<{ error: string }>(res).error).toBe('RATE_LIMITED');
      }
    }
    expect(statuses.slice(0, RATING_WRITES_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Reads are not limited.
    expect((await list(key, '', voter.token)).summary.rating_count).toBe(1);
  });
});
