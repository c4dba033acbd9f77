/**
 * The activity info (`GET activity/activity/info?activity_id=`): activities configured in
 * `ACTIVITIES` (checked at start), `view_num` counted in the database per call (atomically, also
 * under concurrent calls), `participate_num` the approved plugins carrying the activity's tag, and
 * 404 ACTIVITY_NOT_FOUND or 400 for anything else, on both dialects.
 */
import type { ActivityInfo, ErrorEnvelope, TagListResult } from '@plugin-center/contract';
import { Role } from '@plugin-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityConfig } from '../config/curation';
import { loadConfig } from '../config/loadConfig';
import { ConfigError } from '../config/values';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { multipart, publishFields } from '../testing/testFiles';

describe('ACTIVITIES', () => {
  it('is empty when unset, and read as a JSON array with links checked and tags normalised', () => {
    expect(loadConfig({}).activities).toEqual([]);
    const value = [
      {
        id: 'spring-2026',
        cover: 'https://cdn.example.com/c.png',
        tutorial_url: '/help/activity',
        tag: ' Design_System ',
      },
      { id: 'no_tag', cover: '/c.png', tutorial_url: 'HTTP://Example.com/T' },
    ];
    expect(loadConfig({ ACTIVITIES: JSON.stringify(value) }).activities).toEqual([
      {
        id: 'spring-2026',
        cover: 'https://cdn.example.com/c.png',
        tutorial_url: '/help/activity',
        tag: 'design-system',
      },
      { id: 'no_tag', cover: '/c.png', tutorial_url: 'http://example.com/T' },
    ]);
  });

  it('refuses values of the wrong shape at start with a message naming the variable and the entry', () => {
    const ok = { id: 'a', cover: '/c.png', tutorial_url: '/t' };
    const cases: [unknown, RegExp][] = [
      ['{', /is not valid JSON/],
      [{ ...ok }, /expected a JSON array/],
      [['a'], /entry 0: expected an object/],
      [[{ ...ok, id: '' }], /entry 0: id must match/],
      [[{ ...ok, id: 'a b' }], /entry 0: id must match/],
      [[{ ...ok, id: 'x'.repeat(65) }], /entry 0: id must match/],
      [[{ ...ok, id: 7 }], /entry 0: id must match/],
      [[ok, { ...ok }], /entry 1: id "a" is used twice/],
      [[{ ...ok, cover: 'javascript:alert(1)' }], /entry 0: cover must be/],
      [[{ ...ok, tutorial_url: 'data:text/html,x' }], /entry 0: tutorial_url must be/],
      [[{ ...ok, tutorial_url: undefined }], /entry 0: tutorial_url must be/],
      [[{ ...ok, tag: '' }], /entry 0: tag must be/],
      [[{ ...ok, tag: 5 }], /entry 0: tag must be/],
      [[{ ...ok, tag: 't'.repeat(31) }], /entry 0: tag must be/],
      [[{ ...ok, title: 'x' }], /entry 0: unknown field "title"/],
      [Array.from({ length: 201 }, (_, i) => ({ ...ok, id: `a${i}` })), /at most 200 entries/],
    ];
    for (const [value, message] of cases) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      let error: unknown;
      try {
        loadConfig({ ACTIVITIES: text });
      } catch (e) {
        error = e;
      }
      expect(error, text.slice(0, 80)).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe('ACTIVITIES');
      expect((error as Error).message, text.slice(0, 80)).toMatch(message);
    }
  });
});

