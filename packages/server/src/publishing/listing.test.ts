/**
 * A publisher's hold on the listing of their plugin: unlist (out of the square's list, tag counts,
 * search, suggestions and recommendations; the detail by key, installs and the editor's list still
 * answer it), relist, deprecate with a message and a replacement, undeprecate, and delete their own
 * plugin with its files; the licence, homepage and repository of the form going live with approval.
 * Only the owner or an administrator; audit-logged. Both dialects.
 */
import type {
  AuditLogPage,
  EditorPluginsResult,
  ErrorEnvelope,
  ListingState,
  PluginDetail,
  PluginListResult,
  RecommendationResult,
  Submission,
  SubmissionPage,
  SuggestResult,
  TagListResult,
} from '@plugin-center/contract';
import { Role } from '@plugin-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { multipart, publishFields } from '../testing/testFiles';

let t: TestApp;
let admin = '';
let owner = '';
let other = '';
/** Two approved catalogue plugins given to `owner`: `key` (with tags) and `spare`. */
let key = '';
let spare = '';
let name = '';
let tagIds: number[] = [];

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
const data = <T>(response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: T }>(response).data;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInTestUser(t.app, { role: Role.GENERAL_ADMIN })).access_token;
  const ownerEmail = `listing-${Date.now()}@example.com`;
  owner = (await signInTestUser(t.app, { email: ownerEmail })).access_token;
  other = (await signInTestUser(t.app)).access_token;
  const rows = await t.app.db.kysely
    .selectFrom('plugin as p')
    .innerJoin('plugin_tag as k', 'k.plugin_id', 'p.id')
    .select(['p.id', 'p.plugin_key', 'p.name'])
    .where('p.owner_id', 'is', null)
    .where('p.review_status', '=', 2)
    .groupBy(['p.id', 'p.plugin_key', 'p.name'])
    .orderBy('p.id')
    .limit(2)
    .execute();
  [key, spare] = rows.map((r) => r.plugin_key) as [string, string];
  name = rows[0]!.name;
  tagIds = (
    await t.app.db.kysely
      .selectFrom('plugin_tag')
      .select('tag_id')
      .where('plugin_id', '=', rows[0]!.id)
      .execute()
  ).map((r) => r.tag_id);
  for (const k of [key, spare])
    data(await call('POST', '/api/cmt/manager/plugin/owner', admin, { plugin_key: k, email: ownerEmail }));
}, 60_000);
afterAll(async () => t?.close());

/** What the square shows now: the list's total, `key` in a search for its name, suggestions, tag counts. */
async function square() {
  const list = data<PluginListResult>(await call('GET', '/api/cmt/plugin/list?page_size=100', null));
  const search = data<PluginListResult>(
    await call('GET', `/api/cmt/plugin/list?keyword=${encodeURIComponent(name)}`, null),
  );
  const suggest = data<SuggestResult>(
    await call('GET', `/api/cmt/plugin/suggest?q=${encodeURIComponent(name.slice(0, 40))}`, null),
  );
  const tags = data<TagListResult>(await call('GET', '/api/cmt/plugin/tag/list', null)).tag_list;
  const byTag = await Promise.all(
    tagIds.map(async (id) =>
      data<PluginListResult>(await call('GET', `/api/cmt/plugin/list?tag_id=${id}&page_size=100`, null)),
    ),
  );
  const recommended = data<RecommendationResult>(
    await call('GET', '/api/cmt/plugin/recommendation/list?count=24', null),
  );
  return {
    total: list.total,
    inList: list.plugin_list.some((p) => p.plugin_key === key),
    inSearch: search.plugin_list.some((p) => p.plugin_key === key),
    inSuggest: suggest.suggestion_list.some((s) => s.plugin_key === key),
    inTags: byTag.map((page) => page.plugin_list.some((p) => p.plugin_key === key)),
    tagCounts: tagIds.map((id) => tags.find((tag) => tag.id === id)?.plugin_count ?? 0),
    tagTotals: byTag.map((page) => page.total),
    inRecommendations: recommended.plugin_list.some((p) => p.plugin_key === key),
  };
}

const detail = async (k: string, token: string | null = null) =>
  data<PluginDetail>(await call('GET', `/api/cmt/plugin?plugin_key=${k}`, token));
const auditActions = async (k: string) =>
  data<AuditLogPage>(await call('GET', `/api/cmt/manager/audit-log?plugin_key=${k}`, admin)).entry_list.map(
    (e) => e.action,
  );

describe(`a plugin's listing state (${TEST_DIALECT})`, () => {
  it('only its owner or an administrator changes it; 401 signed out, 404 for an unknown key', async () => {
    for (const route of ['unlist', 'relist', 'undeprecate']) {
      const url = `/api/cmt/plugin/${route}`;
      expect((await call('POST', url, null, { plugin_key: key })).statusCode).toBe(401);
      const forbidden = await call('POST', url, other, { plugin_key: key });
      expect(forbidden.statusCode).toBe(403);
      expect(body<ErrorEnvelope>(forbidden).message).toBe('Current account has no permission');
      expect((await call('POST', url, owner, { plugin_key: 'no-such-plugin' })).statusCode).toBe(404);
    }
    const deprecate = { plugin_key: key, message: 'Use another one' };
    expect((await call('POST', '/api/cmt/plugin/deprecate', other, deprecate)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/cmt/plugin', other, { plugin_key: key })).statusCode).toBe(403);
    expect((await detail(key)).deprecation).toBeNull();
    expect(await auditActions(key)).not.toContain('unlist');
  });

  it('unlisted: gone from the list, counts, search, suggestions and recommendations; detail and editor keep it', async () => {
    expect(data(await call('POST', '/api/cmt/plugin/user', owner, { plugin_key: key }))).toBeTruthy();
    const before = await square();
    expect(before).toMatchObject({ inSearch: true, inSuggest: true });
    expect(before.inTags).toEqual(tagIds.map(() => true));

    const state = data<ListingState>(
      await call('POST', '/api/cmt/plugin/unlist', owner, { plugin_key: key }),
    );
    expect(state).toMatchObject({
      plugin_key: key,
      unlisted: true,
      unlisted_time: expect.any(Number),
      deprecation: null,
    });
    const after = await square();
    expect(after).toMatchObject({
      total: before.total - 1,
      inList: false,
      inSearch: false,
      inSuggest: false,
      inRecommendations: false,
    });
    expect(after.inTags).toEqual(tagIds.map(() => false));
    expect(after.tagCounts).toEqual(before.tagCounts.map((n) => n - 1));
    expect(after.tagTotals).toEqual(before.tagTotals.map((n) => n - 1));

    expect((await detail(key)).unlisted).toBe(true);
    expect((await detail(key, owner)).is_owner).toBe(true);
    expect((await detail(key, other)).is_owner).toBe(false);
    expect((await detail(key)).is_owner).toBe(false);
    const editor = data<EditorPluginsResult>(await call('GET', '/api/cmt/plugin/user/editor', owner));
    expect(editor.plugin_list.map((p) => p.plugin_key)).toContain(key);
    // Still installable by key.
    expect((await call('POST', '/api/cmt/plugin/user', other, { plugin_key: key })).statusCode).toBe(200);
    const mine = data<SubmissionPage>(await call('GET', '/api/cmt/plugin/audit', owner));
    expect(mine.submission_list.find((s) => s.plugin_key === key)!.listing.unlisted).toBe(true);

    // Unlisting again changes nothing, and logs nothing more.
    data(await call('POST', '/api/cmt/plugin/unlist', owner, { plugin_key: key }));
    expect((await square()).total).toBe(after.total);
    expect((await auditActions(key)).filter((a) => a === 'unlist')).toHaveLength(1);

    const relisted = data<ListingState>(
      await call('POST', '/api/cmt/plugin/relist', owner, { plugin_key: key }),
    );
    expect(relisted).toMatchObject({ unlisted: false, unlisted_time: null });
    const back = await square();
    expect(back).toMatchObject({ total: before.total, inSearch: true, inSuggest: true });
    expect(back.tagCounts).toEqual(before.tagCounts);
    expect(back.inTags).toEqual(tagIds.map(() => true));
    expect((await detail(key)).unlisted).toBe(false);
    expect((await auditActions(key)).slice(0, 2)).toEqual(['relist', 'unlist']);
  });

  it('an administrator unlists and relists any plugin', async () => {
    expect(
      data<ListingState>(await call('POST', '/api/cmt/plugin/unlist', admin, { plugin_key: spare })).unlisted,
    ).toBe(true);
    expect(
      data<ListingState>(await call('POST', '/api/cmt/plugin/relist', admin, { plugin_key: spare })).unlisted,
    ).toBe(false);
  });

  it('deprecated: the message and the replacement on the detail and in the editor list', async () => {
    const state = data<ListingState>(
      await call('POST', '/api/cmt/plugin/deprecate', owner, {
        plugin_key: key,
        message: '  No longer maintained.\u202E\nUse the new one.  ',
        replacement_plugin_key: spare,
      }),
    );
    const spareName = (await detail(spare)).name;
    const expected = {
      message: 'No longer maintained.\nUse the new one.',
      time: expect.any(Number),
      replacement: { plugin_key: spare, name: spareName },
    };
    expect(state.deprecation).toEqual(expected);
    expect((await detail(key)).deprecation).toEqual(expected);
    const editor = data<EditorPluginsResult>(await call('GET', '/api/cmt/plugin/user/editor', owner));
    expect(editor.plugin_list.find((p) => p.plugin_key === key)!.deprecation).toEqual(expected);
    expect((await auditActions(key))[0]).toBe('deprecate');

    // Again, without a replacement: replaced.
    const plain = data<ListingState>(
      await call('POST', '/api/cmt/plugin/deprecate', owner, {
        plugin_key: key,
        message: 'Retired',
        replacement_plugin_key: null,
      }),
    );
    expect(plain.deprecation).toMatchObject({ message: 'Retired', replacement: null });

    const cleared = data<ListingState>(
      await call('POST', '/api/cmt/plugin/undeprecate', owner, { plugin_key: key }),
    );
    expect(cleared.deprecation).toBeNull();
    expect((await detail(key)).deprecation).toBeNull();
    expect((await auditActions(key))[0]).toBe('undeprecate');
  });

  it('refuses a hostile or wrong deprecation with a clear error', async () => {
    const refused = async (payload: object, field: string) => {
      const response = await call('POST', '/api/cmt/plugin/deprecate', owner, payload);
      expect(response.statusCode, response.body).toBe(400);
      const envelope = body<ErrorEnvelope>(response);
      expect(envelope.error).toBe('INVALID_PARAMETER');
      expect(`${envelope.field ?? ''} ${envelope.message}`).toContain(field);
    };
    await refused({ plugin_key: key, message: ' \u200B ' }, 'message');
    await refused({ plugin_key: key, message: '' }, 'message');
    await refused({ plugin_key: key, message: 'x'.repeat(1001) }, 'message');
    await refused({ plugin_key: key, message: 'a\u0000b' }, 'message');
    await refused({ plugin_key: key, message: 42 }, 'message');
    await refused(
      { plugin_key: key, message: 'Retired', replacement_plugin_key: key },
      'replacement_plugin_key',
    );
    await refused(
      { plugin_key: key, message: 'Retired', replacement_plugin_key: 'no-such-plugin' },
      'replacement_plugin_key',
    );
    await refused({ plugin_key: key, message: 'Retired', extra: 1 }, 'extra');
    expect((await detail(key)).deprecation).toBeNull();
  });

  it('the owner deletes their plugin with its files; counts follow and a replacement link goes', async () => {
    // A plugin of the owner's own, published with files and approved.
    const { payload, headers } = await multipart(
      publishFields({
        name: `Listing Test ${Date.now()}`,
        license: 'MIT',
        homepage: 'https://example.com/home',
        repository: 'https://github.com/example/listing-test',
      }),
    );
    const published = data<Submission>(
      await t.app.inject({
        method: 'POST',
        url: '/api/cmt/plugin',
        payload,
        headers: { ...headers, authorization: `Bearer ${owner}` },
      }),
    );
    expect(published).toMatchObject({
      license: 'MIT',
      homepage: 'https://example.com/home',
      repository: 'https://github.com/example/listing-test',
    });
    data(
      await call('POST', '/api/cmt/plugin/audit/status', admin, {
        plugin_key: published.plugin_key,
        status: 2,
      }),
    );
    const live = await detail(published.plugin_key);
    expect(live).toMatchObject({
      license: 'MIT',
      homepage: 'https://example.com/home',
      repository: 'https://github.com/example/listing-test',
    });
    data(
      await call('POST', '/api/cmt/plugin/deprecate', owner, {
        plugin_key: key,
        message: 'Use the new one',
        replacement_plugin_key: published.plugin_key,
      }),
    );
    const files = [published.icon!, published.cover_center!, ...published.images].map((url) =>
      url.slice(url.lastIndexOf('/') + 1),
    );
    for (const file of files) expect(await t.app.publishing.storage.get(file)).toBeDefined();
    const before = await call('GET', '/api/cmt/plugin/list?page_size=1', null);

    const removed = await call('DELETE', '/api/cmt/plugin', owner, { plugin_key: published.plugin_key });
    expect(data(removed)).toEqual({ plugin_key: published.plugin_key });
    expect((await call('GET', `/api/cmt/plugin?plugin_key=${published.plugin_key}`, null)).statusCode).toBe(
      404,
    );
    expect(data<PluginListResult>(await call('GET', '/api/cmt/plugin/list?page_size=1', null)).total).toBe(
      body<{ data: PluginListResult }>(before).data.total - 1,
    );
    for (const file of files) expect(await t.app.publishing.storage.get(file)).toBeUndefined();
    expect((await auditActions(published.plugin_key))[0]).toBe('delete');
    expect((await detail(key)).deprecation).toMatchObject({ message: 'Use the new one', replacement: null });
    const tagTotal = await t.app.db.kysely
      .selectFrom('tag')
      .select((eb) => eb.fn.sum<number>('plugin_count').as('n'))
      .executeTakeFirstOrThrow();
    const links = await t.app.db.kysely
      .selectFrom('plugin_tag as k')
      .innerJoin('plugin as p', 'p.id', 'k.plugin_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('p.review_status', '=', 2)
      .where('p.unlisted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(tagTotal.n)).toBe(Number(links.n));
  });
});