describe(`GET activity/activity/info (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let tag = '';
  let count = 0;
  const activities: ActivityConfig[] = [];

  beforeAll(async () => {
    // The shipped catalogue's tags: the activity follows the first tag that has approved plugins.
    const probe = await createTestApp();
    try {
      const tags = body<{ data: TagListResult }>(
        await probe.app.inject({ method: 'GET', url: '/api/cmt/plugin/tag/list' }),
      ).data.tag_list.filter((x) => x.plugin_count > 0);
      tag = tags[0]!.code;
      count = tags[0]!.plugin_count;
    } finally {
      await probe.close();
    }
    activities.push(
      { id: 'tagged', cover: 'https://cdn.example.com/cover.png', tutorial_url: '/help/tagged', tag },
      { id: 'untagged', cover: '/cover.png', tutorial_url: 'https://example.com/tutorial' },
      { id: 'empty-tag', cover: '/c.png', tutorial_url: '/t', tag: 'no-plugin-has-this-tag' },
    );
    t = await createTestApp({ activities });
  }, 120_000);
  afterAll(async () => t?.close());

  const info = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/cmt/activity/activity/info${query}` });

  it('answers the configured cover and tutorial, counts every call, and the tagged approved plugins', async () => {
    const first = await info('?activity_id=tagged');
    expect(first.statusCode).toBe(200);
    expect(body<{ code: number; data: ActivityInfo }>(first)).toEqual({
      code: 0,
      data: {
        view_num: 1,
        participate_num: count,
        cover: 'https://cdn.example.com/cover.png',
        tutorial_url: '/help/tagged',
      },
    });
    expect(body<{ data: ActivityInfo }>(await info('?activity_id=tagged')).data.view_num).toBe(2);
    expect(body<{ data: ActivityInfo }>(await info('?activity_id=untagged')).data).toEqual({
      view_num: 1,
      participate_num: 0,
      cover: '/cover.png',
      tutorial_url: 'https://example.com/tutorial',
    });
    expect(body<{ data: ActivityInfo }>(await info('?activity_id=empty-tag')).data.participate_num).toBe(0);
  });

  it('counts concurrent views without losing one', async () => {
    const before = body<{ data: ActivityInfo }>(await info('?activity_id=untagged')).data.view_num;
    const answers = await Promise.all(Array.from({ length: 20 }, () => info('?activity_id=untagged')));
    const seen = answers.map((a) => body<{ data: ActivityInfo }>(a).data.view_num).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
    expect(body<{ data: ActivityInfo }>(await info('?activity_id=untagged')).data.view_num).toBe(before + 21);
  });

  it('counts a newly approved plugin with the tag as a participant, and not before approval', async () => {
    const before = body<{ data: ActivityInfo }>(await info('?activity_id=tagged')).data.participate_num;
    const user = (await signInTestUser(t.app)).access_token;
    const admin = (await signInTestUser(t.app, { role: Role.GENERAL_ADMIN })).access_token;
    const { payload, headers } = await multipart(
      publishFields({ name: `Activity Entry ${TEST_DIALECT}`, tags: [tag] }),
    );
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin',
      payload,
      headers: { ...headers, authorization: `Bearer ${user}` },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(body<{ data: ActivityInfo }>(await info('?activity_id=tagged')).data.participate_num).toBe(before);
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/audit/status',
      payload: { plugin_key: body<{ data: { plugin_key: string } }>(published).data.plugin_key, status: 2 },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(body<{ data: ActivityInfo }>(await info('?activity_id=tagged')).data.participate_num).toBe(
      before + 1,
    );
  });

  it('answers 404 ACTIVITY_NOT_FOUND for an unknown id, writing no counter', async () => {
    for (const id of ['unknown', 'TAGGED', 'tagged ', '../tagged', "tagged' OR 1=1 --", '%00']) {
      const response = await info(`?activity_id=${encodeURIComponent(id)}`);
      expect(response.statusCode, id).toBe(404);
      expect(body<ErrorEnvelope>(response)).toMatchObject({ error: 'ACTIVITY_NOT_FOUND', data: null });
    }
    const rows = await t.app.db.kysely.selectFrom('activity_view').select('activity_id').execute();
    expect(rows.map((r) => r.activity_id).sort()).toEqual(['empty-tag', 'tagged', 'untagged']);
  });

  it('answers 400 INVALID_PARAMETER for a missing, empty, over-long, repeated or NUL id', async () => {
    for (const query of [
      '',
      '?activity_id=',
      `?activity_id=${'a'.repeat(65)}`,
      `?activity_id=${'a'.repeat(100_000)}`,
      '?activity_id=tagged&activity_id=untagged',
      '?activity_id=tagged&extra=1',
      '?activity_id=a%00b',
    ]) {
      const response = await info(query);
      expect(response.statusCode, query.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, query.slice(0, 60)).toBeLessThan(500);
      const error = body<ErrorEnvelope>(response);
      expect(error.data).toBeNull();
      expect(error.error).not.toBe('ACTIVITY_NOT_FOUND');
    }
  });
});
